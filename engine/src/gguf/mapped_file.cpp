#include "gguf/mapped_file.hpp"

#include "strata/core/error.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace strata::gguf::detail {

namespace {
[[noreturn]] void fail(const std::filesystem::path& path, const char* what, int err)
{
    throw Error(path.string() + ": " + what + ": " + std::strerror(err));
}
}  // namespace

MappedFile::MappedFile(const std::filesystem::path& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        fail(path, "cannot open", errno);
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        fail(path, "cannot stat", err);
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        throw Error(path.string() + ": not a regular file");
    }
    size_ = static_cast<size_t>(st.st_size);
    if (size_ > 0) {
        // MAP_PRIVATE + PROT_READ: pages come from the page cache on demand; nothing is copied.
        void* p = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            const int err = errno;
            ::close(fd);
            fail(path, "cannot map", err);
        }
        data_ = p;
    }
    ::close(fd);  // the mapping keeps the file open
}

MappedFile::~MappedFile()
{
    if (data_)
        ::munmap(data_, size_);
}

}  // namespace strata::gguf::detail
