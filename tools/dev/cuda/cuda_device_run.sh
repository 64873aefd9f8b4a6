#!/bin/bash
# Runs on the GPU machine from the folder pack_cuda_run.sh made: the CUDA tests, then strata-bench
# --device cuda (pp512, tg128, decode against the HBM read bandwidth of the same run) on a 0.6B
# dense shape (qwen3) and an 8B dense shape (llama, 32 layers, 4096, FFN 14336, GQA 8), each at
# Q4_K and Q8_0. The models are generated there with mkmodel's fast path (--distinct-rows).
# Then the MoE section: a 30B-A3B-shaped qwen3moe (48 layers, 2048 embedding, 32 heads / 4 KV heads
# of 128, 128 experts, 8 used, expert FFN 768) at Q4_K and Q8_0, the same way.
# Logs go to $OUT when set.  MODE=tests or MODE=bench runs one half of everything; MODE=moe runs only
# the MoE tests and benchmark, MODE=moe-bench only the MoE benchmark.
set -u
D="$(cd "$(dirname "$0")" && pwd)"; B="$D/bin"; export LD_LIBRARY_PATH="$D/lib"
O="${OUT:-/tmp/strata-cuda-out}"; mkdir -p "$O"
# Models go to tmpfs when it has room (on the H200 machine 128 GB, faster to write than its 64 GB
# disk, which the dense and MoE files together would nearly fill).
if [[ -z "${MODELS:-}" ]] && [[ "$(df --output=avail -BG /dev/shm 2>/dev/null | tail -1 | tr -dc 0-9)" -ge 60 ]]; then
    MODELS=/dev/shm/strata-cuda-models
fi
M="${MODELS:-/tmp/strata-cuda-models}"; mkdir -p "$M"
mode="${MODE:-all}"
moe_types="${MOE_TYPES:-Q4_K Q8_0}"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm,clocks.max.mem --format=csv | tee "$O/gpu.txt"
moe="--arch qwen3moe --layers 48 --embedding 2048 --heads 32 --kv-heads 4 --head-dim 128 --ff 6144 --experts 128"
moe="$moe --experts-used 8 --expert-ff 768 --vocab 151936"
make_moe() {  # the 30B-A3B-shaped model at type $1, unless it is there
    local f="$M/moe-$1.gguf"
    [[ -f "$f" ]] || (timeout 280 "$B/strata-gguf" mkmodel "$f.tmp" $moe --type "$1" --distinct-rows 64 --seed 3 >/dev/null &&
        mv "$f.tmp" "$f")
}
# The first MoE model is written while the tests run (minutes of mostly one core).
[[ "$mode" == moe* ]] && make_moe "${moe_types%% *}" &
if [[ "$mode" == moe || "$mode" == all || "$mode" == tests ]]; then
    timeout 120 "$B/test_cuda_moe" -o "$O/test_cuda_moe.txt,txt" -o -,txt 2>&1 | grep -E -A2 "^FAIL|Totals|SKIP" | head -n 40
fi
if [[ "$mode" == moe ]]; then
    timeout 150 "$B/test_cuda_model" greedyMoeContinuationsAgree "logitsMatchCpu:qwen3moe Q8_0" "logitsMatchCpu:qwen3moe Q4_K" \
        "logitsMatchCpu:qwen3moe Q4_K 32 experts" "logitsMatchCpu:qwen3moe Q6_K 32 experts head 128" \
        "logitsMatchCpu:qwen3moe BF16" "logitsMatchCpu:qwen3moe F16" -o "$O/test_cuda_model_moe.txt,txt" -o -,txt 2>&1 |
        grep -E -A1 "worst|identical|FAIL|Totals|SKIP" | head -n 40
fi
if [[ "$mode" == all || "$mode" == tests ]]; then
    timeout 150 "$B/test_cuda_kernels" -o "$O/test_cuda_kernels.txt,txt" -o -,txt 2>&1 | grep -E -A2 "^FAIL|Totals|SKIP" | head -n 60
    timeout 200 "$B/test_cuda_model" -o "$O/test_cuda_model.txt,txt" -o -,txt 2>&1 | grep -E -A1 "worst|FAIL|Totals|SKIP" | head -n 80
fi
[[ "$mode" == tests ]] && exit 0
if [[ "$mode" == all || "$mode" == bench ]]; then
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
        echo "== $kind $type"
        timeout 120 "$B/strata-bench" -m "$M/$kind-$type.gguf" --device cuda -p 512 -n 128 -r 3 2>&1 | tee -a "$O/bench.txt"
    done
done
# NCU=1: GPU time per kernel of one decode step (8B shape, Q4_K) with Nsight Compute, where it works.
if [[ "${NCU:-0}" == 1 ]] && command -v "${NCU_BIN:=/usr/local/cuda/bin/ncu}" >/dev/null; then
    timeout 240 "$NCU_BIN" --clock-control none --metrics gpu__time_duration.sum --launch-skip 400 --launch-count 330 \
        --csv --print-summary per-kernel "$B/strata-bench" -m "$M/big-Q4_K.gguf" --device cuda -p 0 -n 4 -r 1 \
        --no-roofline >"$O/ncu.csv" 2>&1
    grep '^"' "$O/ncu.csv" | awk -F'","' '{printf "%-60.60s grid %-14s x%-4s avg %s ns\n", $4, $6, $9, $15}'
fi
fi
[[ "$mode" == bench ]] || [[ "$mode" == all ]] || [[ "$mode" == moe* ]] || exit 0
wait  # the MoE model started before the tests
# One file at a time (17 GB at Q4_K, 32 GB at Q8_0); Q8_0 is deleted after its run, Q4_K kept for
# NCU and later calls.
for type in $moe_types; do
    make_moe "$type"
    ls -la "$M/moe-$type.gguf"; df -h "$M" | tail -1
    echo "== 30B-A3B $type"
    timeout 150 "$B/strata-bench" -m "$M/moe-$type.gguf" --device cuda -p 512 -n 128 -r 3 2>&1 | tee -a "$O/bench-moe.txt"
    [[ "$type" == Q4_K ]] || rm -f "$M/moe-$type.gguf"
done
# NCU=1: GPU time per kernel of one MoE decode step (Q4_K).
if [[ "${NCU:-0}" == 1 ]] && command -v "${NCU_BIN:=/usr/local/cuda/bin/ncu}" >/dev/null && [[ -f "$M/moe-Q4_K.gguf" ]]; then
    timeout 200 "$NCU_BIN" --clock-control none --metrics gpu__time_duration.sum --launch-skip 900 --launch-count 400 \
        --csv --print-summary per-kernel "$B/strata-bench" -m "$M/moe-Q4_K.gguf" --device cuda -p 0 -n 4 -r 1 \
        --no-roofline >"$O/ncu-moe.csv" 2>&1
    grep '^"' "$O/ncu-moe.csv" | awk -F'","' '{printf "%-60.60s grid %-14s x%-4s avg %s ns\n", $4, $6, $9, $15}'
fi
