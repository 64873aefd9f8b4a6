// `strata-gguf quantize IN OUT TYPE`
#include "commands.hpp"
#include "strata/core/error.hpp"
#include "strata/gguf/file_type.hpp"
#include "strata/gguf/requantize.hpp"

#include <cstdio>

namespace strata::tools {

using namespace strata::gguf;

int runQuantize(Arguments& args)
{
    args.finish();
    if (args.positional().size() != 3)
        throw Error("quantize takes IN OUT TYPE");
    const auto type = ggmlTypeFromName(args.positional()[2]);
    if (!type)
        throw Error("unknown type '" + args.positional()[2] + "'");
    const File in = File::open(args.positional()[0]);
    const Writer w = requantize(in, *type);
    w.write(args.positional()[1]);
    std::printf("wrote %s: %zu tensors, weights %s\n", args.positional()[1].c_str(), w.tensorCount(),
                args.positional()[2].c_str());
    return 0;
}

}  // namespace strata::tools
