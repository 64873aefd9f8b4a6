#!/bin/bash
# The waiting-policy comparison (issue 25) on another machine, e.g. the lent GPU machine's quiet
# 16-core host. Runs from a folder holding bin/ (strata-bench, strata-poolbench, strata-gguf and,
# optionally, strata-bench-base: another revision to diagnose) and lib/ (their shared libraries;
# pack_portable_pool_bench.sh packs all of it). Generates the dense and MoE Q4_K models with
# portable_bench.sh's shapes, then, each step time-limited so a cut-off run still leaves results:
#   strata-bench --pool-trace at the first of THREADS (32 decode tokens; tests/engine/pool/data)
#   strata-bench --pool-policy all, -p PROMPT -n GEN (default 256, 128), at each of THREADS (default
#   "15 8"), both models, each weight type of TYPES (default Q4_K; the issue's grid is "Q4_K Q8_0")
#   strata-bench-base --pool-policy all at the first thread count (when packed)
#   strata-poolbench (both scenarios), then strata-poolbench --trace (gpu-heavy)
# TRACES=0 skips the traces, POOLBENCH=0 the poolbench steps. Results go to $OUT (default ./out),
# one file per step, and to stdout.
set -u
D="$(cd "$(dirname "$0")" && pwd)"; B="$D/bin"; export LD_LIBRARY_PATH="$D/lib"
M="${MODELS:-/tmp/strata-bench-models}"; O="${OUT:-$D/out}"; mkdir -p "$M" "$O"
THREADS="${THREADS:-15 8}"; REPS="${REPS:-3}"; TYPES="${TYPES:-Q4_K}"; PROMPT="${PROMPT:-256}"; GEN="${GEN:-128}"
dense="--arch llama --layers 20 --embedding 2048 --heads 32 --kv-heads 8 --ff 5632 --vocab 32000 --seed 101"
moe="--arch qwen3moe --layers 8 --embedding 2048 --heads 16 --kv-heads 4 --head-dim 128 --experts 64 --experts-used 8 --expert-ff 256 --vocab 32000 --seed 102"
for type in $(printf "%s\n" $TYPES Q4_K | sort -u); do  # Q4_K: the traces
    for kind in moe dense; do
        f="$M/$kind-1b-$type.gguf"; shape="${!kind}"
        [[ -f "$f" ]] || ("$B/strata-gguf" mkmodel "$f.tmp" $shape --type "$type" >/dev/null && mv "$f.tmp" "$f") &
    done
done
wait
step() {  # step NAME SECONDS COMMAND...: runs it with a time limit, output to $O/NAME.txt and stdout
    local name="$1" limit="$2"; shift 2
    echo "== $name ($(date -u +%T))"
    timeout "$limit" "$@" 2>&1 | tee "$O/$name.txt"
}
{ lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core'; uptime; cat /proc/pressure/cpu; } | tee "$O/machine.txt"
first="${THREADS%% *}"
for kind in $([[ "${TRACES:-1}" != 0 ]] && echo moe dense); do
    step "trace-$kind" 30 "$B/strata-bench" -m "$M/$kind-1b-Q4_K.gguf" -p 0 -n 33 -t "$first" --pool-trace "$O/decode-$kind.trace"
done
for t in $THREADS; do
    for type in $TYPES; do
        for kind in moe dense; do
            step "policies-$kind-$type-t$t" 150 "$B/strata-bench" -m "$M/$kind-1b-$type.gguf" -p "$PROMPT" -n "$GEN" -r "$REPS" \
                -t "$t" --pool-policy all
        done
    done
    if [[ "$t" == "$first" && -x "$B/strata-bench-base" ]]; then
        for kind in moe dense; do
            step "base-policies-$kind-t$t" 100 "$B/strata-bench-base" -m "$M/$kind-1b-Q4_K.gguf" -p 256 -n 128 -r 2 -t "$t" --pool-policy all
        done
    fi
done
[[ "${POOLBENCH:-1}" != 0 ]] && step poolbench 120 "$B/strata-poolbench" --seconds "${POOL_SECONDS:-16}" --rounds 10
[[ "${POOLBENCH:-1}" != 0 ]] && step trace-gpu-heavy 60 "$B/strata-poolbench" --scenario gpu-heavy --seconds 4 --rounds 4 --trace "$O/gpu-heavy.trace"
