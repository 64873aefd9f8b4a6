// Conversions between the app's request and reply values and the engine's (plain C++) ones.
#pragma once

#include "app/engine/engine_requests.hpp"
#include "strata/model/generation.hpp"
#include "strata/model/model.hpp"

namespace strata::app {

// A seed of -1 means "a new one per reply": drawn from the system's random device.
model::SamplingParams samplingParamsFrom(const ui::SamplingSettings& settings);

model::ModelOptions modelOptionsFrom(const ModelLoadOptions& options);
// Throws strata::Error for a KV cache type the engine does not have.
model::SessionOptions sessionOptionsFrom(const ModelLoadOptions& options);

// finishReason: "stop" (end of turn or a stop string), "length", "context_full", "cancelled".
ReplyMetrics replyMetricsFrom(const model::GenerationMetrics& metrics);

// One line for the model selector (model_description.hpp), with the context the session has and
// its KV cache type.
QString describeModel(const model::Model& model, uint32_t contextLength, const QString& kvCacheType);

}  // namespace strata::app
