#!/bin/bash
# Runs on the GPU machine from the folder pack_cuda_run.sh made. STEPS (default: tests bench moe-bench)
# picks, in order:
#   tests        the CUDA tests (kernels, MoE kernels, whole models GPU vs CPU, VRAM estimate)
#   models       writes the dense models and the MoE model at Q4_K ahead (while a peer builds, say)
#   bench        strata-bench --device cuda (pp512, tg128, decode against the HBM read bandwidth of the
#                same run) on a 0.6B dense shape (qwen3) and an 8B dense shape (llama, 32 layers, 4096,
#                FFN 14336, GQA 8), each at Q4_K and Q8_0
#   gpu-wait     decode of the 0.6B, 8B and MoE shapes at Q4_K with each --gpu-wait mode (blocking, spin,
#                yield, adaptive): tok/s and CPU%; then the hybrid MoE (8 GiB cache) blocking and adaptive
#   dependent-launch  pp512 and tg128 of the dense files and the MoE file at Q4_K with kernels started
#                early (programmatic dependent launch, the default on sm_90) and without
#                (STRATA_CUDA_DEPENDENT_LAUNCH=0), alternating, two rounds: the same binary, the same run
#   depth        decode after a 4k and a 16k context (split-K attention), 8B Q4_K
#   moe-bench    a 30B-A3B-shaped qwen3moe (48 layers, 2048 embedding, 32 heads / 4 KV heads of 128,
#                128 experts, 8 used, expert FFN 768) at $MOE_TYPES, one file at a time
#   hybrid       hybrid MoE: the 30B-A3B shape at Q4_K with router skew $SKEWS (one unskewed file,
#                copied and shaped by strata-gguf skew; its measured routing first), each VRAM expert budget of $BUDGETS (MiB)
#                with every waiting policy (fixed 20 ms, fixed 100 us, park, adaptive with and without
#                wake-ahead), and the peer with --n-cpu-moe at the same VRAM, at --poll 0, 50 and 100.
#                Process VRAM from nvidia-smi (NVML) beside each run. Knobs: GPU_WAIT (--gpu-wait of
#                every Strata run, default blocking), POLICIES, POLLS (the peer's), STATIC=0 (no cpu:N
#                row), and CACHE_CURVE=N: a chat of N decoded tokens from a cold cache with park
#                (strata-bench --cache-curve: warm-up and per-token stalls).
#   prefill      long prompts on a hybrid MoE (issue 21): the 30B-A3B shape at Q4_K without skew, an
#                expert budget of BUDGET MiB (default 8192, ~50 % of the experts resident), prompts of
#                PROMPTS tokens (default "8192 30720") in chunks of CHUNK (default 8192): the seeds'
#                yield-spin stagers (32, STRATA_STAGER_WAIT=yield) with the host pinned to CPU 0 and
#                their pin inherited, and unpinned; the sleeping default, pinned and not; STAGERS threads
#                (default "1 4 8 32"); at the first prompt length CHUNKS (default "512 2048"), the budget
#                MATCHED_BUDGET (set it for the peer's total VRAM) and decode (tg128) after the prompt,
#                read streamed and on the CPU pool; the default row with STRATA_PREFILL_TIMING=1. Then
#                the peer with -ncmoe at the same expert VRAM at -ub PEER_UB (default "512 2048"). ROWS
#                (default: all of yield-pinned yield pinned default memcpy stagers chunks matched
#                decode-streamed decode-pool; memcpy: the stagers copy with glibc's memcpy, not streaming
#                stores) and
#                ROWS_30K (default "default pinned yield") pick the rows; prompts over 8192 tokens run
#                once after the warm-up (REPS, default 2, below). Row NAME (add it to ROWS/ROWS_30K)
#                runs the default row with bin/strata-bench-NAME, another build packed beside it, for
#                an A/B of a change in the same run.
#   stall        issue 26's stall bound: a chat of CACHE_CURVE (default 400) tokens from a cold cache
#                (strata-bench --cache-curve, park, adaptive GPU wait) on the unskewed MoE file at BUDGET
#                MiB, as it is, with the cache frozen after 100 tokens (STRATA_EXPERT_CACHE_FREEZE: the
#                control without copies) and with the cache's stager at nice 19 (STRATA_CACHE_STAGER_NICE)
#   ncu-decode, ncu-prefill, ncu-moe, ncu-moe-prefill   GPU time per kernel with Nsight Compute, where it works
# Models are generated there with mkmodel's fast path (--distinct-rows). With PEER=<llama-bench>, the
# llama.cpp peer runs right after strata-bench on every same file (llama_cuda_peer.sh builds it).
# Logs go to $OUT when set. Runs longer than one device call: start it with detached_run.sh.
set -u
D="$(cd "$(dirname "$0")" && pwd)"; B="$D/bin"; export LD_LIBRARY_PATH="$D/lib"
O="${OUT:-/tmp/strata-cuda-out}"; mkdir -p "$O"
# Models go to tmpfs when it has room (on the H200 machine 128 GB, faster to write than its 64 GB
# disk, which the dense and MoE files together would nearly fill).
if [[ -z "${MODELS:-}" ]] && [[ "$(df --output=avail -BG /dev/shm 2>/dev/null | tail -1 | tr -dc 0-9)" -ge 60 ]]; then
    MODELS=/dev/shm/strata-cuda-models
fi
M="${MODELS:-/tmp/strata-cuda-models}"; mkdir -p "$M"
steps="${STEPS:-tests bench moe-bench}"
moe_types="${MOE_TYPES:-Q4_K Q8_0}"
peer="${PEER:-}"
small="--arch qwen3 --layers 28 --embedding 1024 --heads 16 --kv-heads 8 --head-dim 128 --ff 3072 --vocab 151936"
big="--arch llama --layers 32 --embedding 4096 --heads 32 --kv-heads 8 --ff 14336 --vocab 128256"
moe="--arch qwen3moe --layers 48 --embedding 2048 --heads 32 --kv-heads 4 --head-dim 128 --ff 6144 --experts 128"
moe="$moe --experts-used 8 --expert-ff 768 --vocab 151936"

make_model() {  # NAME SHAPE TYPE: $M/NAME-TYPE.gguf, unless it is there
    local f="$M/$1-$3.gguf"
    [[ -f "$f" ]] || (timeout 280 "$B/strata-gguf" mkmodel "$f.tmp" $2 --type "$3" --distinct-rows 64 --seed 3 >/dev/null &&
        mv "$f.tmp" "$f")
}
bench_file() {  # FILE: strata-bench, then the peer on the same file
    echo "== $(basename "$1") $(date -u +%T)"
    timeout 150 "$B/strata-bench" -m "$1" --device cuda -p 512 -n 128 -r 3 2>&1 | tee -a "$O/bench.txt"
    if [[ -n "$peer" ]]; then
        timeout 200 "$peer" -m "$1" -ngl 99 -p 512 -n 128 -r 3 -fa 1 -o md 2>&1 | grep -E '^\|' | tee -a "$O/peer_bench.txt"
    fi
}
with_vram() {  # LABEL CMD...: runs CMD, then prints the most VRAM any process held meanwhile (NVML)
    local label="$1" log; shift
    log=$(mktemp)
    nvidia-smi --query-compute-apps=used_memory --format=csv,noheader,nounits -lms 250 >"$log" 2>/dev/null &
    local sampler=$!
    "$@"
    kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
    echo "vram $label: $(sort -n "$log" | tail -1) MiB" | tee -a "$O/vram.txt"
    rm -f "$log"
}
cpu_series() {  # NAME: the CPU% of the newest process NAME each second while it lives (llama-bench prints none)
    local pid="" t=0 last="" now
    for _ in $(seq 50); do pid=$(pgrep -n -x "$1") && break; sleep 0.1; done
    [[ -n "$pid" ]] || return
    while [[ -r /proc/$pid/stat ]]; do
        now=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null) || break
        [[ -n "$last" ]] && printf '%d ' $(( (now - last) * 100 / $(getconf CLK_TCK) ))
        last=$now; sleep 1; t=$((t + 1))
    done
    echo
}
ncu_kernels() {  # CSV ARGS...: per-kernel GPU time of a strata-bench run
    local csv="$1"; shift
    command -v "${NCU_BIN:=/usr/local/cuda/bin/ncu}" >/dev/null || { echo "no ncu"; return; }
    timeout 240 "$NCU_BIN" --clock-control none --metrics gpu__time_duration.sum "$@" >"$O/$csv" 2>&1
    grep '^"' "$O/$csv" | awk -F'","' '{printf "%-60.60s grid %-14s x%-4s avg %s ns\n", $4, $6, $9, $15}'
}

nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm,clocks.max.mem --format=csv | tee "$O/gpu.txt"
for step in $steps; do
    echo "== step $step $(date -u +%T)"
    case "$step" in
    tests)
        for t in test_cuda_kernels test_cuda_moe test_cuda_model test_cuda_hybrid test_cuda_split test_cuda_memory; do
            timeout 200 "$B/$t" -o "$O/$t.txt,txt" -o -,txt 2>&1 | grep -E -A1 "^FAIL|worst|identical|Totals|SKIP" | head -n 80
        done ;;
    models)
        for kind in small big; do for type in Q4_K Q8_0; do make_model "$kind" "${!kind}" "$type" & done; done
        make_model moe "$moe" Q4_K &
        wait
        ls -la "$M"; df -h "$M" | tail -1 ;;
    bench)
        for kind in small big; do for type in Q4_K Q8_0; do make_model "$kind" "${!kind}" "$type" & done; done
        wait
        for kind in small big; do for type in Q4_K Q8_0; do bench_file "$M/$kind-$type.gguf"; done; done ;;
    dependent-launch)
        for kind in small big; do for type in Q4_K Q8_0; do make_model "$kind" "${!kind}" "$type" & done; done
        make_model moe "$moe" Q4_K &
        wait
        for f in small-Q4_K small-Q8_0 big-Q4_K big-Q8_0 moe-Q4_K; do
            for round in 1 2; do for early in 0 1; do
                echo "== $f round $round STRATA_CUDA_DEPENDENT_LAUNCH=$early" | tee -a "$O/dependent_launch.txt"
                STRATA_CUDA_DEPENDENT_LAUNCH=$early timeout 120 "$B/strata-bench" -m "$M/$f.gguf" --device cuda \
                    -p 512 -n 128 -r 2 2>&1 | tee -a "$O/dependent_launch.txt"
            done; done
        done ;;
    depth)
        make_model big "$big" Q4_K
        for depth in 4096 16384; do
            timeout 90 "$B/strata-bench" -m "$M/big-Q4_K.gguf" --device cuda -p 0 -n 64 -d "$depth" -r 2 2>&1 | tee -a "$O/bench.txt"
        done ;;
    moe-bench)
        # One file at a time (17 GB at Q4_K, 32 GB at Q8_0); all but Q4_K deleted after their run.
        for type in $moe_types; do
            make_model moe "$moe" "$type"
            bench_file "$M/moe-$type.gguf"
            [[ "$type" == Q4_K ]] || rm -f "$M/moe-$type.gguf"
        done ;;
    ncu-decode)
        make_model big "$big" Q4_K
        ncu_kernels ncu.csv --launch-skip 400 --launch-count 330 --csv --print-summary per-kernel \
            "$B/strata-bench" -m "$M/big-Q4_K.gguf" --device cuda -p 0 -n 4 -r 1 --no-roofline ;;
    ncu-prefill)  # the embedding and the first layers of one 512-token pass
        make_model big "$big" Q4_K
        ncu_kernels ncu-prefill.csv --launch-count 24 --csv --print-summary per-kernel \
            "$B/strata-bench" -m "$M/big-Q4_K.gguf" --device cuda -p 512 -n 0 -r 1 ;;
    ncu-moe-prefill)  # the first layers of one 512-token pass of the MoE shape: routing, expert tiles
        make_model moe "$moe" Q4_K
        ncu_kernels ncu-moe-prefill.csv --launch-count 40 --csv --print-summary per-kernel \
            "$B/strata-bench" -m "$M/moe-Q4_K.gguf" --device cuda -p 512 -n 0 -r 1 ;;
    ncu-moe)
        make_model moe "$moe" Q4_K
        ncu_kernels ncu-moe.csv --launch-skip 900 --launch-count 400 --csv --print-summary per-kernel \
            "$B/strata-bench" -m "$M/moe-Q4_K.gguf" --device cuda -p 0 -n 4 -r 1 --no-roofline ;;
    gpu-wait)  # how the host waits for the GPU: tok/s and CPU% of each mode, decode of three shapes
        for f in small big moe; do make_model "$f" "${!f}" Q4_K & done
        wait
        for f in small big moe; do for wait in blocking spin yield adaptive; do
            echo "-- $f-Q4_K --gpu-wait $wait"
            timeout 90 "$B/strata-bench" -m "$M/$f-Q4_K.gguf" --device cuda -p 0 -n 128 -r 3 --gpu-wait "$wait" 2>&1 |
                tee -a "$O/bench.txt"
        done; done
        # The hybrid's per-layer routing waits (the MoE file's own routing, 8 GiB of expert cache).
        for wait in blocking adaptive; do
            echo "-- moe-Q4_K cache:8192 --gpu-wait $wait"
            timeout 120 "$B/strata-bench" -m "$M/moe-Q4_K.gguf" --device cuda --experts cache:8192 -t 16 -p 0 -n 128 \
                -r 2 --gpu-wait "$wait" 2>&1 | tee -a "$O/bench.txt"
        done ;;
    hybrid)
        # Per expert of this shape at Q4_K: gate, up and down of 768 x 2048 = 2.53 MiB; 48 layers.
        for skew in ${SKEWS:-1.0 0}; do
            # One unskewed write; each S is a copy shaped in place (strata-gguf skew, the same file
            # mkmodel --router-skew with that seed writes).
            plain="$M/moe-plain-Q4_K.gguf" f="$M/moe-s$skew-Q4_K.gguf"
            [[ -f "$plain" ]] || (timeout 400 "$B/strata-gguf" mkmodel "$plain.tmp" $moe --type Q4_K --distinct-rows 64 \
                --seed 3 >/dev/null && mv "$plain.tmp" "$plain")
            [[ -f "$f" ]] || (cp "$plain" "$f.tmp" && timeout 400 "$B/strata-gguf" skew "$f.tmp" --router-skew "$skew" \
                --seed 3 --threads 16 >"$O/mkmodel-s$skew.txt" 2>&1 && mv "$f.tmp" "$f") || tail -5 "$O/mkmodel-s$skew.txt"
            timeout 200 "$B/strata-gguf" routing -m "$f" -n 1000 --threads 16 2>&1 | tee -a "$O/routing.txt"
            for budget in ${BUDGETS:-8192 14336}; do
                ncmoe=$((48 - budget * 100 / 253 / 128))  # the peer's CPU layers at the same expert VRAM
                wait_mode="--gpu-wait ${GPU_WAIT:-blocking}"
                for policy in ${POLICIES:-fixed:20000 fixed:100 park adaptive}; do
                    with_vram "s$skew cache:$budget $policy" timeout 200 "$B/strata-bench" -m "$f" --device cuda \
                        --experts "cache:$budget" -t 16 -p 512 -n 128 -r 2 --pool-policy "$policy" $wait_mode 2>&1 |
                        tee -a "$O/hybrid.txt"
                done
                with_vram "s$skew cache:$budget adaptive, wake-ahead" timeout 200 "$B/strata-bench" -m "$f" \
                    --device cuda --experts "cache:$budget" -t 16 -p 512 -n 128 -r 2 --pool-policy adaptive \
                    --wake-ahead $wait_mode 2>&1 | tee -a "$O/hybrid.txt"
                if [[ "${STATIC:-1}" != 0 ]]; then
                    with_vram "s$skew strata cpu:$ncmoe adaptive" timeout 200 "$B/strata-bench" -m "$f" --device cuda \
                        --experts "cpu:$ncmoe" -t 16 -p 512 -n 128 -r 2 $wait_mode 2>&1 | tee -a "$O/hybrid.txt"
                fi
                if [[ "${CACHE_CURVE:-0}" -gt 0 ]]; then
                    echo "-- s$skew cache:$budget park $wait_mode: cache warm-up" | tee -a "$O/cache_curve.txt"
                    timeout 200 "$B/strata-bench" -m "$f" --device cuda --experts "cache:$budget" -t 16 -p 64 \
                        --pool-policy park $wait_mode --cache-curve "$CACHE_CURVE" 2>&1 | tee -a "$O/cache_curve.txt"
                fi
                if [[ -n "$peer" ]]; then
                    for poll in ${POLLS:-0 50 100}; do
                        echo "-- llama.cpp s$skew -ncmoe $ncmoe --poll $poll" | tee -a "$O/peer_hybrid.txt"
                        (cpu_series llama-bench | sed 's/^/peer cpu% per second: /' >>"$O/peer_hybrid.txt") &
                        with_vram "s$skew llama.cpp ncmoe $ncmoe poll $poll" bash -c "timeout 300 '$peer' -m '$f' -ngl 99 \
                            -ncmoe $ncmoe -t 16 --poll $poll -p 512 -n 128 -r 2 -fa 1 -o md 2>&1 | grep -E '^\\|' |
                            tee -a '$O/peer_hybrid.txt'"
                        wait
                    done
                fi
            done
            rm -f "$f"
        done ;;
    prefill)
        make_model moe "$moe" Q4_K
        f="$M/moe-Q4_K.gguf"; budget="${BUDGET:-8192}"; ncmoe=$((48 - budget * 100 / 253 / 128))
        chunk="${CHUNK:-8192}"; first=""
        for p in ${PROMPTS:-8192 30720}; do
            row() {  # NAME ENV-ASSIGNMENTS... -- EXTRA-ARGS...: one strata-bench prefill row, with its VRAM
                local name="$1" envs=() args=(); shift
                while [[ $# -gt 0 && "$1" != -- ]]; do envs+=("$1"); shift; done
                [[ "${1:-}" == -- ]] && shift; args=("$@")
                local reps="${REPS:-2}" rows="${ROWS:-yield-pinned yield pinned default memcpy stagers chunks matched decode-streamed decode-pool}"
                if [[ "$p" -gt 8192 ]]; then rows="${ROWS_30K:-default pinned yield}"; reps=1; fi
                [[ " $rows " == *" ${name%%-[0-9]*} "* ]] || return 0
                echo "-- pp$p $name: ${envs[*]} ${args[*]}" | tee -a "$O/prefill.txt"
                with_vram "pp$p $name" env "${envs[@]}" timeout 400 "${BENCH:-$B/strata-bench}" -m "$f" --device cuda \
                    --experts "cache:$budget" -t 16 -p "$p" -n 0 -r "$reps" --pool-policy park --gpu-wait adaptive \
                    -b "$chunk" "${args[@]}" 2>"$O/prefill-pp$p-$name.err" | tee -a "$O/prefill.txt"
                tail -3 "$O/prefill-pp$p-$name.err"
            }
            row yield-pinned STRATA_STAGER_WAIT=yield STRATA_STAGER_AFFINITY=inherit STRATA_STAGER_THREADS=32 -- --pin-host 0
            row yield STRATA_STAGER_WAIT=yield STRATA_STAGER_THREADS=32
            row pinned -- --pin-host 0
            row default STRATA_PREFILL_TIMING=1
            row memcpy STRATA_STAGER_COPY=memcpy STRATA_PREFILL_TIMING=1  # the stagers' copies with glibc's memcpy
            grep -A50 '^prefill timing' "$O/prefill-pp$p-default.err" | tail -52 >"$O/prefill-timing-pp$p.txt"
            # The same row from other builds carried beside it (bin/strata-bench-NAME: row NAME), for an
            # A/B of a change in one run.
            for alt in "$B"/strata-bench-*; do
                [[ -x "$alt" ]] && BENCH="$alt" row "${alt##*/strata-bench-}" STRATA_PREFILL_TIMING=1
            done
            for n in ${STAGERS:-1 4 8 32}; do row "stagers-$n" STRATA_STAGER_THREADS="$n"; done
            if [[ -z "$first" ]]; then
                first="$p"
                for c in ${CHUNKS:-512 2048}; do chunk="$c" row "chunks-$c"; done
                # The peer's VRAM at the same expert budget (MATCHED_BUDGET: Strata's budget for the same total).
                [[ -n "${MATCHED_BUDGET:-}" ]] && budget="$MATCHED_BUDGET" row "matched-$MATCHED_BUDGET"
                # Decode after a long prompt read streamed and read on the CPU pool: the same depth, the same tg.
                row decode-streamed -- -p 0 -n 128 -d "$p"
                row decode-pool STRATA_PREFILL_STREAM_TOKENS=1000000 -- -p 0 -n 128 -d "$p" -r 1
            fi
            if [[ -n "$peer" ]]; then
                ubs="${PEER_UB:-512 2048}"; [[ "$p" -gt 8192 ]] && ubs="${ubs%% *}"
                for ub in $ubs; do
                    echo "-- llama.cpp pp$p -ncmoe $ncmoe -ub $ub" | tee -a "$O/peer_prefill.txt"
                    (cpu_series llama-bench | sed 's/^/peer cpu% per second: /' >>"$O/peer_prefill.txt") &
                    with_vram "pp$p llama.cpp ncmoe $ncmoe ub $ub" bash -c "timeout 500 '$peer' -m '$f' -ngl 99 \
                        -ncmoe $ncmoe -t 16 -p $p -n 0 -r 1 -b $((ub > 2048 ? ub : 2048)) -ub $ub -fa 1 -o md 2>&1 |
                        grep -E '^\\|' | tee -a '$O/peer_prefill.txt'"
                    wait
                done
            fi
        done ;;
    stall)
        make_model moe "$moe" Q4_K
        for variant in plain STRATA_EXPERT_CACHE_FREEZE=100 STRATA_CACHE_STAGER_NICE=19 plain; do
            echo "-- cache:${BUDGET:-8192} $variant: cache warm-up and stalls" | tee -a "$O/stall.txt"
            env $([[ "$variant" == plain ]] || echo "$variant") timeout 200 "$B/strata-bench" -m "$M/moe-Q4_K.gguf" \
                --device cuda --experts "cache:${BUDGET:-8192}" -t 16 -p 64 --pool-policy park --gpu-wait adaptive \
                --cache-curve "${CACHE_CURVE:-400}" 2>&1 | tee -a "$O/stall.txt"
        done ;;
    *) echo "unknown step $step" ;;
    esac
done
echo "== done $(date -u +%T)"
