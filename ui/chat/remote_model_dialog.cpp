#include "ui/chat/remote_model_dialog.hpp"

#include "domain/remote/remote_endpoint.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace strata::ui {

RemoteModelDialog::RemoteModelDialog(const QString& keyStorageNote, QWidget* parent)
    : QDialog(parent), m_address(new QLineEdit(this)), m_key(new QLineEdit(this)), m_model(new QLineEdit(this)),
      m_error(new QLabel(this))
{
    setObjectName(QStringLiteral("remoteModelDialog"));
    setWindowTitle(tr("Remote server"));
    m_address->setObjectName(QStringLiteral("remoteAddress"));
    m_address->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080"));
    m_key->setObjectName(QStringLiteral("remoteKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("none"));
    m_model->setObjectName(QStringLiteral("remoteModel"));
    m_model->setPlaceholderText(tr("the name the server lists under /v1/models"));
    m_error->setObjectName(QStringLiteral("remoteError"));
    m_error->setWordWrap(true);
    m_error->hide();

    auto* intro = new QLabel(tr("Chat with a model on a server that speaks the OpenAI API: vLLM, llama.cpp's "
                                "llama-server, Ollama, LM Studio or another Strata."),
                             this);
    intro->setWordWrap(true);
    auto* keyNote = new QLabel(keyStorageNote, this);
    keyNote->setObjectName(QStringLiteral("remoteKeyNote"));
    keyNote->setWordWrap(true);
    keyNote->setForegroundRole(QPalette::PlaceholderText);

    auto* form = new QFormLayout;
    form->addRow(tr("Server &address:"), m_address);
    form->addRow(tr("API &key:"), m_key);
    form->addRow(QString(), keyNote);
    form->addRow(tr("&Model:"), m_model);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &RemoteModelDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RemoteModelDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
}

QString RemoteModelDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void RemoteModelDialog::accept()
{
    QString why;
    const std::optional<domain::RemoteEndpoint> endpoint =
        domain::remoteEndpointFrom(m_address->text(), m_model->text(), &why);
    if (!endpoint) {
        m_error->setText(why);
        m_error->show();
        return;
    }
    emit remoteModelChosen(domain::remoteModelPath(*endpoint), m_key->text().trimmed());
    QDialog::accept();
}

}  // namespace strata::ui
