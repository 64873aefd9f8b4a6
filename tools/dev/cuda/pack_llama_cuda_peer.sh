#!/usr/bin/env bash
# Packs the llama.cpp source that node-llama-cpp@3.21.1 carries (only the folders a llama-bench build
# reads, about 6 MB compressed) with llama_cuda_peer.sh into DEST, for the GPU machine, where the CUDA
# peer is built natively (its nvcc, its GPU's architecture, its CPU's flags): nvcc here is the same
# version, but a build here would not be native to that machine, and its 16 cores build it in minutes.
#   run with carry [DEST relative to the repo] and `bash DEST/llama_cuda_peer.sh`.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dest="${1:?usage: pack_llama_cuda_peer.sh DEST}"
src="$("$here/../reference/fetch_llama_source.sh" | tail -n 1)"
mkdir -p "$dest"
# Backends other than CUDA/CPU and the server's web assets are left out: the build never reads them.
tar -C "$src" --exclude=.git --exclude='ggml/src/ggml-'{vulkan,sycl,opencl,metal,cann,musa,webgpu,hexagon} \
    --exclude='tools/server/public*' --exclude='tools/server/webui' --exclude='tools/ui' \
    -cJf "$dest/llama-src.tar.xz" CMakeLists.txt cmake ggml src include common tools vendor licenses LICENSE
git -C "$src" rev-parse HEAD >"$dest/llama-src.commit"
cp "$here/llama_cuda_peer.sh" "$dest/"
du -sh "$dest"
