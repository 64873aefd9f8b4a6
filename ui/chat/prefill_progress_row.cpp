#include "ui/chat/prefill_progress_row.hpp"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <algorithm>
#include <climits>
#include <cmath>

namespace strata::ui {

PrefillProgressRow::PrefillProgressRow(QWidget* parent)
    : QWidget(parent), m_bar(new QProgressBar(this)), m_figures(new QLabel(this)),
      m_cancel(new QPushButton(tr("&Cancel"), this))
{
    setObjectName(QStringLiteral("prefillRow"));
    m_bar->setObjectName(QStringLiteral("prefillProgress"));
    m_bar->setAccessibleName(tr("Document reading progress"));
    m_bar->setFormat(tr("Reading document: %p%"));
    m_figures->setObjectName(QStringLiteral("prefillRate"));
    m_cancel->setObjectName(QStringLiteral("prefillCancel"));
    m_cancel->setToolTip(tr("Stop reading the document (Esc). What was read is kept, and the rest is read with "
                            "your next message."));
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancel->setEnabled(false);  // once: the engine stops at the end of the chunk it is on
        emit cancelRequested();
    });
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_bar, 1);
    layout->addWidget(m_figures);
    layout->addWidget(m_cancel);
    hide();
}

void PrefillProgressRow::showFigures(const domain::PrefillFigures& figures)
{
    if (figures.done == 0)
        m_cancel->setEnabled(true);
    m_bar->setRange(0, int(std::min<qint64>(figures.total, INT_MAX)));
    m_bar->setValue(int(std::min(figures.done, figures.total)));
    m_figures->setText(figuresText(figures));
    show();
}

void PrefillProgressRow::finish()
{
    hide();
}

QString PrefillProgressRow::figuresShown() const
{
    return m_figures->text();
}

QString PrefillProgressRow::figuresText(const domain::PrefillFigures& figures)
{
    // Before the first chunk the engine has not said how many tokens it must read (the rest of the
    // prompt after what its cache already holds).
    if (figures.total == 0)
        return tr("Preparing the document…");
    const QLocale locale;
    const QString done = locale.toString(qint64(figures.done));
    const QString total = locale.toString(qint64(figures.total));
    const QString rate = locale.toString(figures.tokensPerSecond, 'f', 1);
    if (!figures.secondsLeft)
        return tr("%1 of %2 tokens, %3 tok/s").arg(done, total, rate);
    return tr("%1 of %2 tokens, %3 tok/s, %4 left").arg(done, total, rate, timeLeftText(*figures.secondsLeft));
}

QString PrefillProgressRow::timeLeftText(double seconds)
{
    const QLocale locale;
    const qint64 whole = qint64(std::ceil(std::max(0.0, seconds)));
    if (whole < 60)
        return tr("%1 s").arg(locale.toString(whole));
    // Seconds and minutes below the largest unit keep two digits ("3 min 05 s"), so the text does not
    // jump in width every second.
    const auto twoDigits = [&](qint64 v) { return (v < 10 ? locale.toString(0) : QString()) + locale.toString(v); };
    if (whole < 3600)
        return tr("%1 min %2 s").arg(locale.toString(whole / 60), twoDigits(whole % 60));
    return tr("%1 h %2 min").arg(locale.toString(whole / 3600), twoDigits(whole / 60 % 60));
}

}  // namespace strata::ui
