#!/usr/bin/env bash
# Builds llama.cpp's llama-bench (and llama-cli, llama-simple) from the exact llama.cpp source that
# node-llama-cpp@3.21.1 carries, so the speed peer and the correctness reference are the same code.
# Everything lands OUTSIDE the repository (llama.cpp's code is never committed here).
#
# clang, not g++: Debian 12's g++ 12 miscompiles ggml's AMX path. CPU only, Release, -march=native.
#
# Environment (all optional):
#   STRATA_EXT_DIR   where external things go (default ${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev)
#   JOBS             parallel compile jobs               (default 2: the machine is shared)
set -euo pipefail

ext="${STRATA_EXT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev}"
jobs="${JOBS:-2}"
src="$("$(dirname "${BASH_SOURCE[0]}")/fetch_llama_source.sh" | tail -n 1)"
build="$ext/llama-build"

# Configure and build only the tools we use.
if [[ ! -f "$build/build.ninja" ]]; then
    cmake -S "$src" -B "$build" -G Ninja \
        -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
        -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON \
        -DLLAMA_CURL=OFF -DGGML_CUDA=OFF \
        -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=OFF
fi
cmake --build "$build" -j "$jobs" --target llama-bench "$@"
echo "llama-bench: $build/bin/llama-bench"
