#!/usr/bin/env bash
# Runs on the GPU machine, from the folder pack_llama_cuda_peer.sh made.
#   build (default): builds llama-bench with CUDA, natively for this machine (CUDA architecture
#                    "native", GGML_NATIVE=ON for the CPU side), into $PEER_BUILD; skipped if built;
#                    PEER_CUDA=OFF: the CPU backend alone.
#   bench DIR...:    llama-bench -ngl 99 -p 512 -n 128 on every .gguf in DIR (flash attention on and
#                    off), the figures strata-bench --device cuda is compared with in the same run.
# The build flags and compiler versions are printed, to be recorded beside the table.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="${PEER_BUILD:-/tmp/llama-cuda-peer}"
out="${OUT:-/tmp}"
reps="${REPS:-3}"
flags=(-DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON
       -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF
       -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_APP=OFF)
# PEER_CUDA=OFF builds the CPU peer alone (native, so AMX where the CPU has it): the comparison for
# the engine's CPU kernels on this machine's host, in about a minute instead of five.
if [[ "${PEER_CUDA:-ON}" == OFF ]]; then
    flags+=(-DGGML_CUDA=OFF)
else
    flags+=(-DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=native)
fi
# PEER_FLAGS: more CMake options, after these (the last of a repeated -D wins), e.g. an AVX2-only peer:
# "-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON".
read -ra extra_flags <<<"${PEER_FLAGS:-}"
flags+=("${extra_flags[@]}")

build_peer() {
    if [[ -x "$build/bin/llama-bench" ]]; then echo "peer: already built at $build"; return; fi
    mkdir -p "$build/src"
    tar -C "$build/src" -xJf "$here/llama-src.tar.xz"
    { echo "llama.cpp $(cat "$here/llama-src.commit") (node-llama-cpp 3.21.1)"; echo "cmake ${flags[*]}"
      [[ "${PEER_CUDA:-ON}" == OFF ]] || nvcc --version | tail -n 2; c++ --version | head -n 1; } | tee "$out/peer_build.txt"
    local t0=$SECONDS
    cmake -S "$build/src" -B "$build" -G Ninja "${flags[@]}" >"$build/configure.log" 2>&1 \
        || { tail -n 30 "$build/configure.log"; exit 1; }
    cmake --build "$build" -j "$(nproc)" --target llama-bench >"$build/build.log" 2>&1 \
        || { tail -n 40 "$build/build.log"; exit 1; }
    echo "peer: built in $((SECONDS - t0)) s" | tee -a "$out/peer_build.txt"
}

bench_peer() {
    for dir in "$@"; do
        for model in "$dir"/*.gguf; do
            echo "== llama.cpp $(basename "$model")"
            timeout 200 "$build/bin/llama-bench" -m "$model" -ngl 99 -p 512 -n 128 -r "$reps" -fa 0,1 -o md 2>&1 \
                | grep -E '^\|' | tee -a "$out/peer_bench.txt"
        done
    done
}

case "${1:-build}" in
    build) build_peer ;;
    bench) shift; bench_peer "$@" ;;
    *) echo "usage: llama_cuda_peer.sh [build | bench DIR...]" >&2; exit 2 ;;
esac
