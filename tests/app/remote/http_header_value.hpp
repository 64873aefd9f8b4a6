// The remote tests' scripted servers read request heads by hand.
#pragma once

#include <QByteArray>

namespace strata::test {

// The value of header `name` in a request head, its name matched without case as HTTP has it
// (Qt 6.8 sends header names in lower case, Qt 6.4 as they were set).
inline QByteArray headerValue(const QByteArray& head, const QByteArray& name)
{
    for (const QByteArray& line : head.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

}  // namespace strata::test
