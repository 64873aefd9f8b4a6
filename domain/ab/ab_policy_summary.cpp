#include "domain/ab/ab_policy_summary.hpp"

#include "domain/ab/ab_summary.hpp"
#include "strata/pool/policy_contenders.hpp"

#include <vector>

namespace strata::domain {

QList<AbPolicyLine> summarizePolicies(const QList<AbRow>& rows)
{
    const std::vector<pool::PolicyContender> contenders = pool::standardContenders();
    QList<AbPolicyLine> lines;
    std::vector<double> prefill, decode, cpu;
    for (const pool::PolicyContender& c : contenders) {
        AbPolicyLine line;
        line.policy = QString::fromStdString(c.name);
        QList<double> pp, tg, cpuPercent, wait;
        for (const AbRow& row : rows)
            if (row.config == line.policy) {
                pp << row.prefillTokensPerSecond;
                tg << row.decodeTokensPerSecond;
                cpuPercent << row.cpuPercent;
                wait << row.completionWaitP50Micros;
            }
        line.prefillTokensPerSecond = median(pp);
        line.decodeTokensPerSecond = median(tg);
        line.cpuPercent = median(cpuPercent);
        line.completionWaitP50Micros = median(wait);
        prefill.push_back(line.prefillTokensPerSecond);
        decode.push_back(line.decodeTokensPerSecond);
        cpu.push_back(line.cpuPercent);
        lines << line;
    }
    const std::vector<double> prefillRatio = pool::ratiosToBestFixed(contenders, prefill);
    const int bestDecode = pool::bestFixedIndex(contenders, decode);
    const std::vector<double> decodeRatio = pool::ratiosTo(bestDecode, decode);
    const std::vector<double> cpuRatio = pool::ratiosTo(bestDecode, cpu);
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const auto k = static_cast<std::size_t>(i);
        lines[i].prefillRatio = prefillRatio[k];
        lines[i].decodeRatio = decodeRatio[k];
        lines[i].cpuRatio = cpuRatio[k];
    }
    return lines;
}

}  // namespace strata::domain
