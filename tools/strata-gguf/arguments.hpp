// Minimal command-line parsing: positional words and `--name value` / `-x value` / `--flag` options.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace strata::tools {

class Arguments {
public:
    // `flags` are options that take no value (e.g. "json").
    Arguments(int argc, char** argv, int first, const std::vector<std::string>& flags);

    const std::vector<std::string>& positional() const { return positional_; }
    bool flag(const std::string& name);
    std::optional<std::string> text(const std::string& name);
    uint32_t u32(const std::string& name, uint32_t fallback);
    uint64_t u64(const std::string& name, uint64_t fallback);
    float f32(const std::string& name, float fallback);
    // Throws when an option was given that no command asked for (a typo).
    void finish() const;

private:
    std::vector<std::string> positional_;
    std::map<std::string, std::string> options_;
    std::map<std::string, bool> used_;
};

}  // namespace strata::tools
