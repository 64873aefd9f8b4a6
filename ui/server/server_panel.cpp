#include "ui/server/server_panel.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace strata::ui {

namespace {
constexpr int kLogLines = 500;  // the log keeps the newest lines only: a busy server runs for days
}

ServerPanel::ServerPanel(QWidget* parent)
    : QWidget(parent), m_host(new QComboBox(this)), m_port(new QSpinBox(this)), m_apiKey(new QLineEdit(this)),
      m_headerTimeout(new QSpinBox(this)), m_startStop(new QPushButton(this)), m_status(new QLabel(this)),
      m_rate(new QLabel(this)), m_log(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("serverPanel"));
    m_host->setObjectName(QStringLiteral("serverHost"));
    m_host->setEditable(true);
    m_host->addItems({QStringLiteral("127.0.0.1"), QStringLiteral("0.0.0.0")});
    m_host->setToolTip(tr("127.0.0.1: this computer only. Any other address lets other machines connect and "
                          "needs an API key."));
    m_port->setObjectName(QStringLiteral("serverPort"));
    m_port->setRange(0, 65535);
    m_port->setSpecialValueText(tr("any free port"));
    m_apiKey->setObjectName(QStringLiteral("serverApiKey"));
    m_apiKey->setEchoMode(QLineEdit::PasswordEchoOnEdit);
    m_apiKey->setPlaceholderText(tr("none (this computer only)"));
    m_headerTimeout->setObjectName(QStringLiteral("serverHeaderTimeout"));
    m_headerTimeout->setRange(domain::ServerPreferences::kMinHeaderTimeout,
                              domain::ServerPreferences::kMaxHeaderTimeout);
    m_headerTimeout->setSuffix(tr(" s"));
    m_headerTimeout->setToolTip(tr("A client must send each request's headers within this many seconds; slower "
                                   "ones are cut off, so they cannot hold the server's connections."));
    m_startStop->setObjectName(QStringLiteral("serverStartStop"));
    m_status->setObjectName(QStringLiteral("serverStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_rate->setObjectName(QStringLiteral("serverRate"));
    m_log->setObjectName(QStringLiteral("serverLog"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kLogLines);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);

    auto* form = new QFormLayout;
    form->addRow(tr("Address"), m_host);
    form->addRow(tr("Port"), m_port);
    form->addRow(tr("API key"), m_apiKey);
    form->addRow(tr("Header timeout"), m_headerTimeout);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_startStop);
    layout->addWidget(m_status);
    layout->addWidget(m_rate);
    layout->addWidget(new QLabel(tr("Requests"), this));
    layout->addWidget(m_log, 1);

    connect(m_startStop, &QPushButton::clicked, this, [this] {
        if (m_running)
            emit stopRequested();
        else
            emit startRequested(preferences());
    });
    setPreferences({});
    showStopped();
}

domain::ServerPreferences ServerPanel::preferences() const
{
    domain::ServerPreferences p;
    p.host = m_host->currentText().trimmed();
    p.port = m_port->value();
    p.apiKey = m_apiKey->text().trimmed();
    p.headerTimeoutSeconds = m_headerTimeout->value();
    p.enabled = m_running;
    return p;
}

void ServerPanel::setPreferences(const domain::ServerPreferences& p)
{
    m_host->setCurrentText(p.host);
    m_port->setValue(p.port);
    m_apiKey->setText(p.apiKey);
    m_headerTimeout->setValue(p.headerTimeoutSeconds);
}

void ServerPanel::setEditable(bool editable)
{
    m_host->setEnabled(editable);
    m_port->setEnabled(editable);
    m_apiKey->setEnabled(editable);
    m_headerTimeout->setEnabled(editable);
}

void ServerPanel::showStarted(const QString& url)
{
    m_running = true;
    setEditable(false);
    m_startStop->setText(tr("Stop server"));
    m_status->setStyleSheet({});
    m_status->setText(tr("Serving the loaded model at %1 (OpenAI and Anthropic APIs).").arg(url));
    m_rate->setText(tr("Idle"));
}

void ServerPanel::showStopped()
{
    m_running = false;
    setEditable(true);
    m_startStop->setText(tr("Start server"));
    m_status->setStyleSheet({});
    m_status->setText(tr("The server is off."));
    m_rate->clear();
}

void ServerPanel::showError(const QString& message)
{
    m_status->setStyleSheet(QStringLiteral("font-weight: bold;"));  // no colour: it must read in both themes
    m_status->setText(message);
}

void ServerPanel::appendLog(const QString& line)
{
    m_log->appendPlainText(line);
}

void ServerPanel::showTokensPerSecond(double tokensPerSecond)
{
    if (m_running)
        m_rate->setText(tr("Decoding at %1 tok/s").arg(QLocale().toString(tokensPerSecond, 'f', 1)));
}

}  // namespace strata::ui
