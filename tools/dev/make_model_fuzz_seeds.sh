#!/usr/bin/env bash
# Writes the seeds of tests/fuzz/fuzz_model_load.cpp: one tiny valid model per architecture, made
# by the project's own synthetic model writer (strata-gguf mkmodel) with its byte-level vocabulary.
# Q4_0 weights, one layer, embedding 32 and tied embeddings keep each file at 16-22 KB (norms,
# biases and the router stay F32, so the f32 paths run too).
# Usage, from the repository root: tools/dev/make_model_fuzz_seeds.sh build/engine/tools/strata-gguf/strata-gguf
set -euo pipefail
gguf=${1:?path to the strata-gguf binary}
out=tests/fuzz/corpus/model_load
mkdir -p "$out"
common=(--layers 1 --embedding 32 --heads 2 --kv-heads 1 --ff 32 --context 16 --type Q4_0 --tie-embeddings --seed 3)
"$gguf" mkmodel "$out/llama.gguf" --arch llama "${common[@]}"
"$gguf" mkmodel "$out/qwen2.gguf" --arch qwen2 "${common[@]}"
"$gguf" mkmodel "$out/qwen3.gguf" --arch qwen3 "${common[@]}"
"$gguf" mkmodel "$out/qwen3moe.gguf" --arch qwen3moe --experts 4 --experts-used 2 --expert-ff 32 "${common[@]}"
