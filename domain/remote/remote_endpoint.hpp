// A remote OpenAI-compatible endpoint as a chat model (vLLM, llama.cpp's llama-server, Ollama,
// LM Studio, another Strata): the server's base URL and the model name it serves. The chat keeps
// a model as one string (the recent models list, a reply's "model"), so an endpoint is written as
// "remote+<base URL>#<model>"; no file path starts with "remote+".
#pragma once

#include <QString>
#include <QUrl>
#include <optional>

namespace strata::domain {

struct RemoteEndpoint {
    QString baseUrl;  // normalised: no trailing "/" and no "/v1" (the API's paths are added)
    QString model;

    bool operator==(const RemoteEndpoint&) const = default;
};

// The endpoint for what a user typed: "http://host:8080", "http://host:8080/" and
// "http://host:8080/v1" are the same server. Nullopt, with `error` set, for anything that is not
// an http(s) URL with a host, or an empty model name.
std::optional<RemoteEndpoint> remoteEndpointFrom(const QString& baseUrl, const QString& model,
                                                 QString* error = nullptr);

// The base URL alone, normalised the same way (to list a server's models before one is named).
std::optional<QString> remoteBaseUrl(const QString& typed, QString* error = nullptr);

bool isRemoteModelPath(const QString& path);
QString remoteModelPath(const RemoteEndpoint& endpoint);
std::optional<RemoteEndpoint> remoteEndpointFromPath(const QString& path);
// "model @ host:port", for the model selector.
QString remoteDisplayName(const RemoteEndpoint& endpoint);
// <base>/v1/<apiPath>, e.g. apiPath "chat/completions".
QUrl remoteApiUrl(const RemoteEndpoint& endpoint, const QString& apiPath);

}  // namespace strata::domain
