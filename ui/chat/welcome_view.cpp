#include "ui/chat/welcome_view.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace strata::ui {

WelcomeView::WelcomeView(QWidget* parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("welcomeView"));
    setFrameShape(QFrame::StyledPanel);

    auto* text =
        new QLabel(tr("<h2>Welcome to Strata</h2>"
                      "<p>Strata runs language models on this computer. Nothing you write leaves it.</p>"
                      "<p>To start, you need a model file in the <b>GGUF</b> format. Download one in the model "
                      "manager, or open a GGUF file you already have. Small models (1 to 4 billion parameters, "
                      "quantized to Q4_K or Q8_0) run well on most computers.</p>"),
                   this);
    text->setObjectName(QStringLiteral("welcomeText"));
    text->setWordWrap(true);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    auto* getModel = new QPushButton(tr("&Get a model..."), this);
    getModel->setObjectName(QStringLiteral("getModelButton"));
    getModel->setDefault(true);
    connect(getModel, &QPushButton::clicked, this, &WelcomeView::modelManagerRequested);
    auto* openModel = new QPushButton(tr("Open &GGUF file..."), this);
    openModel->setObjectName(QStringLiteral("welcomeOpenModelButton"));
    connect(openModel, &QPushButton::clicked, this, &WelcomeView::openModelRequested);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(getModel);
    buttons->addWidget(openModel);
    buttons->addStretch();

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addLayout(buttons);
}

}  // namespace strata::ui
