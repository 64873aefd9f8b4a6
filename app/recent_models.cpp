#include "app/recent_models.hpp"

#include <QSettings>

namespace strata::app {

namespace {
const QString kKey = QStringLiteral("models/recent");
}

RecentModels::RecentModels(QSettings& settings) : m_settings(settings) {}

QStringList RecentModels::paths() const
{
    return m_settings.value(kKey).toStringList();
}

void RecentModels::add(const QString& path)
{
    QStringList list = paths();
    list.removeAll(path);
    list.prepend(path);
    while (list.size() > kMaxEntries)
        list.removeLast();
    save(list);
}

void RecentModels::remove(const QString& path)
{
    QStringList list = paths();
    list.removeAll(path);
    save(list);
}

void RecentModels::replace(const QString& from, const QString& to)
{
    QStringList list = paths();
    const qsizetype at = list.indexOf(from);
    if (at < 0) {
        add(to);
        return;
    }
    list[at] = to;
    for (qsizetype i = list.size() - 1; i >= 0; --i)
        if (i != at && list[i] == to)
            list.removeAt(i);
    save(list);
}

void RecentModels::save(const QStringList& paths)
{
    m_settings.setValue(kKey, paths);
}

}  // namespace strata::app
