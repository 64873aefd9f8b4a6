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
nlc_dir="$ext/nlc"
src="$ext/llama.cpp-src"
build="$ext/llama-build"
nlc_version=3.21.1

# 1. node-llama-cpp (carries llama.cpp as a git bundle plus the patches it applies before building).
pkg="$nlc_dir/node_modules/node-llama-cpp"
if [[ ! -f "$pkg/package.json" ]] || ! grep -q "\"version\": \"$nlc_version\"" "$pkg/package.json"; then
    mkdir -p "$nlc_dir"
    (cd "$nlc_dir" && { [[ -f package.json ]] || npm init -y >/dev/null; } && npm i -E "node-llama-cpp@$nlc_version")
fi

# 2. The llama.cpp source from the bundle, with node-llama-cpp's patches applied (as its own build does).
if [[ ! -d "$src/.git" ]]; then
    git clone -q "$pkg/llama/gitRelease.bundle" "$src"
    for p in "$pkg"/llama/patches/*.diff; do
        [[ -e "$p" ]] || continue
        git -C "$src" apply --ignore-whitespace "$p"
    done
fi
echo "llama.cpp source: $src ($(git -C "$src" rev-parse HEAD), node-llama-cpp tag $(sed -n 's/.*"tag": "\(.*\)".*/\1/p' "$pkg/llama/llama.cpp.info.json"))"

# 3. Configure and build only the tools we use.
if [[ ! -f "$build/build.ninja" ]]; then
    cmake -S "$src" -B "$build" -G Ninja \
        -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
        -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON \
        -DLLAMA_CURL=OFF -DGGML_CUDA=OFF \
        -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=OFF
fi
cmake --build "$build" -j "$jobs" --target llama-bench "$@"
echo "llama-bench: $build/bin/llama-bench"
