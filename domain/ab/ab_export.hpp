// An A/B run as CSV (one line per run, then the medians per configuration and the ratio B/A)
// and as JSON (the request, the rows and the medians).
//
// CSV columns: run, config, prompt_tokens, generated_tokens, prefill_tok_s, decode_tok_s,
// cpu_percent, completion_wait_p50_us. The summary lines have run = "median" (config A or B) and
// run = "ratio" (config "B/A"), with empty token columns. Under the waiting-policy preset they
// are one "median" line per policy (config: its name) and one "ratio_to_best_fixed" line per
// policy (prefill and decode against the fastest fixed policy's, CPU against the fastest-decode
// fixed policy's; no wait ratio), as ab_policy_summary.hpp computes them.
#pragma once

#include "domain/ab/ab_types.hpp"

#include <QByteArray>
#include <QJsonObject>

namespace strata::domain {

QByteArray abRunCsv(const QList<AbRow>& rows, AbPreset preset = AbPreset::TwoConfigs);
QJsonObject abRunJson(const AbRequest& request, const QList<AbRow>& rows);

// Writes text to path (via a temporary file and a rename, so a failed write leaves no half file).
// Returns an empty string, or why it failed.
QString writeExport(const QString& path, const QByteArray& contents);

}  // namespace strata::domain
