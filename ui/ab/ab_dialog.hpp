// The A/B run dialog: a prompt, configurations A and B, repetitions; while it runs a progress bar
// and Cancel; per-run rows as they arrive, the medians with B/A, and export to CSV or JSON.
// It only shows and forwards: app/ab/ab_controller.hpp runs the comparison and writes the files.
#pragma once

#include "domain/ab/ab_types.hpp"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace strata::ui {

class AbConfigEditor;

class AbDialog : public QDialog {
    Q_OBJECT
public:
    explicit AbDialog(QWidget* parent = nullptr);

    // The request the controls describe (modelPath: the one set with setModelPath).
    domain::AbRequest request() const;

    AbConfigEditor* editorA() const { return m_a; }
    AbConfigEditor* editorB() const { return m_b; }
    QSpinBox* repetitionsBox() const { return m_repetitions; }
    QSpinBox* maxTokensBox() const { return m_maxTokens; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QTableWidget* runsTable() const { return m_runs; }
    QTableWidget* mediansTable() const { return m_medians; }
    QLabel* statusLabel() const { return m_status; }

public slots:
    void setModelPath(const QString& path);  // empty: no model loaded, nothing to run
    void setRunning(bool running);
    void setProgress(int runsDone, int runsTotal, const QString& stage);
    void clearResults();
    void addRow(const strata::domain::AbRow& row);
    void setSummary(const strata::domain::AbSummary& summary);
    void showStatus(const QString& text);

signals:
    void startRequested(const strata::domain::AbRequest& request);
    void cancelRequested();
    void exportRequested(const QString& path, bool json);

private:
    void exportTo(bool json);

    QString m_modelPath;
    QLabel* m_model;
    QPlainTextEdit* m_prompt;
    AbConfigEditor* m_a;
    AbConfigEditor* m_b;
    QSpinBox* m_repetitions;
    QSpinBox* m_maxTokens;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTableWidget* m_runs;
    QTableWidget* m_medians;
    QPushButton* m_exportCsv;
    QPushButton* m_exportJson;
    bool m_running = false;
};

}  // namespace strata::ui
