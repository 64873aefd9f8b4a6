#include "ui/panels/captioned_chart.hpp"

#include "ui/panels/rolling_chart.hpp"

#include <QLabel>
#include <QVBoxLayout>

namespace strata::ui {

CaptionedChart::CaptionedChart(const QString& objectName, const QString& chartName, double fixedMax, QWidget* parent)
    : QWidget(parent), m_caption(new QLabel), m_chart(new RollingChart(120, fixedMax))
{
    setObjectName(objectName);
    m_caption->setObjectName(objectName + QStringLiteral("Caption"));
    // The caption's width must not follow its text: otherwise each new figure resizes the dock
    // area and with it the central widget, and the whole window repaints twice a second
    // (measured with bench_panels_cost --count-paints: the sidebar and chat repainted per frame).
    m_caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_chart->setAccessibleName(chartName);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_caption);
    layout->addWidget(m_chart, 1);
}

QString CaptionedChart::caption() const
{
    return m_caption->text();
}

void CaptionedChart::setCaption(const QString& text)
{
    m_caption->setText(text);
}

}  // namespace strata::ui
