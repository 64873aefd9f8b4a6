// The app-wide preferences the settings dialog edits, as plain values: the dialog (ui/) shows them,
// PreferencesStore (domain/settings/preferences_store.hpp, the owner of their QSettings keys)
// persists them and app/ applies them.
#pragma once

#include "domain/chat/chat_types.hpp"
#include "strata/model/backend.hpp"
#include "strata/model/cuda_backend.hpp"

#include <QList>
#include <QMetaType>
#include <QString>

namespace strata::domain {

// What a model is loaded with: changing any of these needs a model reload, except expertWakeAhead,
// which the app also switches on the loaded model (app/settings/settings_controller.hpp).
struct EnginePreferences {
    int threads = 0;          // every thread that computes; 0: one per physical core
    bool pinThreads = false;  // pin pool workers to cores
    int contextLength = 0;    // 0: the model's trained context, capped by the engine
    model::KvType kvCacheType = model::KvType::F16;
    int batchSize = 0;         // prefill chunk in tokens; 0: automatic (model::ModelOptions::batchSize)
    int gpu = -1;              // -1: the CPU (worker pool); n: CUDA device n
    QList<int> splitGpus;      // more GPUs after `gpu` that take a share of the layers (issue 24)
    QList<int> gpuBudgetsMiB;  // a split's per-GPU budgets, `gpu` first; 0 or missing: its free VRAM
    int vramBudgetMiB = 0;     // what a model may take on the GPU; 0: all free VRAM
    model::CudaHostWait gpuWait = model::CudaHostWait::BlockingSync;  // how the host waits for the GPU
    // A MoE model on the GPU: where its experts live (model::CudaExperts; hybrid-moe.md).
    model::ExpertPlacement experts = model::ExpertPlacement::Gpu;
    int expertBudgetMiB = 4096;  // Cache: VRAM for the hottest experts; a starting point the user tunes
    int cpuExpertLayers = 0;     // CpuLayers: the first N layers keep their experts on the CPU
    // Hybrid: wake the pool's workers as soon as a layer's GPU work is queued (model::CudaExperts).
    model::ExpertWakeAhead expertWakeAhead = model::ExpertWakeAhead::Auto;

    bool operator==(const EnginePreferences&) const = default;
};

struct Preferences {
    EnginePreferences engine;
    SamplingSettings sampling;                    // what a new conversation starts with
    QString theme = QStringLiteral("system");     // "system", "light", "dark"
    QString language = QStringLiteral("system");  // "system", "en", "de", "zh_CN" (on restart)

    bool operator==(const Preferences&) const = default;
};

}  // namespace strata::domain

Q_DECLARE_METATYPE(strata::domain::Preferences)
