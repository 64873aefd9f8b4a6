#include "ui/ab/ab_dialog.hpp"

#include "ui/ab/ab_config_editor.hpp"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace strata::ui {

namespace {

domain::AbConfig defaultA()
{
    domain::AbConfig c;
    c.policy = pool::WaitPolicy::fixedSpin(20'000);  // the old engine's fixed 20 ms spin
    return c;
}

QTableWidget* table(const QStringList& headers, const QString& name, QWidget* parent)
{
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setObjectName(name);
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->verticalHeader()->hide();
    return t;
}

void setCell(QTableWidget* t, int row, int column, const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(column == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
    t->setItem(row, column, item);
}

QString figure(double v, int decimals = 1)
{
    return QLocale().toString(v, 'f', decimals);
}

}  // namespace

AbDialog::AbDialog(QWidget* parent)
    : QDialog(parent), m_model(new QLabel(this)), m_prompt(new QPlainTextEdit(this)), m_preset(new QComboBox(this)),
      m_a(new AbConfigEditor(tr("Configuration A"), defaultA(), this)),
      m_b(new AbConfigEditor(tr("Configuration B"), domain::AbConfig{}, this)), m_repetitions(new QSpinBox(this)),
      m_maxTokens(new QSpinBox(this)), m_start(new QPushButton(tr("&Start"), this)),
      m_cancel(new QPushButton(tr("&Cancel run"), this)), m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)), m_runs(table({tr("Run"), tr("Config"), tr("Prefill tok/s"), tr("Decode tok/s"),
                                                tr("Process CPU %"), tr("Completion wait p50 (µs)")},
                                               QStringLiteral("abRunsTable"), this)),
      m_medians(table({tr("Median"), tr("A"), tr("B"), tr("B/A")}, QStringLiteral("abMediansTable"), this)),
      m_policies(table({tr("Policy"), tr("Prefill tok/s"), tr("vs best fixed"), tr("Decode tok/s"), tr("vs best fixed"),
                        tr("Process CPU %"), tr("vs best fixed"), tr("Completion wait p50 (µs)")},
                       QStringLiteral("abPoliciesTable"), this)),
      m_exportCsv(new QPushButton(tr("Export &CSV…"), this)), m_exportJson(new QPushButton(tr("Export &JSON…"), this))
{
    setObjectName(QStringLiteral("abDialog"));
    setWindowTitle(tr("A/B run"));
    m_model->setWordWrap(true);
    m_prompt->setObjectName(QStringLiteral("abPromptEdit"));
    m_prompt->setPlainText(tr("Explain in a few sentences why the sky is blue."));
    m_prompt->setTabChangesFocus(true);
    m_prompt->setAccessibleName(tr("Prompt"));
    m_prompt->setMaximumHeight(90);
    m_repetitions->setRange(1, 100);
    m_repetitions->setValue(3);
    m_repetitions->setAccessibleName(tr("Repetitions per configuration"));
    m_maxTokens->setRange(1, 4096);
    m_maxTokens->setValue(64);
    m_maxTokens->setAccessibleName(tr("Tokens per reply"));
    m_start->setObjectName(QStringLiteral("abStartButton"));
    m_cancel->setObjectName(QStringLiteral("abCancelButton"));
    m_exportCsv->setObjectName(QStringLiteral("abExportCsvButton"));
    m_exportJson->setObjectName(QStringLiteral("abExportJsonButton"));
    m_status->setObjectName(QStringLiteral("abStatusLabel"));
    m_status->setWordWrap(true);
    m_medians->setRowCount(4);
    const QStringList figures = {tr("Prefill tok/s"), tr("Decode tok/s"), tr("Process CPU %"),
                                 tr("Completion wait p50 (µs)")};
    for (int r = 0; r < figures.size(); ++r)
        setCell(m_medians, r, 0, figures[r]);

    m_preset->setObjectName(QStringLiteral("abPresetBox"));
    m_preset->addItem(tr("Configuration A against B"), int(domain::AbPreset::TwoConfigs));
    m_preset->addItem(tr("Waiting policies: adaptive, park, fixed 100 µs, fixed 20 ms (A's threads and KV cache)"),
                      int(domain::AbPreset::WaitingPolicies));
    m_preset->setAccessibleName(tr("What to compare"));
    m_policies->setToolTip(tr("Ratios are to the best fixed policy of this run (park, fixed 100 µs or fixed 20 ms): "
                              "the fastest prefill, the fastest decode, and that fastest decode's CPU."));

    auto* form = new QFormLayout;
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("Co&mpare:"), m_preset);
    form->addRow(tr("&Prompt:"), m_prompt);
    form->addRow(tr("&Repetitions (each):"), m_repetitions);
    form->addRow(tr("&Tokens per reply:"), m_maxTokens);
    auto* configs = new QHBoxLayout;
    configs->addWidget(m_a);
    configs->addWidget(m_b);
    auto* note = new QLabel(tr("Runs alternate A B A B (the waiting policies: each in turn on A's model) after one "
                               "warm-up each. A chat reply generated at the same time shares the CPU and skews the "
                               "figures."),
                            this);
    note->setWordWrap(true);
    auto* runButtons = new QHBoxLayout;
    runButtons->addWidget(m_start);
    runButtons->addWidget(m_cancel);
    runButtons->addWidget(m_progress, 1);
    auto* exportButtons = new QHBoxLayout;
    exportButtons->addStretch(1);
    exportButtons->addWidget(m_exportCsv);
    exportButtons->addWidget(m_exportJson);
    auto* close = new QPushButton(tr("Cl&ose"), this);
    exportButtons->addWidget(close);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(configs);
    layout->addWidget(note);
    layout->addLayout(runButtons);
    layout->addWidget(m_status);
    layout->addWidget(m_runs, 2);
    layout->addWidget(m_medians, 1);
    layout->addWidget(m_policies, 1);
    layout->addLayout(exportButtons);

    connect(m_preset, &QComboBox::currentIndexChanged, this, &AbDialog::showPreset);
    connect(m_start, &QPushButton::clicked, this, [this] { emit startRequested(request()); });
    connect(m_cancel, &QPushButton::clicked, this, &AbDialog::cancelRequested);
    connect(m_exportCsv, &QPushButton::clicked, this, [this] { exportTo(false); });
    connect(m_exportJson, &QPushButton::clicked, this, [this] { exportTo(true); });
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    setModelPath({});
    showPreset();
    resize(820, 720);
}

domain::AbRequest AbDialog::request() const
{
    domain::AbRequest r;
    r.preset = preset();
    r.modelPath = m_modelPath;
    r.prompt = m_prompt->toPlainText();
    r.a = m_a->config();
    r.b = m_b->config();
    r.repetitions = m_repetitions->value();
    r.maxTokens = m_maxTokens->value();
    return r;
}

void AbDialog::setModelPath(const QString& path)
{
    m_modelPath = path;
    m_model->setText(path.isEmpty() ? tr("No model loaded: load one in the chat window first.")
                                    : QFileInfo(path).fileName());
    setRunning(m_running);
}

void AbDialog::setRunning(bool running)
{
    m_running = running;
    m_start->setEnabled(!running && !m_modelPath.isEmpty());
    m_cancel->setEnabled(running);
    const bool haveRows = m_runs->rowCount() > 0;
    m_exportCsv->setEnabled(!running && haveRows);
    m_exportJson->setEnabled(!running && haveRows);
    for (QWidget* w : std::initializer_list<QWidget*>{m_prompt, m_preset, m_a, m_repetitions, m_maxTokens})
        w->setEnabled(!running);
    m_b->setEnabled(!running && preset() == domain::AbPreset::TwoConfigs);  // the preset runs A's model only
}

domain::AbPreset AbDialog::preset() const
{
    return domain::AbPreset(m_preset->currentData().toInt());
}

void AbDialog::showPreset()
{
    const bool policies = preset() == domain::AbPreset::WaitingPolicies;
    m_medians->setVisible(!policies);
    m_policies->setVisible(policies);
    setRunning(m_running);
}

void AbDialog::setProgress(int runsDone, int runsTotal, const QString& stage)
{
    m_progress->setRange(0, runsTotal);
    m_progress->setValue(runsDone);
    m_status->setText(stage);
}

void AbDialog::clearResults()
{
    m_runs->setRowCount(0);
    m_policies->setRowCount(0);
    for (int r = 0; r < m_medians->rowCount(); ++r)
        for (int c = 1; c < m_medians->columnCount(); ++c)
            setCell(m_medians, r, c, {});
}

void AbDialog::addRow(const domain::AbRow& row)
{
    const int r = m_runs->rowCount();
    m_runs->insertRow(r);
    setCell(m_runs, r, 0, QString::number(row.run));
    setCell(m_runs, r, 1, row.config);
    setCell(m_runs, r, 2, figure(row.prefillTokensPerSecond));
    setCell(m_runs, r, 3, figure(row.decodeTokensPerSecond));
    setCell(m_runs, r, 4, figure(row.cpuPercent));
    setCell(m_runs, r, 5, figure(row.completionWaitP50Micros));
    m_runs->scrollToBottom();
}

void AbDialog::setSummary(const domain::AbSummary& s)
{
    const domain::AbMedian medians[] = {s.prefillTokensPerSecond, s.decodeTokensPerSecond, s.cpuPercent,
                                        s.completionWaitP50Micros};
    for (int r = 0; r < 4; ++r) {
        setCell(m_medians, r, 1, figure(medians[r].a));
        setCell(m_medians, r, 2, figure(medians[r].b));
        setCell(m_medians, r, 3, figure(medians[r].ratio, 3));
    }
}

void AbDialog::setPolicySummary(const QList<domain::AbPolicyLine>& lines)
{
    m_policies->setRowCount(int(lines.size()));
    for (int r = 0; r < int(lines.size()); ++r) {
        const domain::AbPolicyLine& l = lines[r];
        setCell(m_policies, r, 0, l.policy);
        setCell(m_policies, r, 1, figure(l.prefillTokensPerSecond));
        setCell(m_policies, r, 2, figure(l.prefillRatio, 3));
        setCell(m_policies, r, 3, figure(l.decodeTokensPerSecond));
        setCell(m_policies, r, 4, figure(l.decodeRatio, 3));
        setCell(m_policies, r, 5, figure(l.cpuPercent));
        setCell(m_policies, r, 6, figure(l.cpuRatio, 2));
        setCell(m_policies, r, 7, figure(l.completionWaitP50Micros));
    }
}

void AbDialog::showStatus(const QString& text)
{
    m_status->setText(text);
}

void AbDialog::exportTo(bool json)
{
    const QString path =
        QFileDialog::getSaveFileName(this, json ? tr("Export A/B run as JSON") : tr("Export A/B run as CSV"),
                                     json ? QStringLiteral("ab-run.json") : QStringLiteral("ab-run.csv"),
                                     json ? tr("JSON (*.json)") : tr("CSV (*.csv)"));
    if (!path.isEmpty())
        emit exportRequested(path, json);
}

}  // namespace strata::ui
