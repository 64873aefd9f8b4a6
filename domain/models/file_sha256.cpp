#include "domain/models/file_sha256.hpp"

#include <QCryptographicHash>
#include <QFile>

namespace strata::domain::models {

FileHash sha256OfFile(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {{}, QStringLiteral("cannot read %1: %2").arg(path, file.errorString())};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!hash.addData(&file))
        return {{}, QStringLiteral("cannot read %1: %2").arg(path, file.errorString())};
    return {QString::fromLatin1(hash.result().toHex()), {}};
}

}  // namespace strata::domain::models
