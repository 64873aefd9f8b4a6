#include "domain/ab/ab_round.hpp"

#include "strata/pool/policy_contenders.hpp"

namespace strata::domain {

QList<AbConfig> abConfigsToOpen(const AbRequest& request)
{
    if (request.preset == AbPreset::WaitingPolicies)
        return {request.a};
    return {request.a, request.b};
}

QList<AbSlot> abRound(const AbRequest& request)
{
    if (request.preset == AbPreset::TwoConfigs)
        return {{QStringLiteral("A"), 0, request.a.policy}, {QStringLiteral("B"), 1, request.b.policy}};
    QList<AbSlot> round;
    for (const pool::PolicyContender& c : pool::standardContenders())
        round.append({QString::fromStdString(c.name), 0, c.policy});
    return round;
}

}  // namespace strata::domain
