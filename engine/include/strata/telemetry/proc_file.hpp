// A /proc file kept open and re-read from offset 0 into a buffer that is reused: the kernel
// regenerates the text on each read, and keeping the descriptor saves an open/close per sample.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace strata::telemetry {

class ProcFile {
public:
    ProcFile() = default;
    explicit ProcFile(std::string path);
    ProcFile(int directoryFd, const char* relativePath);  // openat(): per-thread files
    ~ProcFile();
    ProcFile(ProcFile&& other) noexcept;
    ProcFile& operator=(ProcFile&& other) noexcept;
    ProcFile(const ProcFile&) = delete;
    ProcFile& operator=(const ProcFile&) = delete;

    bool isOpen() const { return fd_ >= 0; }

    // The whole file as it is now; empty with lastErrno() set when the read failed (e.g. ESRCH
    // once a thread has exited). The view stays valid until the next read().
    std::string_view read();
    int lastErrno() const { return lastErrno_; }

private:
    void close();

    int fd_ = -1;
    int lastErrno_ = 0;
    std::vector<char> buffer_;
};

}  // namespace strata::telemetry
