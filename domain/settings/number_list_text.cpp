#include "domain/settings/number_list_text.hpp"

#include <QStringList>

namespace strata::domain {

QString numberListText(const QList<int>& numbers, const QString& separator)
{
    QStringList items;
    for (const int n : numbers)
        items << QString::number(n);
    return items.join(separator);
}

std::optional<QList<int>> numberListFromText(const QString& text, int max)
{
    QList<int> out;
    for (const QString& item : text.split(QLatin1Char(','))) {
        bool ok = false;
        const int n = item.trimmed().toInt(&ok);
        if (!ok || n < 0 || n > max)
            return std::nullopt;
        out << n;
    }
    return out;
}

}  // namespace strata::domain
