// "Remote server...": a remote OpenAI-compatible server as the chat's model (vLLM, llama-server,
// Ollama, LM Studio, another Strata): its address, an API key if it needs one, the model's name.
// Says where the key will be kept (the keychain, or only this session). Accepting it with an
// address that is not one shows why under the fields and keeps the dialog open.
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;

namespace strata::ui {

class RemoteModelDialog : public QDialog {
    Q_OBJECT
public:
    RemoteModelDialog(const QString& keyStorageNote, QWidget* parent = nullptr);

    QLineEdit* addressEdit() const { return m_address; }
    QLineEdit* keyEdit() const { return m_key; }
    QLineEdit* modelEdit() const { return m_model; }
    QString errorText() const;

signals:
    // "remote+<base>#<model>" (domain/remote/remote_endpoint.hpp) and the key ("" for none).
    void remoteModelChosen(const QString& path, const QString& apiKey);

public slots:
    void accept() override;

private:
    QLineEdit* m_address;
    QLineEdit* m_key;
    QLineEdit* m_model;
    QLabel* m_error;
};

}  // namespace strata::ui
