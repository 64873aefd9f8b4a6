#pragma once

#include "domain/chat/chat_types.hpp"
#include "strata/model/cuda_backend.hpp"
#include "ui/chat/code_highlighting.hpp"

#include <QMainWindow>
#include <optional>

class QAction;
class QSettings;

namespace strata::domain::models {
class ModelServices;
}

namespace strata::ui {

class ChatPanel;
class ConversationSidebar;
class ModelSelector;
class PerformancePanels;
class ServerPanel;

// The application's main window: conversations on the left; the model selector, the chat and the
// message box on the right. It composes the chat widgets and owns the menus and the code
// highlighting repository they share; app/ connects the parts to storage and the engine.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ConversationSidebar* sidebar() const { return m_sidebar; }
    ChatPanel* chatPanel() const { return m_chatPanel; }
    ModelSelector* modelSelector() const { return m_modelSelector; }
    PerformancePanels* panels() const { return m_panels; }
    ServerPanel* serverPanel() const { return m_serverPanel; }  // Tools > API server

    // The model manager (File → Models…) works on these; without them the action is disabled.
    // The app owns them; they must outlive the window's dialogs.
    void setModelServices(domain::models::ModelServices* services);

    void restoreWindowState(const QSettings& settings);
    void saveWindowState(QSettings& settings) const;

public slots:
    void showAbout();
    void openModelManager();
    void focusInput();
    void openConversationSettings(const strata::domain::ConversationSettings& current);
    void loadDocumentFromFile();
    void pasteDocument();
    // where: "CPU, 8 threads" or "GPU 0: NVIDIA H200", shown in the status line ("" leaves it out);
    // gpuWait: how the host waits for the GPU the model runs on (the pool panel shows it).
    void setModelLoaded(bool loaded, const QString& where = {},
                        std::optional<model::CudaHostWait> gpuWait = std::nullopt);
    // A model on a remote server: the status line says so, and that the panels' CPU, pool and GPU
    // figures are this computer's, not the server's.
    void setRemoteModelLoaded(const QString& server);
    // What a remote reply's stream tells: its rate and the time to its first token.
    void showRemoteReplyFigures(double tokensPerSecond, double timeToFirstTokenMs);
    void setGenerating(bool generating);

signals:
    void conversationSettingsRequested();
    void conversationSettingsChanged(const strata::domain::ConversationSettings& settings);
    void documentLoadRequested(const QString& name, const QString& text);
    void closing();
    void settingsRequested();  // Tools > Settings
    void abRunRequested();     // Tools > A/B run

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();

    CodeHighlighting m_highlighting;  // before the widgets that use it
    ConversationSidebar* m_sidebar;
    ModelSelector* m_modelSelector;
    ChatPanel* m_chatPanel;
    QAction* m_stopAction = nullptr;
    QAction* m_regenerateAction = nullptr;
    PerformancePanels* m_panels = nullptr;  // docks with live telemetry (View → Panels)
    ServerPanel* m_serverPanel = nullptr;   // in a dock (Tools → API server)
    QAction* m_modelsAction = nullptr;
    domain::models::ModelServices* m_modelServices = nullptr;
};

}  // namespace strata::ui
