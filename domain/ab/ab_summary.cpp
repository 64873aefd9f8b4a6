#include "domain/ab/ab_summary.hpp"

#include <algorithm>

namespace strata::domain {

double median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

namespace {

AbMedian medianOf(const QList<AbRow>& rows, double AbRow::*field)
{
    QList<double> a, b;
    for (const AbRow& row : rows)
        (row.config == QLatin1String("A") ? a : b) << row.*field;
    AbMedian m;
    m.a = median(a);
    m.b = median(b);
    m.ratio = m.a != 0 ? m.b / m.a : 0;
    return m;
}

}  // namespace

AbSummary summarize(const QList<AbRow>& rows)
{
    AbSummary s;
    s.prefillTokensPerSecond = medianOf(rows, &AbRow::prefillTokensPerSecond);
    s.decodeTokensPerSecond = medianOf(rows, &AbRow::decodeTokensPerSecond);
    s.cpuPercent = medianOf(rows, &AbRow::cpuPercent);
    s.completionWaitP50Micros = medianOf(rows, &AbRow::completionWaitP50Micros);
    return s;
}

}  // namespace strata::domain
