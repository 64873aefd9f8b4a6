// The Downloads tab: every transfer with its progress, speed and time left; pause, resume, cancel.
#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace strata::models {
class DownloadManager;
}

namespace strata::ui {

class DownloadsPage : public QWidget {
    Q_OBJECT
public:
    explicit DownloadsPage(models::DownloadManager& downloads, QWidget* parent = nullptr);

    void select(const QString& id);

public slots:
    void pauseOrResumeSelected();
    void cancelSelected();

private:
    void updateActions();
    QString selectedId() const;

    models::DownloadManager& downloads_;
    QTableView* view_;
    QPushButton* pauseResume_;
    QPushButton* cancel_;
};

}  // namespace strata::ui
