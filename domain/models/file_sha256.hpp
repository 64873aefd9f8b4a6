// SHA-256 of a whole file, read in chunks. Slow for big files (seconds per GiB): call it off the GUI
// thread (the download worker runs it through QtConcurrent).
#pragma once

#include <QString>

namespace strata::domain::models {

struct FileHash {
    QString hex;    // lowercase, empty on error
    QString error;  // why the file could not be read
};

FileHash sha256OfFile(const QString& path);

}  // namespace strata::domain::models
