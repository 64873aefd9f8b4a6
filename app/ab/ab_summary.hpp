// Medians of an A/B run's rows, per configuration, and the ratio B/A of each.
#pragma once

#include "ui/ab/ab_types.hpp"

namespace strata::app {

// Median of the values (the mean of the middle two for an even count); 0 for none.
double median(QList<double> values);

ui::AbSummary summarize(const QList<ui::AbRow>& rows);

}  // namespace strata::app
