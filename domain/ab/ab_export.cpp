#include "domain/ab/ab_export.hpp"

#include "domain/ab/ab_policy_summary.hpp"
#include "domain/ab/ab_summary.hpp"
#include "domain/settings/kv_type_text.hpp"

#include <QJsonArray>
#include <QSaveFile>

namespace strata::domain {

namespace {

// Round-trip exact and locale-free (QByteArray::number uses the C locale).
QByteArray number(double v)
{
    return QByteArray::number(v, 'g', 17);
}

QByteArray summaryLine(const QByteArray& run, const QByteArray& config, double prefill, double decode, double cpu,
                       double wait)
{
    return run + ',' + config + ",,," + number(prefill) + ',' + number(decode) + ',' + number(cpu) + ',' + number(wait)
           + '\n';
}

QJsonObject configJson(const AbConfig& c)
{
    return {{QStringLiteral("wait_policy"), QString::fromStdString(pool::toString(c.policy))},
            {QStringLiteral("threads"), c.threads},
            {QStringLiteral("kv_cache_type"), kvTypeText(c.kvCacheType)},
            {QStringLiteral("description"), c.describe()}};
}

QJsonObject medianJson(const AbMedian& m)
{
    return {{QStringLiteral("a"), m.a}, {QStringLiteral("b"), m.b}, {QStringLiteral("ratio_b_over_a"), m.ratio}};
}

}  // namespace

QByteArray abRunCsv(const QList<AbRow>& rows, AbPreset preset)
{
    QByteArray csv = "run,config,prompt_tokens,generated_tokens,prefill_tok_s,decode_tok_s,cpu_percent,"
                     "completion_wait_p50_us\n";
    for (const AbRow& r : rows)
        csv += QByteArray::number(r.run) + ',' + r.config.toUtf8() + ',' + QByteArray::number(r.promptTokens) + ','
               + QByteArray::number(r.generatedTokens) + ',' + number(r.prefillTokensPerSecond) + ','
               + number(r.decodeTokensPerSecond) + ',' + number(r.cpuPercent) + ',' + number(r.completionWaitP50Micros)
               + '\n';
    if (preset == AbPreset::WaitingPolicies) {
        const QList<AbPolicyLine> lines = summarizePolicies(rows);
        for (const AbPolicyLine& l : lines)
            csv += summaryLine("median", l.policy.toUtf8(), l.prefillTokensPerSecond, l.decodeTokensPerSecond,
                               l.cpuPercent, l.completionWaitP50Micros);
        for (const AbPolicyLine& l : lines)
            csv += "ratio_to_best_fixed," + l.policy.toUtf8() + ",,," + number(l.prefillRatio) + ','
                   + number(l.decodeRatio) + ',' + number(l.cpuRatio) + ",\n";
        return csv;
    }
    const AbSummary s = summarize(rows);
    csv += summaryLine("median", "A", s.prefillTokensPerSecond.a, s.decodeTokensPerSecond.a, s.cpuPercent.a,
                       s.completionWaitP50Micros.a);
    csv += summaryLine("median", "B", s.prefillTokensPerSecond.b, s.decodeTokensPerSecond.b, s.cpuPercent.b,
                       s.completionWaitP50Micros.b);
    csv += summaryLine("ratio", "B/A", s.prefillTokensPerSecond.ratio, s.decodeTokensPerSecond.ratio,
                       s.cpuPercent.ratio, s.completionWaitP50Micros.ratio);
    return csv;
}

QJsonObject abRunJson(const AbRequest& request, const QList<AbRow>& rows)
{
    QJsonArray runs;
    for (const AbRow& r : rows)
        runs.append(QJsonObject{{QStringLiteral("run"), r.run},
                                {QStringLiteral("config"), r.config},
                                {QStringLiteral("prompt_tokens"), r.promptTokens},
                                {QStringLiteral("generated_tokens"), r.generatedTokens},
                                {QStringLiteral("prefill_tok_s"), r.prefillTokensPerSecond},
                                {QStringLiteral("decode_tok_s"), r.decodeTokensPerSecond},
                                {QStringLiteral("cpu_percent"), r.cpuPercent},
                                {QStringLiteral("completion_wait_p50_us"), r.completionWaitP50Micros}});
    if (request.preset == AbPreset::WaitingPolicies) {
        QJsonArray policies;
        for (const AbPolicyLine& l : summarizePolicies(rows))
            policies.append(QJsonObject{{QStringLiteral("policy"), l.policy},
                                        {QStringLiteral("prefill_tok_s"), l.prefillTokensPerSecond},
                                        {QStringLiteral("decode_tok_s"), l.decodeTokensPerSecond},
                                        {QStringLiteral("cpu_percent"), l.cpuPercent},
                                        {QStringLiteral("completion_wait_p50_us"), l.completionWaitP50Micros},
                                        {QStringLiteral("prefill_vs_best_fixed"), l.prefillRatio},
                                        {QStringLiteral("decode_vs_best_fixed"), l.decodeRatio},
                                        {QStringLiteral("cpu_vs_best_fixed"), l.cpuRatio}});
        return {{QStringLiteral("preset"), QStringLiteral("waiting_policies")},
                {QStringLiteral("model"), request.modelPath},
                {QStringLiteral("prompt"), request.prompt},
                {QStringLiteral("repetitions"), request.repetitions},
                {QStringLiteral("max_tokens"), request.maxTokens},
                {QStringLiteral("context_length"), request.contextLength},
                {QStringLiteral("config"), configJson(request.a)},
                {QStringLiteral("runs"), runs},
                {QStringLiteral("policies"), policies}};
    }
    const AbSummary s = summarize(rows);
    return {{QStringLiteral("model"), request.modelPath},
            {QStringLiteral("prompt"), request.prompt},
            {QStringLiteral("repetitions"), request.repetitions},
            {QStringLiteral("max_tokens"), request.maxTokens},
            {QStringLiteral("context_length"), request.contextLength},
            {QStringLiteral("config_a"), configJson(request.a)},
            {QStringLiteral("config_b"), configJson(request.b)},
            {QStringLiteral("runs"), runs},
            {QStringLiteral("medians"),
             QJsonObject{{QStringLiteral("prefill_tok_s"), medianJson(s.prefillTokensPerSecond)},
                         {QStringLiteral("decode_tok_s"), medianJson(s.decodeTokensPerSecond)},
                         {QStringLiteral("cpu_percent"), medianJson(s.cpuPercent)},
                         {QStringLiteral("completion_wait_p50_us"), medianJson(s.completionWaitP50Micros)}}}};
}

QString writeExport(const QString& path, const QByteArray& contents)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    if (file.write(contents) != contents.size() || !file.commit())
        return file.errorString();
    return {};
}

}  // namespace strata::domain
