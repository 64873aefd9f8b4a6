// The Downloads tab: every transfer with its progress, speed and time left; pause, resume, cancel.
#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace strata::domain::models {
class DownloadManager;
}

namespace strata::ui {

class DownloadsPage : public QWidget {
    Q_OBJECT
public:
    explicit DownloadsPage(domain::models::DownloadManager& downloads, QWidget* parent = nullptr);

    void select(const QString& id);

public slots:
    void pauseOrResumeSelected();
    void cancelSelected();

private:
    void updateActions();
    QString selectedId() const;

    domain::models::DownloadManager& m_downloads;
    QTableView* m_view;
    QPushButton* m_pauseResume;
    QPushButton* m_cancel;
};

}  // namespace strata::ui
