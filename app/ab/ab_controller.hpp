// GUI-thread side of A/B runs: opens the dialog, sends its request to the AbRunner on the
// "strata-ab" thread (queued), collects the rows that come back, keeps the medians current and
// writes the exports.
#pragma once

#include "app/ab/ab_host.hpp"
#include "domain/ab/ab_types.hpp"

#include <QObject>
#include <QPointer>

class QWidget;

namespace strata::ui {
class AbDialog;
}

namespace strata::app {

class AbController : public QObject {
    Q_OBJECT
public:
    explicit AbController(QObject* parent = nullptr);
    ~AbController() override;

    ui::AbDialog* dialog() const;
    const QList<domain::AbRow>& rows() const { return m_rows; }
    bool isRunning() const { return m_running; }

public slots:
    // modelPath: the chat's loaded model (empty: none, the dialog says so).
    void openDialog(QWidget* parent, const QString& modelPath);
    void setModelPath(const QString& modelPath);
    void start(const strata::domain::AbRequest& request);
    void cancel();
    // Returns an empty string, or why the file could not be written (also shown in the dialog).
    QString exportTo(const QString& path, bool json);

signals:
    void runRequested(const strata::domain::AbRequest& request);  // queued to the runner

private:
    void onRow(const domain::AbRow& row);
    void onEnded(const QString& status);

    AbHost m_host;
    QPointer<ui::AbDialog> m_dialog;
    QString m_modelPath;
    domain::AbRequest m_request;
    QList<domain::AbRow> m_rows;
    bool m_running = false;
};

}  // namespace strata::app
