#include "app/settings/engine_preferences.hpp"

namespace strata::app {

ModelLoadOptions loadOptionsFrom(const ui::EnginePreferences& p)
{
    ModelLoadOptions o;
    o.threads = p.threads;
    o.pinThreads = p.pinThreads;
    o.contextLength = p.contextLength;
    o.kvCacheType = p.kvCacheType;
    o.batchSize = p.batchSize;
    return o;
}

ui::EnginePreferences enginePreferencesFrom(const ModelLoadOptions& o)
{
    ui::EnginePreferences p;
    p.threads = o.threads;
    p.pinThreads = o.pinThreads;
    p.contextLength = o.contextLength;
    p.kvCacheType = o.kvCacheType;
    p.batchSize = o.batchSize;
    return p;
}

}  // namespace strata::app
