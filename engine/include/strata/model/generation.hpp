// Text in, text out: build a prompt from chat messages with the model's own template, prefill it
// (reusing what the session already holds), and stream the reply as valid UTF-8 pieces.
#pragma once

#include "strata/chat_template/chat_template.hpp"
#include "strata/model/session.hpp"
#include "strata/pool/pool_telemetry.hpp"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace strata::model {

// The model's tokenizer.chat_template, or ChatML when the file has none. Throws
// chat_template::TemplateError (line, column) when the model's template cannot be compiled.
chat_template::ChatTemplate chatTemplateOf(const Model& model);

// Renders `messages` and tokenizes the result (special tokens in the template are parsed; BOS is
// added when the vocabulary asks for it and the template did not already write it). `render`
// carries the template's limits and its cancel flag: set it from Stop or shutdown to end a hostile
// template's render within a step (chat_template::RenderCancelled).
std::vector<int32_t> chatPromptTokens(const Model& model, const chat_template::ChatTemplate& tmpl,
                                      const std::vector<chat_template::ChatMessage>& messages,
                                      const chat_template::ChatOptions& options = {},
                                      const chat_template::RenderOptions& render = {});

enum class FinishReason { EndOfGeneration, StopString, Length, ContextFull, Cancelled };
const char* toString(FinishReason reason);
// Exactly what toString writes; nullopt for anything else.
std::optional<FinishReason> finishReasonFromString(std::string_view text);

struct GenerationRequest {
    SamplingParams sampling;
    uint32_t maxTokens = 512;
    std::vector<std::string> stopStrings;  // generation ends before any of these would be shown
};

struct GenerationMetrics {
    uint32_t promptTokens = 0;
    uint32_t reusedTokens = 0;  // kept from the session's previous prompt
    uint32_t prefilledTokens = 0;
    double prefillSeconds = 0;
    double prefillTokensPerSecond = 0;
    double timeToFirstTokenSeconds = 0;  // from the call to the first generated token
    uint32_t generatedTokens = 0;
    double decodeSeconds = 0;
    double decodeTokensPerSecond = 0;
    FinishReason finish = FinishReason::EndOfGeneration;
    pool::PoolTelemetry pool;  // snapshot at the end of the request
};

struct GenerationCallbacks {
    std::function<void(std::string_view piece)> onText;  // valid UTF-8, in order
    PrefillProgress onPrefill;                           // return false to cancel
    const std::atomic<bool>* cancel = nullptr;           // checked before every token
    // Each generated token and the logits it was sampled from (the model's, before penalties and
    // temperature), before its text reaches onText; for an API's logprobs. Not called for the
    // end-of-generation token.
    std::function<void(int32_t token, std::span<const float> logits)> onToken;
};

// Prefills `prompt` into the session (prefix reuse) and generates. Returns when the model ends
// its turn, a stop string appears, maxTokens are produced, the context is full, or cancel is set
// (within one token). The session keeps the prompt and the reply for the next turn.
GenerationMetrics generate(Model& model, Session& session, std::span<const int32_t> prompt,
                           const GenerationRequest& request, const GenerationCallbacks& callbacks);

// Holds back text that could be the start of a stop string; reports when one is complete.
class StopStringFilter {
public:
    explicit StopStringFilter(std::vector<std::string> stops);
    // Adds text; returns what may be shown now. stopped() tells when a stop string was found
    // (the text before it has been returned, the stop string and anything after it dropped).
    std::string push(std::string_view text);
    std::string flush();  // at the end: the text held back
    bool stopped() const { return stopped_; }

private:
    std::vector<std::string> stops_;
    std::string held_;
    bool stopped_ = false;
};

}  // namespace strata::model
