#include "strata/telemetry/proc_file.hpp"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

#include <utility>

namespace strata::telemetry {

namespace {
// A thread's stat is about 300 bytes, /proc/stat 1.5 KiB on 2 cores and 12 KiB on 128: start
// small and double when a read fills the buffer.
constexpr std::size_t kInitialBuffer = 1024;
}  // namespace

ProcFile::ProcFile(std::string path)
{
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
        lastErrno_ = errno;
}

ProcFile::ProcFile(int directoryFd, const char* relativePath)
{
    fd_ = ::openat(directoryFd, relativePath, O_RDONLY | O_CLOEXEC);
    if (fd_ < 0)
        lastErrno_ = errno;
}

ProcFile::~ProcFile()
{
    close();
}

ProcFile::ProcFile(ProcFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), lastErrno_(other.lastErrno_), buffer_(std::move(other.buffer_))
{}

ProcFile& ProcFile::operator=(ProcFile&& other) noexcept
{
    if (this != &other) {
        close();
        fd_ = std::exchange(other.fd_, -1);
        lastErrno_ = other.lastErrno_;
        buffer_ = std::move(other.buffer_);
    }
    return *this;
}

void ProcFile::close()
{
    if (fd_ >= 0)
        ::close(fd_);
    fd_ = -1;
}

std::string_view ProcFile::read()
{
    if (fd_ < 0)
        return {};
    if (buffer_.empty())
        buffer_.resize(kInitialBuffer);
    std::size_t used = 0;
    for (;;) {
        if (used == buffer_.size())
            buffer_.resize(buffer_.size() * 2);
        const ssize_t n = ::pread(fd_, buffer_.data() + used, buffer_.size() - used, static_cast<off_t>(used));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            lastErrno_ = errno;
            return {};
        }
        if (n == 0)
            break;
        used += static_cast<std::size_t>(n);
    }
    lastErrno_ = 0;
    return {buffer_.data(), used};
}

}  // namespace strata::telemetry
