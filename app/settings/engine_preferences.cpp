#include "app/settings/engine_preferences.hpp"

namespace strata::app {

namespace {

// The two structs name the same fourteen fields alike; one copy serves both directions.
template <class To, class From>
To copyEngineFields(const From& from)
{
    To to;
    to.threads = from.threads;
    to.pinThreads = from.pinThreads;
    to.contextLength = from.contextLength;
    to.kvCacheType = from.kvCacheType;
    to.batchSize = from.batchSize;
    to.gpu = from.gpu;
    to.splitGpus = from.splitGpus;
    to.gpuBudgetsMiB = from.gpuBudgetsMiB;
    to.vramBudgetMiB = from.vramBudgetMiB;
    to.gpuWait = from.gpuWait;
    to.experts = from.experts;
    to.expertBudgetMiB = from.expertBudgetMiB;
    to.cpuExpertLayers = from.cpuExpertLayers;
    to.expertWakeAhead = from.expertWakeAhead;
    return to;
}

}  // namespace

ModelLoadOptions loadOptionsFrom(const domain::EnginePreferences& preferences)
{
    return copyEngineFields<ModelLoadOptions>(preferences);
}

domain::EnginePreferences enginePreferencesFrom(const ModelLoadOptions& options)
{
    return copyEngineFields<domain::EnginePreferences>(options);
}

}  // namespace strata::app
