// Describes the recent models for the model selector without blocking the GUI: each file's
// header is read (domain::models::readModelHeader) on Qt's thread pool, since a large vocabulary in the
// header takes tens of milliseconds to parse. Results are kept per path and file date, so a file
// is read again only when it changed.
#pragma once

#include <QDateTime>
#include <QHash>
#include <QObject>
#include <QStringList>

namespace strata::app {

class RecentModelDescriptions : public QObject {
    Q_OBJECT
public:
    explicit RecentModelDescriptions(QObject* parent = nullptr);
    ~RecentModelDescriptions() override;

    // Emits described() for every path: at once when known, later when its header has been read.
    void request(const QStringList& paths);

signals:
    void described(const QString& path, const QString& description);

private:
    struct Known {
        QDateTime modified;
        QString description;
    };
    QHash<QString, Known> m_known;
    QHash<QString, QDateTime> m_pending;  // being read, with the file date they were asked for
};

}  // namespace strata::app
