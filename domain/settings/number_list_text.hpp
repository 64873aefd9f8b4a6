// Lists of whole numbers as text, one spelling per place: "0,1" in the settings file
// (PreferencesStore), "0, 1" in the settings dialog (EngineSettingsPage).
#pragma once

#include <QList>
#include <QString>
#include <optional>

namespace strata::domain {

// The numbers joined by `separator`; an empty list is empty text.
QString numberListText(const QList<int>& numbers, const QString& separator);
// "A,B,C" (spaces around an item allowed) of numbers in [0, max]; anything else -> nullopt.
std::optional<QList<int>> numberListFromText(const QString& text, int max);

}  // namespace strata::domain
