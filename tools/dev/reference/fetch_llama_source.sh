#!/usr/bin/env bash
# Fetches the exact llama.cpp source that node-llama-cpp@3.21.1 carries (a git bundle plus the patches
# node-llama-cpp applies before its own build), outside the repository, and prints its folder on the
# last line. Used by build_llama_bench.sh (CPU peer, built here) and pack_llama_cuda_peer.sh (CUDA peer,
# built on the GPU machine). llama.cpp's code is never committed here.
#   STRATA_EXT_DIR   where external things go (default ${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev)
set -euo pipefail

ext="${STRATA_EXT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev}"
nlc_dir="$ext/nlc"
src="$ext/llama.cpp-src"
nlc_version=3.21.1

pkg="$nlc_dir/node_modules/node-llama-cpp"
if [[ ! -f "$pkg/package.json" ]] || ! grep -q "\"version\": \"$nlc_version\"" "$pkg/package.json"; then
    mkdir -p "$nlc_dir"
    (cd "$nlc_dir" && { [[ -f package.json ]] || npm init -y >/dev/null; } && npm i -E "node-llama-cpp@$nlc_version" >&2)
fi

if [[ ! -d "$src/.git" ]]; then
    git clone -q "$pkg/llama/gitRelease.bundle" "$src"
    for p in "$pkg"/llama/patches/*.diff; do
        [[ -e "$p" ]] || continue
        git -C "$src" apply --ignore-whitespace "$p"
    done
fi
echo "llama.cpp source: $(git -C "$src" rev-parse HEAD), node-llama-cpp tag $(sed -n 's/.*"tag": "\(.*\)".*/\1/p' "$pkg/llama/llama.cpp.info.json")" >&2
echo "$src"
