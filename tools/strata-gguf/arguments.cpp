#include "arguments.hpp"

#include "strata/core/error.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace strata::tools {

Arguments::Arguments(int argc, char** argv, int first, const std::vector<std::string>& flags)
{
    for (int i = first; i < argc; ++i) {
        const std::string a = argv[i];
        // `-m FILE`: a one-letter option, as llama.cpp's tools spell the common ones.
        const bool letter = a.size() == 2 && a[0] == '-' && std::isalpha(static_cast<unsigned char>(a[1]));
        if (!a.starts_with("--") && !letter) {
            positional_.push_back(a);
            continue;
        }
        const std::string name = a.substr(letter ? 1 : 2);
        if (std::find(flags.begin(), flags.end(), name) != flags.end()) {
            options_[name] = "1";
        } else {
            if (i + 1 >= argc)
                throw Error("option --" + name + " needs a value");
            options_[name] = argv[++i];
        }
    }
}

bool Arguments::flag(const std::string& name)
{
    used_[name] = true;
    return options_.contains(name);
}

std::optional<std::string> Arguments::text(const std::string& name)
{
    used_[name] = true;
    const auto it = options_.find(name);
    return it == options_.end() ? std::nullopt : std::optional(it->second);
}

uint64_t Arguments::u64(const std::string& name, uint64_t fallback)
{
    const auto t = text(name);
    if (!t)
        return fallback;
    uint64_t v = 0;
    const auto [end, ec] = std::from_chars(t->data(), t->data() + t->size(), v);
    if (ec != std::errc() || end != t->data() + t->size())
        throw Error("option --" + name + ": '" + *t + "' is not a non-negative integer");
    return v;
}

uint32_t Arguments::u32(const std::string& name, uint32_t fallback)
{
    const uint64_t v = u64(name, fallback);
    if (v > UINT32_MAX)
        throw Error("option --" + name + ": too large");
    return static_cast<uint32_t>(v);
}

float Arguments::f32(const std::string& name, float fallback)
{
    const auto t = text(name);
    if (!t)
        return fallback;
    try {
        size_t used = 0;
        const float v = std::stof(*t, &used);
        if (used == t->size())
            return v;
    } catch (const std::exception&) {}
    throw Error("option --" + name + ": '" + *t + "' is not a number");
}

void Arguments::finish() const
{
    for (const auto& [name, value] : options_)
        if (!used_.contains(name))
            throw Error("unknown option --" + name);
}

}  // namespace strata::tools
