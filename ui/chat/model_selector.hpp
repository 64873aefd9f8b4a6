// Which model the chat uses: recent models, "Open GGUF...", "Remote server..." (a model on an
// OpenAI-compatible server: RemoteModelDialog), and the progress of a load. A menu button beside
// the list acts on the chosen entry: edit a remote one (the dialog, filled in), forget the API key
// kept for its server, or remove it from the recent models. Under the
// row, a line describes the chosen model (architecture, parameters, quantization, context): the
// loaded one as the engine has it, a recent one as its file says (item tooltips carry it too).
#pragma once

#include <QHash>
#include <QPointer>
#include <QStringList>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace strata::ui {

class RemoteModelDialog;

class ModelSelector : public QWidget {
    Q_OBJECT
public:
    explicit ModelSelector(QWidget* parent = nullptr);

    void setRecentModels(const QStringList& paths);
    // What a recent model is, read from its file (shown once known; the loaded model keeps its own).
    void setModelDescription(const QString& path, const QString& description);
    QString descriptionText() const;
    QComboBox* combo() const { return m_combo; }
    // Where a key typed into "Remote server..." is kept (the app's RemoteKeys says).
    void setKeyStorageNote(const QString& note) { m_keyStorageNote = note; }
    // The name shown for a model: a file's name, or "model @ host:port" for a remote one.
    static QString shownName(const QString& path);

    QToolButton* manageButton() const { return m_manage; }

public slots:
    void openFileDialog();
    void openRemoteDialog();
    // The menu's actions, on the chosen entry (nothing when it does not apply).
    void editChosenRemote();
    void forgetChosenKey();
    void removeChosenEntry();
    void setLoading(const QString& path);
    void setLoadProgress(double fraction);  // 0..1
    void setLoaded(const QString& path, const QString& description = {});
    void setLoadFailed(const QString& path, const QString& message);
    // The open "Remote server..." dialog's answer to remoteModelsWanted.
    void showRemoteModels(const QString& baseUrl, const QStringList& models, const QString& error);

signals:
    void loadRequested(const QString& path);
    // A remote model chosen in "Remote server...", with the key typed there ("" for none).
    void remoteModelChosen(const QString& path, const QString& apiKey);
    // "List models" in that dialog: the server's base URL and the key typed there ("" for none).
    void remoteModelsWanted(const QString& baseUrl, const QString& apiKey);
    // A remote entry edited: `newPath` takes `oldPath`'s place and is chosen, with the key typed ("" for none).
    void remoteModelEdited(const QString& oldPath, const QString& newPath, const QString& apiKey);
    void remoteKeyForgetRequested(const QString& baseUrl);
    void recentModelRemoveRequested(const QString& path);

private:
    void selectPath(const QString& path);
    void applyDescription(int index);  // the line under the row and the item's tooltip
    void showDescriptionOf(int index);
    RemoteModelDialog* newRemoteDialog();
    void updateManageActions();

    QComboBox* m_combo;
    QPushButton* m_open;
    QPushButton* m_remote;
    QToolButton* m_manage;
    QAction* m_editRemote;
    QAction* m_forgetKey;
    QAction* m_removeEntry;
    QProgressBar* m_progress;
    QLabel* m_status;
    QLabel* m_description;
    QHash<QString, QString> m_descriptions;  // path -> description from the file
    QString m_loadedPath;
    QString m_keyStorageNote;
    QPointer<RemoteModelDialog> m_remoteDialog;
    QString m_loadedDescription;  // from the engine: the context really in use
    bool m_updating = false;      // set while the combo is filled from code, so no load is requested
};

}  // namespace strata::ui
