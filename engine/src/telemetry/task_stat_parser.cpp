// /proc/<pid>/task/<tid>/stat: "tid (comm) state ppid ... utime stime ... processor ...".
#include <algorithm>
#include <charconv>

#include "strata/telemetry/thread_usage.hpp"

namespace strata::telemetry {

namespace {

// Positions counted from the state field (field 3 in proc(5)): utime is field 14, stime 15,
// processor 39.
constexpr int kUtimeAfterState = 14 - 3;
constexpr int kStimeAfterState = 15 - 3;
constexpr int kProcessorAfterState = 39 - 3;

}  // namespace

bool parseTaskStat(std::string_view text, TaskStat& out)
{
    const std::size_t open = text.find('(');
    const std::size_t close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open)
        return false;

    int tid = 0;
    const std::string_view tidText = text.substr(0, open);
    const std::size_t tidEnd = tidText.find_last_not_of(' ');
    if (tidEnd == std::string_view::npos)
        return false;
    const auto [tidPtr, tidEc] = std::from_chars(tidText.data(), tidText.data() + tidEnd + 1, tid);
    if (tidEc != std::errc() || tidPtr != tidText.data() + tidEnd + 1)
        return false;
    out.tid = tid;

    const std::string_view name = text.substr(open + 1, close - open - 1);
    const std::size_t nameLength = std::min(name.size(), out.name.size() - 1);
    std::copy_n(name.data(), nameLength, out.name.data());
    out.name[nameLength] = '\0';

    std::string_view rest = text.substr(close + 1);
    int field = 0;
    bool haveUtime = false;
    bool haveStime = false;
    out.lastCpu = -1;
    while (!rest.empty()) {
        const std::size_t begin = rest.find_first_not_of(' ');
        if (begin == std::string_view::npos)
            break;
        rest.remove_prefix(begin);
        std::size_t end = rest.find_first_of(" \n");
        if (end == std::string_view::npos)
            end = rest.size();
        const std::string_view token = rest.substr(0, end);
        rest.remove_prefix(end);
        if (!rest.empty() && rest.front() == '\n')
            rest = {};

        if (field == 0) {
            if (token.size() != 1)
                return false;
            out.state = token.front();
        } else if (field == kUtimeAfterState || field == kStimeAfterState || field == kProcessorAfterState) {
            std::uint64_t value = 0;
            const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
            if (ec != std::errc() || ptr != token.data() + token.size())
                return false;
            if (field == kUtimeAfterState) {
                out.userTicks = value;
                haveUtime = true;
            } else if (field == kStimeAfterState) {
                out.systemTicks = value;
                haveStime = true;
            } else {
                out.lastCpu = static_cast<int>(value);
                break;
            }
        }
        ++field;
    }
    return haveUtime && haveStime;
}

}  // namespace strata::telemetry
