#!/usr/bin/env bash
# Builds llama.cpp's llama-server from the exact source node-llama-cpp@3.21.1 carries (outside the
# repository) and runs the OpenAI client checks of tests/server/sdk_clients.cjs (the official `openai`
# npm package: models, chat, stream with usage, tools in the template, text completion, unknown model,
# wrong type) against it and against strata-server on the same model, so our API is seen to answer
# the same requests as the peer; then the app's chat uses llama-server as its remote model
# (tests/app/remote/test_remote_chat, replyFromAPeerServer: the streamed reply equals llama-server's own
# greedy answer). A dev script, not CI: the build takes many minutes on 2 cores. The client checks
# open a connection per request (SDK_NO_KEEPALIVE, sdk_clients.cjs says why). Last run and its
# results: docs/architecture/remote-engines.md, "Tests".
#
#   tools/dev/llama_server_peer.sh MODEL.gguf [STRATA_BUILD_DIR]   (default build/ci)
#
# clang, not g++ (Debian 12's g++ 12 miscompiles ggml's AMX path; build_llama_bench.sh says more).
# Environment (all optional):
#   STRATA_EXT_DIR   where external things go (default ${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev)
#   JOBS             parallel compile jobs (default 2: the machine is shared)
#   THREADS          threads each server computes with (default 2)
# Needs `npm ci --prefix tests/data/npm --no-audit --no-fund` once (the pinned client libraries).
set -euo pipefail

model="${1:?usage: llama_server_peer.sh MODEL.gguf [STRATA_BUILD_DIR]}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
strata_build="${2:-$root/build/ci}"
ext="${STRATA_EXT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev}"
jobs="${JOBS:-2}"
threads="${THREADS:-2}"
npm_dir="$root/tests/data/npm"
alias_name=peer-model  # both servers list the model under this id

[[ -f "$model" ]] || { echo "no model at $model" >&2; exit 2; }
[[ -d "$npm_dir/node_modules/openai" ]] || { echo "run: npm ci --prefix tests/data/npm --no-audit --no-fund" >&2; exit 2; }
[[ -x "$strata_build/tools/strata-server/strata-server" ]] || { echo "build strata-server in $strata_build first" >&2; exit 2; }

src="$("$root/tools/dev/reference/fetch_llama_source.sh" | tail -n 1)"
build="$ext/llama-server-build"
if [[ ! -x "$build/bin/llama-server" ]]; then
    cmake -S "$src" -B "$build" -G Ninja \
        -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
        -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON -DGGML_CUDA=OFF \
        -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
        -DLLAMA_BUILD_SERVER=ON >"$ext/llama-server-configure.log" 2>&1 \
        || { tail -n 30 "$ext/llama-server-configure.log" >&2; exit 1; }
    nice -n 10 cmake --build "$build" -j "$jobs" --target llama-server
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_healthy() {  # URL PID
    for _ in $(seq 1 600); do
        curl -sf "$1/health" >/dev/null 2>&1 && return 0
        kill -0 "$2" 2>/dev/null || return 1
        sleep 0.5
    done
    return 1
}

logs="$(mktemp -d)"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT

# The same context and threads for both; --jinja makes llama-server render the GGUF's own chat
# template with `tools`, as strata-server does.
peer_port="$(free_port)"
"$build/bin/llama-server" -m "$model" --alias "$alias_name" --host 127.0.0.1 --port "$peer_port" \
    -c 1024 -t "$threads" --jinja >"$logs/llama-server.log" 2>&1 &
pids+=($!)
wait_healthy "http://127.0.0.1:$peer_port" "${pids[-1]}" || { tail -n 30 "$logs/llama-server.log" >&2; exit 1; }

ours_port="$(free_port)"
"$strata_build/tools/strata-server/strata-server" -m "$model" --alias "$alias_name" --port "$ours_port" \
    --ctx 1024 --threads "$threads" >"$logs/strata-server.log" 2>&1 &
pids+=($!)
wait_healthy "http://127.0.0.1:$ours_port" "${pids[-1]}" || { tail -n 30 "$logs/strata-server.log" >&2; exit 1; }

run_checks() {  # NAME PORT
    echo "== $1"
    SDK_ONLY=openai SDK_KEEP_GOING=1 SDK_NO_KEEPALIVE=1 node "$root/tests/server/sdk_clients.cjs" "http://127.0.0.1:$2" "$alias_name" \
        "$npm_dir" | tee "$logs/$1.txt" || true
}
run_checks llama-server "$peer_port"
run_checks strata-server "$ours_port"

remote_test="$strata_build/tests/app/remote/test_remote_chat"
if [[ -x "$remote_test" ]]; then
    echo "== the app's chat with llama-server as its remote model"
    QT_QPA_PLATFORM=offscreen STRATA_REMOTE_PEER="http://127.0.0.1:$peer_port#$alias_name" \
        "$remote_test" replyFromAPeerServer | grep -E '^(PASS|FAIL|SKIP|Totals)|Loc:' || true
else
    echo "== (build test_remote_chat in $strata_build to check the app's remote mode against llama-server too)"
fi

echo "== llama.cpp $(git -C "$src" rev-parse --short HEAD) (node-llama-cpp 3.21.1) vs strata-server, same checks:"
if diff <(sed 's/^/  /' "$logs/llama-server.txt") <(sed 's/^/  /' "$logs/strata-server.txt"); then
    echo "the same results from both"
else
    echo "(< llama-server, > strata-server)"
fi
