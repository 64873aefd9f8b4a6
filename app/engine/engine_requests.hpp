// What the GUI asks of the engine thread and what it gets back: plain values copied through queued
// signals (registered with Qt's meta-type system by EngineHost).
#pragma once

#include "domain/chat/chat_types.hpp"
#include "strata/model/backend.hpp"
#include "strata/model/cuda_backend.hpp"
#include "strata/model/generation.hpp"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace strata::app {

struct ModelLoadOptions {
    int threads = 0;        // 0: the engine's choice (physical cores)
    int contextLength = 0;  // 0: the model's trained context, capped by the engine
    model::KvType kvCacheType = model::KvType::F16;
    bool pinThreads = false;   // pin pool workers to cores (see modelOptionsFrom for the default)
    int batchSize = 0;         // prefill chunk in tokens; 0: the engine chooses
    int gpu = -1;              // -1: the CPU (worker pool); n: CUDA device n
    QList<int> splitGpus;      // more GPUs after `gpu` sharing the layers (model::CudaSplit)
    QList<int> gpuBudgetsMiB;  // per GPU of a split, `gpu` first; 0 or missing: its free VRAM
    int vramBudgetMiB = 0;     // what the model may take on the GPU; 0: all free VRAM
    model::CudaHostWait gpuWait = model::CudaHostWait::BlockingSync;  // how the host waits for the GPU
    // A MoE model on the GPU: where its experts live (model::CudaExperts).
    model::ExpertPlacement experts = model::ExpertPlacement::Gpu;
    int expertBudgetMiB = 4096;  // Cache: VRAM for experts
    int cpuExpertLayers = 0;     // CpuLayers: how many layers, from the first
    model::ExpertWakeAhead expertWakeAhead = model::ExpertWakeAhead::Auto;
    // Where the Cache placement keeps each model's learnt state between runs (the app's data
    // folder + "/expert-cache"); empty: not kept. Not a preference: the app sets it.
    QString expertStateFolder;

    bool operator==(const ModelLoadOptions&) const = default;
};

// One conversation turn: the whole history to answer (the engine reuses the longest prefix it
// already has in its KV cache, so a follow-up only prefills what is new). Regenerate and
// edit-and-resend are the same request with a shorter or changed history.
struct ChatTurnRequest {
    quint64 requestId = 0;  // chosen by the GUI; every reply signal carries it back
    qint64 conversationId = 0;
    QString systemPrompt;
    QList<domain::ChatMessage> history;  // oldest first; ends with the user turn to answer
    domain::SamplingSettings sampling;   // also: whether a long chat drops its oldest turns
};

struct ReplyMetrics {
    int promptTokens = 0;     // tokens in the whole prompt
    int reusedTokens = 0;     // of those, how many the session's KV cache already held
    int prefilledTokens = 0;  // of those, how many had to be prefilled (not reused)
    int generatedTokens = 0;
    double prefillTokensPerSecond = 0;
    double decodeTokensPerSecond = 0;
    double timeToFirstTokenMs = 0;
    model::FinishReason finish = model::FinishReason::EndOfGeneration;
    bool failed = false;  // an error ended the reply; `finish` then means nothing

    // finish_reason: model::toString(finish), or "error" when the reply failed.

    QJsonObject toJson() const;
};

}  // namespace strata::app

Q_DECLARE_METATYPE(strata::app::ModelLoadOptions)
Q_DECLARE_METATYPE(strata::app::ChatTurnRequest)
Q_DECLARE_METATYPE(strata::app::ReplyMetrics)
