// The one owner of the app-wide preference keys in QSettings. Every key, its type and default:
//
//   engine/threads         int     0      computing threads; 0: one per physical core
//   engine/pinThreads      bool    false  pin pool workers to cores
//   engine/contextLength   int     0      tokens; 0: the model's trained context (engine caps it)
//   engine/kvCacheType     string  f16    "f16" or "q8_0"
//   engine/batchSize       int     0      prefill chunk in tokens; 0: automatic (8192 for a hybrid MoE
//                                         on the GPU, else 512)
//   engine/device          string  cpu    "cpu", "cuda:N" (CUDA device N) or "cuda:N,M,..." (the layers
//                                         split over those GPUs, in that order)
//   engine/gpuBudgetsMiB   string  ""     a split's per-GPU budgets in MiB, "A,B,..."; 0 or missing: free VRAM
//   engine/vramBudgetMiB   int     0      MiB a model may take on the GPU (up to 16 TiB); 0: all free VRAM
//   engine/gpuWait         string  blocking  how the host waits for the GPU: "blocking", "spin", "yield",
//                                         "adaptive"
//   engine/experts         string  gpu    a MoE model on the GPU: "gpu" (every expert in VRAM), "cache"
//                                         (hybrid: the hottest in VRAM), "cpu-layers"
//   engine/expertBudgetMiB int     4096   "cache": VRAM MiB for experts; 0: every expert on the CPU
//   engine/cpuExpertLayers int     0      "cpu-layers": the first N layers' experts on the CPU
//   engine/expertWakeAhead string  auto   hybrid: off | on | auto (model::ExpertWakeAhead; a stored true: on)
//   sampling/defaults      string  {}     JSON of ui::SamplingSettings for new conversations
//   appearance/theme       string  system "system", "light" or "dark"
//   appearance/language    string  system "system", "en", "de" or "zh_CN" (read once at start)
//
// Values out of range or of an unknown kind read as the default: a hand-edited file never breaks
// the app. (Window geometry, recent models and the model library keep their own keys.)
#pragma once

#include "domain/settings/preferences.hpp"

class QSettings;

namespace strata::domain {

class PreferencesStore {
public:
    explicit PreferencesStore(QSettings& settings) : m_settings(settings) {}

    Preferences load() const;
    void save(const Preferences& preferences);

private:
    QSettings& m_settings;
};

}  // namespace strata::domain
