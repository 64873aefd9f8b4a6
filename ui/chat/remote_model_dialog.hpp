// "Remote server...": a remote OpenAI-compatible server as the chat's model (vLLM, llama-server,
// Ollama, LM Studio, another Strata): its address, an API key if it needs one, the model's name.
// Says where the key will be kept (the keychain, or only this session). "List models" asks for the
// names the server lists (modelsWanted; the app answers with showModels) and offers them in the
// model field, which still takes any name. Accepting it with an address that is not one shows why
// under the fields and keeps the dialog open.
#pragma once

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace strata::ui {

class RemoteModelDialog : public QDialog {
    Q_OBJECT
public:
    RemoteModelDialog(const QString& keyStorageNote, QWidget* parent = nullptr);
    // Opens on an existing entry (editing it): its address and model name filled in.
    void setEndpoint(const QString& baseUrl, const QString& model);

    QLineEdit* addressEdit() const { return m_address; }
    QLineEdit* keyEdit() const { return m_key; }
    QLineEdit* modelEdit() const;
    QComboBox* modelCombo() const { return m_model; }
    QPushButton* listButton() const { return m_list; }
    QString listStatus() const;
    QString errorText() const;

signals:
    // "remote+<base>#<model>" (domain/remote/remote_endpoint.hpp) and the key ("" for none).
    void remoteModelChosen(const QString& path, const QString& apiKey);
    // "List models" with a valid address: the normalised base URL and the key typed ("" for none).
    void modelsWanted(const QString& baseUrl, const QString& apiKey);

public slots:
    void accept() override;
    // The answer to modelsWanted (ignored when the address has changed since).
    void showModels(const QString& baseUrl, const QStringList& models, const QString& error);

private:
    QLineEdit* m_address;
    QLineEdit* m_key;
    void askForModels();

    QComboBox* m_model;
    QPushButton* m_list;
    QLabel* m_listStatus;
    QLabel* m_error;
};

}  // namespace strata::ui
