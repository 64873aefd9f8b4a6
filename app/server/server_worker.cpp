#include "app/server/server_worker.hpp"

#include "server/api_server.hpp"

namespace strata::app {

void ServerWorker::serve(server::ApiServer& api)
{
    const bool ok = api.run();
    emit finished(!ok);
}

}  // namespace strata::app
