#include "app/engine/engine_requests.hpp"

namespace strata::app {

QJsonObject ReplyMetrics::toJson() const
{
    return QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                       {QStringLiteral("reused_tokens"), reusedTokens},
                       {QStringLiteral("prefilled_tokens"), prefilledTokens},
                       {QStringLiteral("generated_tokens"), generatedTokens},
                       {QStringLiteral("prefill_tok_s"), prefillTokensPerSecond},
                       {QStringLiteral("decode_tok_s"), decodeTokensPerSecond},
                       {QStringLiteral("ttft_ms"), timeToFirstTokenMs},
                       {QStringLiteral("finish_reason"),
                        failed ? QStringLiteral("error") : QString::fromLatin1(model::toString(finish))}};
}

}  // namespace strata::app
