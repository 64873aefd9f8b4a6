// One strata-server process on a free port (--port 0), for tests that drive it over loopback:
// base() is the address it printed ("listening on http://..."), error() what it said instead;
// stopped (SIGTERM, killed if it lingers) when destroyed.
#pragma once

#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace strata::test {

class ServerProcess {
public:
    // Model loading under ASan on a loaded 2-core machine can take a minute.
    static constexpr int kStartTimeoutMs = 120000;

    ServerProcess(const QString& program, const QString& model, const QStringList& extra, int contextLength)
    {
        m_process.setProgram(program);
        m_process.setArguments(
            QStringList{"-m", model, "--port", "0", "--threads", "1", "--ctx", QString::number(contextLength)} + extra);
        m_process.start();
        QElapsedTimer clock;
        clock.start();
        QByteArray out;
        while (!out.contains('\n') && clock.elapsed() < kStartTimeoutMs && m_process.state() != QProcess::NotRunning) {
            m_process.waitForReadyRead(200);
            out += m_process.readAllStandardOutput();
        }
        const auto match =
            QRegularExpression(QStringLiteral("listening on (http://[^ \\n]+)")).match(QString::fromUtf8(out));
        if (match.hasMatch())
            m_base = match.captured(1);
        else
            m_error = QString::fromUtf8(out + m_process.readAllStandardError());
    }
    ~ServerProcess()
    {
        m_process.terminate();
        if (!m_process.waitForFinished(30000))
            m_process.kill();
        m_process.waitForFinished(5000);
    }
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    const QString& base() const { return m_base; }
    const QString& error() const { return m_error; }
    int port() const { return m_base.section(':', -1).toInt(); }
    bool running() const { return m_process.state() == QProcess::Running; }
    // Sends SIGTERM; milliseconds until the server says it has stopped serving (its run() returned,
    // before the process's own teardown), or -1 when it did not within `limitMs`.
    qint64 msUntilStopped(int limitMs)
    {
        QElapsedTimer clock;
        clock.start();
        m_process.terminate();
        QByteArray err;
        while (!err.contains("strata-server: stopped") && clock.elapsed() < limitMs) {
            m_process.waitForReadyRead(50);
            err += m_process.readAllStandardError();
        }
        return err.contains("strata-server: stopped") ? clock.elapsed() : -1;
    }

private:
    QProcess m_process;
    QString m_base;
    QString m_error;
};

}  // namespace strata::test
