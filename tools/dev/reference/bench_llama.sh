#!/usr/bin/env bash
# The llama.cpp speed peer for docs/BENCHMARKS.md: writes the ~1B dense and ~1B MoE benchmark models
# with `strata-gguf mkmodel` (fixed seeds; kept, so Strata's own benchmark can run on the same files)
# and runs llama-bench (built by build_llama_bench.sh) on each at threads=2.
#
# Usage: bench_llama.sh [--models-only] [extra llama-bench arguments...]
# Environment: STRATA_BENCH_MODELS (default $STRATA_EXT_DIR/bench-models), STRATA_EXT_DIR (default ${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev),
#              REPS (llama-bench -r, default 3), JOBS (compile jobs, default 2).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
ext="${STRATA_EXT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev}"
models_dir="${STRATA_BENCH_MODELS:-$ext/bench-models}"
reps="${REPS:-3}"
jobs="${JOBS:-2}"
models_only=0
if [[ "${1:-}" == "--models-only" ]]; then models_only=1; shift; fi

bench="$ext/llama-build/bin/llama-bench"
if [[ $models_only == 0 && ! -x "$bench" ]]; then
    "$here/build_llama_bench.sh"
fi
if [[ ! -f "$repo/build/bench/build.ninja" ]]; then
    (cd "$repo" && cmake --preset bench >/dev/null)
fi
cmake --build "$repo/build/bench" --target strata-gguf -j "$jobs" >/dev/null
mkgguf="$(find "$repo/build/bench" -name strata-gguf -type f -perm -u+x | head -n1)"

# dense: 20 x (attention 10.5M + FFN 34.6M) + 2 x 65.5M embeddings/head = ~1.03B parameters.
dense="--arch llama --layers 20 --embedding 2048 --heads 32 --kv-heads 8 --ff 5632 --vocab 32000 --seed 101"
# MoE: 8 x (attention 10.5M + 64 experts x 1.57M) + 2 x 65.5M = ~1.02B; per token 8 experts:
# ~0.25B active (attention, 8 experts, router, output head).
moe="--arch qwen3moe --layers 8 --embedding 2048 --heads 16 --kv-heads 4 --head-dim 128 --experts 64 --experts-used 8 --expert-ff 256 --vocab 32000 --seed 102"

mkdir -p "$models_dir"
files=()
for kind in dense moe; do
    shape="${!kind}"
    for type in Q8_0 Q4_K; do
        file="$models_dir/$kind-1b-$type.gguf"
        if [[ ! -f "$file" ]]; then
            echo "mkmodel: strata-gguf mkmodel $(basename "$file") $shape --type $type"
            "$mkgguf" mkmodel "$file.tmp" $shape --type "$type"
            mv "$file.tmp" "$file"
        fi
        files+=("$file")
    done
done
[[ $models_only == 1 ]] && exit 0

for file in "${files[@]}"; do
    echo "## $(basename "$file")"
    echo "\$ llama-bench -m $(basename "$file") -p 512 -n 128 -t 2 -r $reps $*"
    "$bench" -m "$file" -p 512 -n 128 -t 2 -r "$reps" "$@"
done
