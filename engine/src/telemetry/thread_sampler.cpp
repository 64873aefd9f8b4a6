#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstddef>
#include <cstring>

#include "clock.hpp"
#include "strata/telemetry/thread_usage.hpp"

namespace strata::telemetry {

namespace {
// 64 threads at ~24 bytes per record; more take several calls.
constexpr std::size_t kDirentBuffer = 2048;
}  // namespace

ThreadSampler::ThreadSampler(std::string taskDirectory) : directory_(std::move(taskDirectory))
{
    const long ticks = sysconf(_SC_CLK_TCK);
    if (ticks > 0)
        ticksPerSecond_ = static_cast<double>(ticks);
    directoryFd_ = ::open(directory_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directoryFd_ < 0)
        error_ = directory_ + ": " + std::strerror(errno);
}

ThreadSampler::~ThreadSampler()
{
    if (directoryFd_ >= 0)
        ::close(directoryFd_);
}

ThreadSampler::Tracked* ThreadSampler::findOrOpen(int tid)
{
    auto it = std::lower_bound(tracked_.begin(), tracked_.end(), tid,
                               [](const Tracked& t, int value) { return t.tid < value; });
    if (it != tracked_.end() && it->tid == tid)
        return &*it;
    char path[32];
    auto [end, ec] = std::to_chars(path, path + sizeof path - 6, tid);
    if (ec != std::errc())
        return nullptr;
    std::memcpy(end, "/stat", 6);
    ProcFile file(directoryFd_, path);
    if (!file.isOpen())
        return nullptr;  // exited between listing and opening
    Tracked tracked;
    tracked.tid = tid;
    tracked.stat = std::move(file);
    it = tracked_.insert(it, std::move(tracked));
    return &*it;
}

bool ThreadSampler::sample(std::vector<ThreadUsage>& out)
{
    out.clear();
    if (directoryFd_ < 0)
        return false;

    // Re-list the directory from its start through the descriptor kept open: procfs lists the
    // threads alive at that moment. getdents64 into a reused buffer allocates nothing.
    if (::lseek(directoryFd_, 0, SEEK_SET) < 0) {
        error_ = directory_ + ": " + std::strerror(errno);
        return false;
    }
    if (direntBuffer_.empty())
        direntBuffer_.resize(kDirentBuffer);
    for (Tracked& t : tracked_)
        t.seen = false;
    for (;;) {
        const ssize_t n = ::getdents64(directoryFd_, direntBuffer_.data(), direntBuffer_.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error_ = directory_ + ": " + std::strerror(errno);
            return false;
        }
        if (n == 0)
            break;
        for (ssize_t offset = 0; offset < n;) {
            dirent64 entry;  // copied out: records in the buffer are only 8-byte aligned by luck
            const std::size_t header = offsetof(dirent64, d_name);
            std::memcpy(&entry, direntBuffer_.data() + offset, header);
            const char* name = direntBuffer_.data() + offset + header;
            offset += entry.d_reclen;
            if (entry.d_reclen == 0)
                break;
            int tid = 0;
            const char* nameEnd = name + ::strnlen(name, entry.d_reclen - header);
            const auto [ptr, ec] = std::from_chars(name, nameEnd, tid);
            if (ec != std::errc() || ptr != nameEnd)
                continue;  // "." and ".."
            if (Tracked* t = findOrOpen(tid))
                t->seen = true;
        }
    }
    error_.clear();

    const std::int64_t wallNs = detail::monotonicNs();
    TaskStat stat;
    for (Tracked& t : tracked_) {
        if (!t.seen)
            continue;
        const std::string_view text = t.stat.read();
        if (text.empty() || !parseTaskStat(text, stat)) {
            t.seen = false;  // the thread exited after the listing
            continue;
        }
        const std::uint64_t ticks = stat.userTicks + stat.systemTicks;
        ThreadUsage& usage = out.emplace_back();
        usage.tid = t.tid;
        usage.name = stat.name;
        usage.state = stat.state;
        usage.lastCpu = stat.lastCpu;
        usage.cpuSeconds = static_cast<double>(ticks) / ticksPerSecond_;
        if (t.primed && wallNs > t.previousWallNs && ticks >= t.previousTicks)
            usage.cpuPercent = static_cast<float>(100.0 * static_cast<double>(ticks - t.previousTicks) / ticksPerSecond_
                                                  / (static_cast<double>(wallNs - t.previousWallNs) / 1e9));
        t.previousTicks = ticks;
        t.previousWallNs = wallNs;
        t.primed = true;
    }
    // Threads that are gone: close their files.
    std::erase_if(tracked_, [](const Tracked& t) { return !t.seen; });
    return true;
}

}  // namespace strata::telemetry
