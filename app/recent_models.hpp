// The models opened recently, most recent first, kept in QSettings ("models/recent").
#pragma once

#include <QStringList>

class QSettings;

namespace strata::app {

class RecentModels {
public:
    static constexpr int kMaxEntries = 10;

    explicit RecentModels(QSettings& settings);

    QStringList paths() const;
    void add(const QString& path);  // moves it to the front
    void remove(const QString& path);
    // `to` takes `from`'s place (an edited entry keeps its rank); at the front when `from` is not there.
    void replace(const QString& from, const QString& to);

private:
    void save(const QStringList& paths);

    QSettings& m_settings;
};

}  // namespace strata::app
