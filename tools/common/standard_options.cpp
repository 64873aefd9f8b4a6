#include "standard_options.hpp"

#include "strata/core/build_info.hpp"

#include <cstdio>
#include <string_view>

namespace strata::tools {
namespace {

bool hasArgument(int argc, char** argv, std::string_view a, std::string_view b)
{
    for (int i = 1; i < argc; ++i)
        if (argv[i] == a || argv[i] == b)
            return true;
    return false;
}

}  // namespace

bool wantsHelp(int argc, char** argv)
{
    return hasArgument(argc, argv, "--help", "-h");
}

bool wantsVersion(int argc, char** argv)
{
    return hasArgument(argc, argv, "--version", "--version");
}

void printVersion(const char* tool)
{
    const BuildInfo build = buildInfo();
    std::printf("%s %s (%s, %s; CUDA %s, Vulkan %s)\n", tool, build.version.c_str(), build.compiler.c_str(),
                build.buildType.c_str(), build.cuda ? "yes" : "no", build.vulkan ? "yes" : "no");
}

}  // namespace strata::tools
