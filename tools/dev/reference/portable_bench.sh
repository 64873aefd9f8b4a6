#!/bin/bash
# Runs on the machine the packed folder was carried to (see pack_portable_bench.sh): generates the
# four benchmark models (bench_llama.sh's shapes) unless present, prints the CPU, the kernel table,
# then strata-bench and llama-bench per model, -t 2, pp512 / tg128, one after the other.
#   portable_bench.sh ab       decode only (tg128 and its roofline), base and new strata-bench
#                              alternating per model, ROUNDS rounds (default 3); kernels A/B too
#   portable_bench.sh ceiling  stream_ceiling with 1 and 2 threads (what a matvec loop can read)
set -u
D="$(cd "$(dirname "$0")" && pwd)"; B="$D/bin"; export LD_LIBRARY_PATH="$D/lib"
M="${MODELS:-$D/models}"; mkdir -p "$M"
dense="--arch llama --layers 20 --embedding 2048 --heads 32 --kv-heads 8 --ff 5632 --vocab 32000 --seed 101"
moe="--arch qwen3moe --layers 8 --embedding 2048 --heads 16 --kv-heads 4 --head-dim 128 --experts 64 --experts-used 8 --expert-ff 256 --vocab 32000 --seed 102"
for kind in dense moe; do
    for type in Q8_0 Q4_K; do
        shape="${!kind}"; f="$M/$kind-1b-$type.gguf"
        [[ -f "$f" ]] || ("$B/strata-gguf" mkmodel "$f.tmp" $shape --type "$type" >/dev/null && mv "$f.tmp" "$f") &
    done
done
wait
mode="${1:-compare}"
if [[ "$mode" == ceiling ]]; then
    "$B/stream_ceiling" 1 2
    exit 0
fi
if [[ "$mode" == ab ]]; then
    for r in $(seq "${ROUNDS:-3}"); do
        [[ "${KERNELS:-1}" == 0 ]] || for k in base new; do
            kb="$B/strata-kernelbench"; [[ $k == base ]] && kb="$B/strata-kernelbench-base"
            echo "kernels $k round $r"; "$kb" --seconds 0.4 --types Q4_K,Q8_0,Q6_K | grep -E '^\| (Q|type)'
        done
        for m in dense-1b-Q4_K moe-1b-Q4_K moe-1b-Q8_0 dense-1b-Q8_0; do
            for k in base new; do
                sb="$B/strata-bench"; [[ $k == base ]] && sb="$B/strata-bench-base"
                echo "$k $m round $r: $("$sb" -m "$M/$m.gguf" -p 0 -n 128 -t 2 -r 2 | grep roofline | sed 's/.*tg128 run //')"
            done
        done
    done
    exit 0
fi
lscpu | grep -E 'Model name|^CPU\(s\)|Flags' | cut -c1-200; uptime
"$B/strata-kernelbench" --seconds 0.4
"$B/strata-kernelbench" --seconds 0.4 --types Q4_K,Q8_0 --one-row | tail -2
for m in dense-1b-Q4_K moe-1b-Q4_K moe-1b-Q8_0 dense-1b-Q8_0; do
    echo "## $m"
    "$B/strata-bench" -m "$M/$m.gguf" -p 512 -n 128 -t 2 -r "${REPS:-2}" | grep -E 'pp512|tg128|roofline'
    "$B/llama-bench" -m "$M/$m.gguf" -p 512 -n 128 -t 2 -r "${REPS:-2}" 2>/dev/null | grep -E 'pp512|tg128'
done
