// The worker of the app's API server thread ("strata-server", owned by ServerController): serve()
// blocks in ApiServer::run(), httplib's accept loop, until the GUI thread calls ApiServer::stop()
// (a direct call: httplib's stop is thread-safe); then it says so with finished().
#pragma once

#include <QObject>

namespace strata::server {
class ApiServer;
}

namespace strata::app {

class ServerWorker : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // Runs on this worker's thread; returns when the server has stopped and every connection closed.
    void serve(server::ApiServer& api);

signals:
    // acceptFailed: the accept loop ended on an error, not on stop().
    void finished(bool acceptFailed);
};

}  // namespace strata::app
