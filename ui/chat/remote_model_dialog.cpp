#include "ui/chat/remote_model_dialog.hpp"

#include "domain/remote/remote_endpoint.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace strata::ui {

RemoteModelDialog::RemoteModelDialog(const QString& keyStorageNote, QWidget* parent)
    : QDialog(parent), m_address(new QLineEdit(this)), m_key(new QLineEdit(this)), m_model(new QComboBox(this)),
      m_list(new QPushButton(tr("&List models"), this)), m_listStatus(new QLabel(this)), m_error(new QLabel(this))
{
    setObjectName(QStringLiteral("remoteModelDialog"));
    setWindowTitle(tr("Remote server"));
    m_address->setObjectName(QStringLiteral("remoteAddress"));
    m_address->setPlaceholderText(QStringLiteral("http://127.0.0.1:8080"));
    m_key->setObjectName(QStringLiteral("remoteKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("none, or the one kept for this server"));
    m_model->setObjectName(QStringLiteral("remoteModel"));
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_model->lineEdit()->setPlaceholderText(tr("the name the server lists under /v1/models"));
    m_model->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_list->setObjectName(QStringLiteral("remoteListModels"));
    m_listStatus->setObjectName(QStringLiteral("remoteListStatus"));
    m_listStatus->setWordWrap(true);
    m_listStatus->hide();
    connect(m_list, &QPushButton::clicked, this, &RemoteModelDialog::askForModels);
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
    auto* modelRow = new QHBoxLayout;
    modelRow->addWidget(m_model, 1);
    modelRow->addWidget(m_list);
    form->addRow(tr("&Model:"), modelRow);
    form->addRow(QString(), m_listStatus);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &RemoteModelDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &RemoteModelDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
}

void RemoteModelDialog::setEndpoint(const QString& baseUrl, const QString& model)
{
    setWindowTitle(tr("Edit remote server"));
    m_address->setText(baseUrl);
    m_model->setEditText(model);
}

QLineEdit* RemoteModelDialog::modelEdit() const
{
    return m_model->lineEdit();
}

QString RemoteModelDialog::listStatus() const
{
    return m_listStatus->isHidden() ? QString() : m_listStatus->text();
}

void RemoteModelDialog::askForModels()
{
    QString why;
    const std::optional<QString> base = domain::remoteBaseUrl(m_address->text(), &why);
    m_listStatus->setText(base ? tr("Asking %1 for its models...").arg(*base) : why);
    m_listStatus->show();
    if (base)
        emit modelsWanted(*base, m_key->text().trimmed());
}

void RemoteModelDialog::showModels(const QString& baseUrl, const QStringList& models, const QString& error)
{
    if (domain::remoteBaseUrl(m_address->text()) != baseUrl)
        return;
    m_listStatus->show();
    if (!error.isEmpty()) {
        m_listStatus->setText(error);
        return;
    }
    const QString typed = m_model->currentText();
    m_model->clear();
    m_model->addItems(models);
    m_model->setEditText(typed.isEmpty() ? models.constFirst() : typed);
    m_listStatus->setText(tr("The server lists %n model(s): choose one in the list.", nullptr, int(models.size())));
}

QString RemoteModelDialog::errorText() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void RemoteModelDialog::accept()
{
    QString why;
    const std::optional<domain::RemoteEndpoint> endpoint =
        domain::remoteEndpointFrom(m_address->text(), m_model->currentText(), &why);
    if (!endpoint) {
        m_error->setText(why);
        m_error->show();
        return;
    }
    emit remoteModelChosen(domain::remoteModelPath(*endpoint), m_key->text().trimmed());
    QDialog::accept();
}

}  // namespace strata::ui
