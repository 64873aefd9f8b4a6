// An A/B run as CSV (one line per run, then the medians per configuration and the ratio B/A)
// and as JSON (the request, the rows and the medians).
//
// CSV columns: run, config, prompt_tokens, generated_tokens, prefill_tok_s, decode_tok_s,
// cpu_percent, completion_wait_p50_us. The summary lines have run = "median" (config A or B) and
// run = "ratio" (config "B/A"), with empty token columns.
#pragma once

#include "domain/ab/ab_types.hpp"

#include <QByteArray>
#include <QJsonObject>

namespace strata::domain {

QByteArray abRunCsv(const QList<AbRow>& rows);
QJsonObject abRunJson(const AbRequest& request, const QList<AbRow>& rows);

// Writes text to path (via a temporary file and a rename, so a failed write leaves no half file).
// Returns an empty string, or why it failed.
QString writeExport(const QString& path, const QByteArray& contents);

}  // namespace strata::domain
