#include "domain/models/split_file_name.hpp"

#include <QRegularExpression>

namespace strata::domain::models {

bool parseSplitFileName(const QString& fileName, SplitFileName& out)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^(.+)-(\d{5})-of-(\d{5})\.gguf$)"),
                                            QRegularExpression::CaseInsensitiveOption);
    const auto m = pattern.match(fileName);
    if (!m.hasMatch())
        return false;
    const int index = m.captured(2).toInt();
    const int count = m.captured(3).toInt();
    if (index < 1 || count < 1 || index > count)
        return false;
    out = {m.captured(1), index, count};
    return true;
}

QString splitFileName(const QString& base, int index, int count)
{
    return QStringLiteral("%1-%2-of-%3.gguf")
        .arg(base)
        .arg(index, 5, 10, QLatin1Char('0'))
        .arg(count, 5, 10, QLatin1Char('0'));
}

}  // namespace strata::domain::models
