// strata-server: a model behind OpenAI- and Anthropic-compatible HTTP endpoints (server/).
#include "server_options.hpp"

#include "server/api_server.hpp"
#include "server/generation_queue.hpp"
#include "strata/core/error.hpp"

#include <csignal>
#include <cstdio>
#include <pthread.h>
#include <thread>

int main(int argc, char** argv)
{
    using namespace strata;
    const tools::ServerOptions o = tools::parseServerOptions(argc, argv);
    // SIGINT/SIGTERM are taken by a watcher thread (blocked here, inherited by every thread
    // started later), which stops the server so the process exits cleanly.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    try {
        model::ModelOptions mo;
        mo.threads = o.threads < 0 ? -1 : std::max(0, o.threads - 1);  // the engine thread computes too
        mo.poolPolicy = o.policy;
        auto m = model::Model::open(o.model, mo);
        server::GenerationQueue queue(*m, {.contextLength = o.context, .kv = o.kv});
        server::ApiServer api(queue, o.http);
        const uint16_t port = api.bind();
        // The first line on stdout: tests and scripts read the port from it.
        std::printf("strata-server: listening on http://%s:%u (model '%s', context %u)\n", o.http.host.c_str(),
                    unsigned(port), o.http.modelId.c_str(), queue.contextLength());
        std::fflush(stdout);
        std::thread watcher([&] {
            int got = 0;
            sigwait(&signals, &got);
            api.stop();
        });
        const bool ok = api.run();
        // A stop that did not come from a signal: wake the watcher so it can be joined.
        pthread_kill(watcher.native_handle(), SIGTERM);
        watcher.join();
        std::fprintf(stderr, "strata-server: stopped\n");
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "strata-server: %s\n", e.what());
        return 1;
    }
}
