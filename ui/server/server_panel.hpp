// The Server panel (Tools > API server): start and stop the app's OpenAI- and Anthropic-compatible
// server, its address, port, API key and header deadline, what it serves at, its request log and its live decode
// rate. It shows state and forwards intent; app/server/server_controller.hpp does the serving.
#pragma once

#include "domain/settings/server_preferences.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace strata::ui {

class ServerPanel : public QWidget {
    Q_OBJECT
public:
    explicit ServerPanel(QWidget* parent = nullptr);

    // What the fields say now.
    domain::ServerPreferences preferences() const;
    QPushButton* startStopButton() const { return m_startStop; }
    QLabel* statusLabel() const { return m_status; }
    QLabel* rateLabel() const { return m_rate; }
    QPlainTextEdit* log() const { return m_log; }

public slots:
    void setPreferences(const strata::domain::ServerPreferences& preferences);
    void showStarted(const QString& url);
    void showStopped();
    void showError(const QString& message);
    void appendLog(const QString& line);
    void showTokensPerSecond(double tokensPerSecond);

signals:
    void startRequested(const strata::domain::ServerPreferences& preferences);
    void stopRequested();

private:
    void setEditable(bool editable);

    QComboBox* m_host;
    QSpinBox* m_port;
    QLineEdit* m_apiKey;
    QSpinBox* m_headerTimeout;
    QPushButton* m_startStop;
    QLabel* m_status;
    QLabel* m_rate;
    QPlainTextEdit* m_log;
    bool m_running = false;
};

}  // namespace strata::ui
