// The runs of one round of an A/B request, in the order they happen, and the configurations the
// runner opens for them. Two configurations: A then B, each its own model. The waiting-policy
// preset: A's model alone, its pool switched (setPolicy) to each policy in turn, as
// `strata-bench --pool-policy all` does, so the four share one model, one KV cache and one pool.
#pragma once

#include "domain/ab/ab_types.hpp"

namespace strata::domain {

struct AbSlot {
    QString label;            // what its rows carry in AbRow::config
    int config = 0;           // index into abConfigsToOpen()
    pool::WaitPolicy policy;  // set on that configuration's pool before the run
};

QList<AbConfig> abConfigsToOpen(const AbRequest& request);
QList<AbSlot> abRound(const AbRequest& request);

}  // namespace strata::domain
