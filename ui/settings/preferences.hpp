// The app-wide preferences the settings dialog edits, as plain values. They live in ui/ because the
// dialog (ui/) shows them and app/ persists and applies them (app/settings/preferences_store.hpp
// owns the QSettings keys), and app/ builds on ui/, not the other way round.
#pragma once

#include "ui/chat/chat_types.hpp"

#include <QMetaType>
#include <QString>

namespace strata::ui {

// What a model is loaded with: changing any of these needs a model reload.
struct EnginePreferences {
    int threads = 0;            // every thread that computes; 0: one per physical core
    bool pinThreads = false;    // pin pool workers to cores
    int contextLength = 0;      // 0: the model's trained context, capped by the engine
    QString kvCacheType = QStringLiteral("f16");  // "f16" or "q8_0"
    int batchSize = 512;        // prefill chunk in tokens

    bool operator==(const EnginePreferences&) const = default;
};

struct Preferences {
    EnginePreferences engine;
    SamplingSettings sampling;                   // what a new conversation starts with
    QString theme = QStringLiteral("system");    // "system", "light", "dark"
    QString language = QStringLiteral("system"); // "system", "en", "de" (takes effect on restart)

    bool operator==(const Preferences&) const = default;
};

}  // namespace strata::ui

Q_DECLARE_METATYPE(strata::ui::Preferences)
