#include "app/ab/ab_summary.hpp"

#include <algorithm>

namespace strata::app {

double median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

namespace {

ui::AbMedian medianOf(const QList<ui::AbRow>& rows, double ui::AbRow::*field)
{
    QList<double> a, b;
    for (const ui::AbRow& row : rows)
        (row.config == QLatin1String("A") ? a : b) << row.*field;
    ui::AbMedian m;
    m.a = median(a);
    m.b = median(b);
    m.ratio = m.a != 0 ? m.b / m.a : 0;
    return m;
}

}  // namespace

ui::AbSummary summarize(const QList<ui::AbRow>& rows)
{
    ui::AbSummary s;
    s.prefillTokensPerSecond = medianOf(rows, &ui::AbRow::prefillTokensPerSecond);
    s.decodeTokensPerSecond = medianOf(rows, &ui::AbRow::decodeTokensPerSecond);
    s.cpuPercent = medianOf(rows, &ui::AbRow::cpuPercent);
    s.completionWaitP50Micros = medianOf(rows, &ui::AbRow::completionWaitP50Micros);
    return s;
}

}  // namespace strata::app
