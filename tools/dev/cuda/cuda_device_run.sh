#!/bin/bash
# Runs on the GPU machine from the folder pack_cuda_run.sh made: the CUDA tests, then strata-bench
# --device cuda (pp512, tg128, decode against the HBM read bandwidth of the same run) on a 0.6B
# dense shape (qwen3) and an 8B dense shape (llama, 32 layers, 4096, FFN 14336, GQA 8), each at
# Q4_K and Q8_0. The models are generated there with mkmodel's fast path (--distinct-rows).
# Logs go to $OUT when set.  MODE=tests or MODE=bench runs one half.
set -u
D="$(cd "$(dirname "$0")" && pwd)"; B="$D/bin"; export LD_LIBRARY_PATH="$D/lib"
O="${OUT:-/tmp/strata-cuda-out}"; mkdir -p "$O"
M="${MODELS:-/tmp/strata-cuda-models}"; mkdir -p "$M"
mode="${MODE:-all}"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm,clocks.max.mem --format=csv | tee "$O/gpu.txt"
echo "== start $(date -u +%T)"
if [[ "$mode" != bench ]]; then
    timeout 150 "$B/test_cuda_kernels" -o "$O/test_cuda_kernels.txt,txt" -o -,txt 2>&1 | grep -E -A2 "^FAIL|Totals|SKIP" | head -n 60
    timeout 200 "$B/test_cuda_model" -o "$O/test_cuda_model.txt,txt" -o -,txt 2>&1 | grep -E -A1 "worst|FAIL|Totals|SKIP" | head -n 80
fi
[[ "$mode" == tests ]] && exit 0
small="--arch qwen3 --layers 28 --embedding 1024 --heads 16 --kv-heads 8 --head-dim 128 --ff 3072 --vocab 151936"
big="--arch llama --layers 32 --embedding 4096 --heads 32 --kv-heads 8 --ff 14336 --vocab 128256"
for kind in small big; do
    for type in Q4_K Q8_0; do
        shape="${!kind}"; f="$M/$kind-$type.gguf"
        [[ -f "$f" ]] || (timeout 240 "$B/strata-gguf" mkmodel "$f.tmp" $shape --type "$type" --distinct-rows 64 --seed 3 >/dev/null && mv "$f.tmp" "$f") &
    done
done
wait
ls -la "$M"
for kind in small big; do
    for type in Q4_K Q8_0; do
        echo "== $kind $type $(date -u +%T)"
        timeout 120 "$B/strata-bench" -m "$M/$kind-$type.gguf" --device cuda -p 512 -n 128 -r 3 2>&1 | tee -a "$O/bench.txt"
    done
done
# Decode after a long context (split-K attention): 8B Q4_K at 4k and 16k tokens.
for depth in 4096 16384; do
    echo "== big Q4_K depth $depth $(date -u +%T)"
    timeout 90 "$B/strata-bench" -m "$M/big-Q4_K.gguf" --device cuda -p 0 -n 64 -d "$depth" -r 2 2>&1 | tee -a "$O/bench.txt"
done
echo "== done $(date -u +%T)"
# NCU=1: GPU time per kernel of one decode step and of one prefill (8B shape, Q4_K) with Nsight Compute, where it works.
# NCU=prefill: the prefill part only.
ncu_ok() { [[ "${NCU:-0}" != 0 ]] && command -v "${NCU_BIN:=/usr/local/cuda/bin/ncu}" >/dev/null; }
if ncu_ok && [[ "$NCU" == 1 ]]; then
    timeout 240 "$NCU_BIN" --clock-control none --metrics gpu__time_duration.sum --launch-skip 400 --launch-count 330 \
        --csv --print-summary per-kernel "$B/strata-bench" -m "$M/big-Q4_K.gguf" --device cuda -p 0 -n 4 -r 1 \
        --no-roofline >"$O/ncu.csv" 2>&1
    grep '^"' "$O/ncu.csv" | awk -F'","' '{printf "%-60.60s grid %-14s x%-4s avg %s ns\n", $4, $6, $9, $15}'
fi
if ncu_ok; then
    # Prefill: the embedding and the first layers of one 512-token pass.
    timeout 120 "$NCU_BIN" --clock-control none --metrics gpu__time_duration.sum --launch-count 24 \
        --csv --print-summary per-kernel "$B/strata-bench" -m "$M/big-Q4_K.gguf" --device cuda -p 512 -n 0 -r 1 \
        >"$O/ncu-prefill.csv" 2>&1
    grep '^"' "$O/ncu-prefill.csv" | awk -F'","' '{printf "%-60.60s grid %-14s x%-4s avg %s ns\n", $4, $6, $9, $15}'
fi
