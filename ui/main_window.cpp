#include "ui/main_window.hpp"

#include "ui/about_dialog.hpp"
#include "ui/chat/chat_input.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/conversation_settings_dialog.hpp"
#include "ui/chat/conversation_sidebar.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/chat/welcome_view.hpp"
#include "ui/models/model_manager_dialog.hpp"
#include "ui/panels/performance_panels.hpp"
#include "ui/panels/pool_panel.hpp"
#include "ui/panels/token_rate_panel.hpp"
#include "ui/server/server_panel.hpp"
#include "ui/window_size.hpp"

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

namespace strata::ui {

namespace {
// A document larger than this is refused before it is read: prefilling it would not fit any context.
constexpr qint64 kMaxDocumentBytes = 16 * 1024 * 1024;
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_sidebar(new ConversationSidebar), m_modelSelector(new ModelSelector),
      m_chatPanel(new ChatPanel(&m_highlighting))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Strata"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/strata.svg")));

    auto* settingsButton = new QPushButton(tr("Chat se&ttings..."));
    settingsButton->setObjectName(QStringLiteral("chatSettingsButton"));
    connect(settingsButton, &QPushButton::clicked, this, &MainWindow::conversationSettingsRequested);

    auto* topRow = new QHBoxLayout;
    topRow->addWidget(m_modelSelector, 1);
    topRow->addWidget(settingsButton);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->addLayout(topRow);
    rightLayout->addWidget(m_chatPanel, 1);

    auto* splitter = new QSplitter;
    splitter->setObjectName(QStringLiteral("mainSplitter"));
    splitter->addWidget(m_sidebar);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 840});
    setCentralWidget(splitter);

    connect(m_chatPanel->welcomeView(), &WelcomeView::openModelRequested, m_modelSelector,
            &ModelSelector::openFileDialog);
    connect(m_chatPanel->welcomeView(), &WelcomeView::modelManagerRequested, this, &MainWindow::openModelManager);

    buildMenus();
    statusBar()->showMessage(tr("No model loaded"));
    resize(defaultWindowSize(screen() ? screen()->availableSize() : QSize()));
    setTabOrder(m_sidebar, m_modelSelector);
    setTabOrder(m_modelSelector, settingsButton);
    setTabOrder(settingsButton, m_chatPanel->input());
}

MainWindow::~MainWindow() = default;

void MainWindow::setModelServices(domain::models::ModelServices* services)
{
    m_modelServices = services;
    m_modelsAction->setEnabled(services != nullptr);
}

void MainWindow::openModelManager()
{
    if (m_modelServices)
        ui::openModelManager(this, *m_modelServices);
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    QAction* newChat = file->addAction(tr("&New chat"), m_sidebar, &ConversationSidebar::newConversationRequested);
    newChat->setObjectName(QStringLiteral("newChatAction"));
    newChat->setShortcut(QKeySequence::New);
    QAction* openModel = file->addAction(tr("&Open GGUF model..."), m_modelSelector, &ModelSelector::openFileDialog);
    openModel->setShortcut(QKeySequence::Open);
    QAction* loadDocument = file->addAction(tr("&Load document..."), this, &MainWindow::loadDocumentFromFile);
    loadDocument->setObjectName(QStringLiteral("loadDocumentAction"));
    loadDocument->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    QAction* pasteDocument = file->addAction(tr("&Paste as document"), this, &MainWindow::pasteDocument);
    pasteDocument->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    m_modelsAction = file->addAction(tr("&Models…"), this, &MainWindow::openModelManager);
    m_modelsAction->setObjectName(QStringLiteral("modelsAction"));
    m_modelsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    m_modelsAction->setEnabled(false);  // until the app hands over its model services
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* chat = menuBar()->addMenu(tr("&Chat"));
    chat->setObjectName(QStringLiteral("chatMenu"));
    QAction* focus = chat->addAction(tr("&Write a message"), this, &MainWindow::focusInput);
    focus->setObjectName(QStringLiteral("focusInputAction"));
    focus->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_stopAction = chat->addAction(tr("&Stop"), m_chatPanel, &ChatPanel::stopRequested);
    m_stopAction->setObjectName(QStringLiteral("stopAction"));
    m_stopAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stopAction->setEnabled(false);  // Esc belongs to other widgets unless a reply is running
    m_regenerateAction = chat->addAction(tr("&Regenerate"), m_chatPanel, &ChatPanel::regenerateRequested);
    m_regenerateAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    chat->addSeparator();
    QAction* rename = chat->addAction(tr("Re&name chat"), m_sidebar, &ConversationSidebar::renameCurrent);
    rename->setShortcut(QKeySequence(Qt::Key_F2));
    chat->addAction(tr("&Delete chat..."), m_sidebar, &ConversationSidebar::confirmDeleteCurrent);
    QAction* search = chat->addAction(tr("Searc&h chats"), this, [this] {
        m_sidebar->searchField()->setFocus();
        m_sidebar->searchField()->selectAll();
    });
    search->setShortcut(QKeySequence::Find);
    QAction* settings = chat->addAction(tr("Chat se&ttings..."), this, &MainWindow::conversationSettingsRequested);
    settings->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    m_panels = new PerformancePanels(this, view);

    // Tools: the app-wide settings and A/B runs (app/ opens their dialogs).
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->setObjectName(QStringLiteral("toolsMenu"));
    QAction* preferences = tools->addAction(tr("&Settings…"), this, &MainWindow::settingsRequested);
    preferences->setObjectName(QStringLiteral("settingsAction"));
    preferences->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Comma));
    QAction* abRun = tools->addAction(tr("&A/B run…"), this, &MainWindow::abRunRequested);
    abRun->setObjectName(QStringLiteral("abRunAction"));
    abRun->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    // The API server's panel: a dock, hidden until asked for (the server itself is off by default).
    m_serverPanel = new ServerPanel;
    auto* serverDock = new QDockWidget(tr("API server"), this);
    serverDock->setObjectName(QStringLiteral("serverDock"));
    serverDock->setWidget(m_serverPanel);
    addDockWidget(Qt::RightDockWidgetArea, serverDock);
    serverDock->hide();
    QAction* server = serverDock->toggleViewAction();
    server->setText(tr("API &server"));
    server->setObjectName(QStringLiteral("serverAction"));
    tools->addAction(server);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction* about = help->addAction(tr("&About Strata"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::showAbout()
{
    auto* dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::focusInput()
{
    m_chatPanel->input()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::openConversationSettings(const domain::ConversationSettings& current)
{
    auto* dialog = new ConversationSettingsDialog(current, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { emit conversationSettingsChanged(dialog->settings()); });
    dialog->open();
}

void MainWindow::loadDocumentFromFile()
{
    auto* dialog =
        new QFileDialog(this, tr("Load a document"), QString(),
                        tr("Text documents (*.txt *.md *.markdown *.rst *.csv *.json *.log);;All files (*)"));
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
        QFile file(path);
        QString problem;
        if (file.size() > kMaxDocumentBytes)
            problem = tr("it is larger than %1 MiB").arg(kMaxDocumentBytes >> 20);
        else if (!file.open(QIODevice::ReadOnly))
            problem = file.errorString();
        if (!problem.isEmpty()) {
            QMessageBox::warning(this, tr("Load document"), tr("Cannot load %1: %2").arg(path, problem));
            return;
        }
        emit documentLoadRequested(QFileInfo(path).fileName(), QString::fromUtf8(file.readAll()));
    });
    dialog->open();
}

void MainWindow::pasteDocument()
{
    const QString text = QApplication::clipboard()->text();
    if (!text.trimmed().isEmpty())
        emit documentLoadRequested(tr("Pasted text"), text);
}

void MainWindow::setModelLoaded(bool loaded, const QString& where, std::optional<model::CudaHostWait> gpuWait)
{
    m_chatPanel->setModelLoaded(loaded);
    m_panels->pool()->setGpuWait(loaded ? gpuWait : std::nullopt);
    m_panels->setRemoteModel(false);
    if (!loaded)
        statusBar()->showMessage(tr("No model loaded"));
    else if (where.isEmpty())
        statusBar()->showMessage(tr("Model loaded"));
    else
        statusBar()->showMessage(tr("Model loaded, running on %1").arg(where));
}

void MainWindow::setRemoteModelLoaded(const QString& server)
{
    m_chatPanel->setModelLoaded(true);
    m_panels->pool()->setGpuWait(std::nullopt);
    m_panels->setRemoteModel(true);
    statusBar()->showMessage(tr("Remote model %1: the panels' CPU, pool and GPU figures are this computer's and do "
                                "not apply to it; each reply's rate and time to first token come from its stream.")
                                 .arg(server));
}

void MainWindow::showRemoteReplyFigures(double tokensPerSecond, double timeToFirstTokenMs)
{
    // The status line is replaced by the next message; the token-rate panel keeps them.
    m_panels->tokenRates()->showRemoteReply(tokensPerSecond, timeToFirstTokenMs);
    statusBar()->showMessage(
        tr("Remote reply: %1 tok/s, first token after %2 ms (measured from the stream; local "
           "CPU and GPU figures do not apply).")
            .arg(QLocale().toString(tokensPerSecond, 'f', 1), QLocale().toString(timeToFirstTokenMs, 'f', 0)));
}

void MainWindow::setGenerating(bool generating)
{
    m_chatPanel->setGenerating(generating);
    m_stopAction->setEnabled(generating);
    m_regenerateAction->setEnabled(!generating);
}

void MainWindow::restoreWindowState(const QSettings& settings)
{
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (auto* splitter = findChild<QSplitter*>(QStringLiteral("mainSplitter")))
        splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/docks")).toByteArray());  // panels and tool bars
}

void MainWindow::saveWindowState(QSettings& settings) const
{
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    if (auto* splitter = findChild<QSplitter*>(QStringLiteral("mainSplitter")))
        settings.setValue(QStringLiteral("window/splitter"), splitter->saveState());
    settings.setValue(QStringLiteral("window/docks"), saveState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    emit closing();
    QMainWindow::closeEvent(event);
}

}  // namespace strata::ui
