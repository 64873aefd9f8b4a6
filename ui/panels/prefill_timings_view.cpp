#include "ui/panels/prefill_timings_view.hpp"

#include "domain/telemetry/telemetry_frame.hpp"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>

namespace strata::ui {

namespace {
QString millisText(double millis)
{
    return PrefillTimingsView::tr("%1 ms").arg(QLocale().toString(millis, 'f', 1));
}

QString chunksText(std::uint64_t chunks, std::uint64_t tokens)
{
    return PrefillTimingsView::tr("last %n chunk(s), %1 tokens", nullptr, int(std::min<std::uint64_t>(chunks, 1 << 30)))
        .arg(QLocale().toString(qulonglong(tokens)));
}

// As the pool panel's figures: as wide as their widest usual text, so a frame never relayouts the window.
void reserveWidth(QLabel* label, const QString& widest)
{
    label->setMinimumWidth(label->fontMetrics().horizontalAdvance(widest) + 2 * label->margin() + 2);
    label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}
}  // namespace

PrefillTimingsView::PrefillTimingsView(QWidget* parent)
    : QWidget(parent), m_note(new QLabel), m_timings(new QWidget), m_chunks(new QLabel), m_routingWait(new QLabel),
      m_grouping(new QLabel), m_copies(new QLabel), m_copyWait(new QLabel), m_gpu(new QLabel)
{
    setObjectName(QStringLiteral("prefillTimings"));
    m_note->setObjectName(QStringLiteral("prefillTimingsNote"));
    m_note->setWordWrap(true);
    reserveWidth(m_chunks, chunksText(99, 999999));
    for (QLabel* label : {m_routingWait, m_grouping, m_copies, m_copyWait, m_gpu})
        reserveWidth(label, millisText(99999.9));
    auto* form = new QFormLayout(m_timings);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Streamed prompt:"), m_chunks);
    form->addRow(tr("Routing wait / chunk:"), m_routingWait);  // the host asleep until the routing arrived
    form->addRow(tr("Grouping / chunk:"), m_grouping);
    form->addRow(tr("Copies in flight / chunk:"), m_copies);  // overlap the GPU's work
    form->addRow(tr("Waiting for copies / chunk:"), m_copyWait);
    form->addRow(tr("GPU on streamed experts / chunk:"), m_gpu);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_note);
    layout->addWidget(m_timings);
    m_timings->hide();
    m_note->setText(tr("Long prompts: nothing streamed to the GPU (a CPU model, or short prompts)."));
}

void PrefillTimingsView::showFrame(const domain::TelemetryFrame& frame)
{
    const auto& streamed = frame.prefillStream;
    m_showsTimings = streamed.has_value();
    // Shown or hidden only when that changes: a dock that changes height every frame relayouts the window.
    if (m_timings->isHidden() == m_showsTimings) {
        m_timings->setVisible(m_showsTimings);
        m_note->setVisible(!m_showsTimings);
    }
    if (!streamed)
        return;
    m_chunks->setText(chunksText(streamed->chunks, streamed->tokens));
    m_routingWait->setText(millisText(streamed->routingWaitMillis));
    m_grouping->setText(millisText(streamed->groupingMillis));
    m_copies->setText(millisText(streamed->copyMillis));
    m_copyWait->setText(millisText(streamed->copyWaitMillis));
    m_gpu->setText(millisText(streamed->computeMillis));
}

QString PrefillTimingsView::figureText(Figure figure) const
{
    switch (figure) {
    case Figure::Chunks: return m_chunks->text();
    case Figure::RoutingWait: return m_routingWait->text();
    case Figure::Grouping: return m_grouping->text();
    case Figure::Copies: return m_copies->text();
    case Figure::CopyWait: return m_copyWait->text();
    case Figure::Gpu: return m_gpu->text();
    }
    return {};
}

QString PrefillTimingsView::noteText() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

}  // namespace strata::ui
