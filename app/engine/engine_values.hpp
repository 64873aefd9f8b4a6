// Conversions between the app's request and reply values and the engine's (plain C++) ones.
#pragma once

#include "app/engine/engine_requests.hpp"
#include "strata/model/generation.hpp"
#include "strata/model/model.hpp"

namespace strata::app {

// A seed of -1 means "a new one per reply": drawn from the system's random device.
model::SamplingParams samplingParamsFrom(const domain::SamplingSettings& settings);

// `modelPath` names the Cache placement's state file (expertStateFile); empty: none.
model::ModelOptions modelOptionsFrom(const ModelLoadOptions& options, const QString& modelPath = {});
// Where the expert cache of the model at `modelPath` keeps its state: "<folder>/<file name>-<bytes>.json"
// (empty when either is empty).
QString expertStateFile(const QString& folder, const QString& modelPath);
model::SessionOptions sessionOptionsFrom(const ModelLoadOptions& options);

ReplyMetrics replyMetricsFrom(const model::GenerationMetrics& metrics);

// One line for the model selector (model_description.hpp), with the context the session has and
// its KV cache type.
QString describeModel(const model::Model& model, uint32_t contextLength, model::KvType kvCacheType);

// Where a loaded model runs, for the status line: "CPU, 8 threads" (every thread that computes,
// the engine thread included), "GPU 0: NVIDIA H200" (`gpu` is the CUDA index it was loaded on), or
// with a hybrid MoE placement "GPU 0: NVIDIA H200 + CPU experts, 8 threads"; a model split over
// several GPUs names each with its layers (describeGpuLayers).
QString describePlacement(model::Model& model, int gpu);

// A layer split's plan (model::Backend::gpuLayers), for the status line: "GPU 0: layers 0–23,
// GPU 1: layers 24–47 (NVIDIA H200)", each GPU's name once where they differ.
QString describeGpuLayers(const std::vector<model::GpuLayers>& gpus);

}  // namespace strata::app
