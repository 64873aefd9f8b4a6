// Medians of an A/B run's rows, per configuration, and the ratio B/A of each.
#pragma once

#include "domain/ab/ab_types.hpp"

namespace strata::domain {

// Median of the values (the mean of the middle two for an even count); 0 for none.
double median(QList<double> values);

AbSummary summarize(const QList<AbRow>& rows);

}  // namespace strata::domain
