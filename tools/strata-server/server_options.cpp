#include "server_options.hpp"

#include "standard_options.hpp"

#include "server/api_server.hpp"

#include "strata/core/error.hpp"
#include "strata/model/kv_type_names.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string_view>

namespace strata::tools {
namespace {

[[noreturn]] void usage(int status)
{
    std::fputs("usage: strata-server -m MODEL [options]\n"
               "Serves MODEL over HTTP with OpenAI's and Anthropic's APIs: GET /v1/models, POST /v1/chat/completions,\n"
               "POST /v1/completions, POST /v1/messages, GET /health. One request runs at a time; others queue.\n"
               "options: --host ADDR (default 127.0.0.1; another address needs --api-key)\n"
               "         --port N (default 8080; 0: any free port, printed on the first line)\n"
               "         --api-key KEY (asked as 'Authorization: Bearer KEY' or 'x-api-key: KEY')\n"
               "         --alias NAME (the model id clients send; default: the file name without .gguf)\n"
               "         --cors-origin ORIGIN (off by default) --max-body BYTES --max-connections N (default 32)\n"
               "         --max-connections-per-client N (from one address, an IPv6 client's /64; default 16;\n"
               "           0: no bound but --max-connections)\n"
               "         --read-timeout SECONDS (a client silent this long while sending is dropped; default 10)\n"
               "         --header-timeout SECONDS (a request line and headers must arrive whole within this,\n"
               "           from the accept, or from the previous reply plus 5 s of keep-alive; default 10)\n"
               "         --body-timeout SECONDS (a request body must arrive whole within this; default 60)\n"
               "         --ctx N --kv f16|q8_0 --threads N (all threads, the caller included)\n"
               "         --pool-policy park|adaptive|fixed:<us>|fixed:<n>ms\n",
               status == 0 ? stdout : stderr);
    std::exit(status);
}

[[noreturn]] void bad(const std::string& message)
{
    std::fprintf(stderr, "strata-server: %s\n", message.c_str());
    usage(2);
}

template <class T>
T number(std::string_view flag, std::string_view v)
{
    T out{};
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || ptr != v.data() + v.size())
        bad(std::string(flag) + " needs a number, not '" + std::string(v) + "'");
    return out;
}

}  // namespace

ServerOptions parseServerOptions(int argc, char** argv)
{
    if (wantsVersion(argc, argv)) {
        printVersion("strata-server");
        std::exit(0);
    }
    if (wantsHelp(argc, argv))
        usage(0);
    ServerOptions o;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        auto value = [&]() -> std::string_view {
            if (i + 1 >= argc)
                bad(std::string(a) + " needs a value");
            return argv[++i];
        };
        if (a == "-m" || a == "--model")
            o.model = value();
        else if (a == "--host")
            o.http.host = value();
        else if (a == "--port")
            o.http.port = number<uint16_t>(a, value());
        else if (a == "--api-key")
            o.http.apiKey = value();
        else if (a == "--alias")
            o.http.modelId = value();
        else if (a == "--cors-origin")
            o.http.corsOrigin = value();
        else if (a == "--max-body")
            o.http.maxBodyBytes = number<size_t>(a, value());
        else if (a == "--max-connections")
            o.http.maxConnections = number<size_t>(a, value());
        else if (a == "--max-connections-per-client")
            o.http.maxConnectionsPerClient = number<size_t>(a, value());
        else if (a == "--read-timeout")
            o.http.readTimeout = std::chrono::seconds(number<unsigned>(a, value()));
        else if (a == "--header-timeout")
            o.http.headerTimeout = std::chrono::seconds(number<unsigned>(a, value()));
        else if (a == "--body-timeout")
            o.http.bodyTimeout = std::chrono::seconds(number<unsigned>(a, value()));
        else if (a == "--threads" || a == "-t")
            o.threads = number<int>(a, value());
        else if (a == "--ctx" || a == "-c")
            o.context = number<uint32_t>(a, value());
        else if (a == "--kv") {
            const std::optional<model::KvType> kv = model::kvTypeFromString(value());
            if (!kv)
                bad("--kv takes f16 or q8_0");
            o.kv = *kv;
        } else if (a == "--pool-policy") {
            try {
                o.policy = pool::parseWaitPolicy(std::string(value()));
            } catch (const Error& e) {
                bad(e.what());
            }
        } else
            bad("unknown argument '" + std::string(a) + "'");
    }
    if (o.model.empty())
        bad("-m MODEL is required");
    if (o.http.maxConnections == 0 || o.http.maxConnections > 1024)
        bad("--max-connections takes 1 to 1024");
    if (!server::isLoopback(o.http.host) && o.http.apiKey.empty())
        bad("serving on " + o.http.host + " (not a loopback address) needs --api-key KEY");
    if (o.http.readTimeout.count() == 0)
        bad("--read-timeout takes at least 1 second");
    if (o.http.headerTimeout.count() == 0)
        bad("--header-timeout takes at least 1 second");
    if (o.http.bodyTimeout.count() == 0)
        bad("--body-timeout takes at least 1 second");
    if (o.http.modelId.empty())
        o.http.modelId = std::filesystem::path(o.model).stem().string();
    return o;
}

}  // namespace strata::tools
