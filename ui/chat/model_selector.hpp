// Which model the chat uses: recent models, "Open GGUF...", and the progress of a load.
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;

namespace strata::ui {

class ModelSelector : public QWidget {
    Q_OBJECT
public:
    explicit ModelSelector(QWidget* parent = nullptr);

    void setRecentModels(const QStringList& paths);
    QComboBox* combo() const { return m_combo; }

public slots:
    void openFileDialog();
    void setLoading(const QString& path);
    void setLoadProgress(double fraction);  // 0..1
    void setLoaded(const QString& path);
    void setLoadFailed(const QString& path, const QString& message);

signals:
    void loadRequested(const QString& path);

private:
    void selectPath(const QString& path);

    QComboBox* m_combo;
    QPushButton* m_open;
    QProgressBar* m_progress;
    QLabel* m_status;
    bool m_updating = false;  // set while the combo is filled from code, so no load is requested
};

}  // namespace strata::ui
