#!/usr/bin/env node
// llama.cpp reference outputs for Strata's engine tests, through node-llama-cpp@3.21.1 (CPU build).
//
// For each prompt (a list of token ids, evaluated as given: no BOS is added) it records
//   - the log-probabilities of the next token after the last prompt position (top-K, or the whole
//     vocabulary with --top-k 0), and
//   - a greedy continuation of --steps tokens with, at every step, the runner-up token and llama.cpp's
//     top-2 margin (log p1 - log p2 = logit1 - logit2), so a test can excuse steps where llama.cpp
//     itself is undecided.
//
// node-llama-cpp gives probabilities, not logits: the addon computes a float32 softmax over the raw
// logits (the greedy sampler leaves them untouched), so log(p) = logit - logsumexp(logits) to float32
// precision. Compare log-probabilities, not logits.
//
// Usage:
//   node llama_reference.mjs --model M.gguf --prompts prompts.json --out ref.json
//        [--top-k 64] [--steps 32] [--ctx 512] [--threads 2] [--flash-attention off|on|auto]
//        [--seed 1234] [--nlc DIR (default $STRATA_NLC_DIR, else $XDG_CACHE_HOME/strata-dev/nlc)]
// prompts.json: {"prompts": [{"name": "p0", "ids": [1, 2, 3]}, ...]}  (or a bare array of id arrays)
//
// Exit status 0 on success; 1 with a message on stderr when loading or evaluation fails.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

function parseArgs(argv) {
    const opts = {
        model: null, prompts: null, out: null, topK: 64, steps: 32, ctx: 512, threads: 2,
        flashAttention: "off", seed: 1234, nlc: process.env.STRATA_NLC_DIR ?? path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "strata-dev", "nlc"),
    };
    const keys = {
        "--model": "model", "--prompts": "prompts", "--out": "out", "--top-k": "topK", "--steps": "steps",
        "--ctx": "ctx", "--threads": "threads", "--flash-attention": "flashAttention", "--seed": "seed",
        "--nlc": "nlc",
    };
    const numeric = new Set(["topK", "steps", "ctx", "threads", "seed"]);
    for (let i = 2; i < argv.length; i += 2) {
        const key = keys[argv[i]];
        if (key === undefined || i + 1 >= argv.length)
            throw new Error(`unknown or incomplete option '${argv[i]}'`);
        const value = argv[i + 1];
        if (numeric.has(key)) {
            const n = Number(value);
            if (!Number.isInteger(n) || n < 0)
                throw new Error(`${argv[i]} needs a non-negative integer, got '${value}'`);
            opts[key] = n;
        } else {
            opts[key] = value;
        }
    }
    if (!opts.model || !opts.prompts || !opts.out)
        throw new Error("--model, --prompts and --out are required");
    if (!["on", "off", "auto"].includes(opts.flashAttention))
        throw new Error(`--flash-attention must be on, off or auto, got '${opts.flashAttention}'`);
    return opts;
}

function readPrompts(file) {
    const raw = JSON.parse(fs.readFileSync(file, "utf8"));
    const list = Array.isArray(raw) ? raw : raw.prompts;
    if (!Array.isArray(list) || list.length === 0)
        throw new Error(`${file}: expected a non-empty 'prompts' array`);
    return list.map((p, i) => {
        const ids = Array.isArray(p) ? p : p.ids;
        const name = Array.isArray(p) ? `p${i}` : (p.name ?? `p${i}`);
        if (!Array.isArray(ids) || ids.length === 0 || !ids.every((t) => Number.isInteger(t) && t >= 0))
            throw new Error(`${file}: prompt ${i} ('${name}') must be a non-empty array of token ids`);
        return { name, ids };
    });
}

// 1e-6 is far below float32's own precision of these values and the tolerances that use them.
const round6 = (x) => Math.round(x * 1e6) / 1e6;

// Map<token, prob> (sorted by probability, highest first) -> [[token, logprob], ...] of the first k.
function topLogProbs(probabilities, k) {
    const out = [];
    for (const [token, p] of probabilities) {
        if (k > 0 && out.length >= k)
            break;
        out.push([token, p > 0 ? round6(Math.log(p)) : null]); // null: float32 underflow (JSON has no -inf)
    }
    return out;
}

// The first two entries of a probability map sorted highest first: the greedy token, the runner-up
// and their log-probability margin (logit difference). null margin: the runner-up underflowed in
// float32 (margin beyond ~87) or there was a single candidate.
function greedyNext(probabilities) {
    const it = probabilities.entries();
    const [best, pBest] = it.next().value;
    const second = it.next().value;
    const margin = second && second[1] > 0 ? round6(Math.log(pBest) - Math.log(second[1])) : null;
    return { token: best, runnerUp: second ? second[0] : null, margin };
}

async function main() {
    const opts = parseArgs(process.argv);
    const prompts = readPrompts(opts.prompts);
    const nlcEntry = path.join(opts.nlc, "node_modules", "node-llama-cpp", "dist", "index.js");
    if (!fs.existsSync(nlcEntry))
        throw new Error(`node-llama-cpp not found at ${nlcEntry} (install: npm i -E node-llama-cpp@3.21.1 in ${opts.nlc})`);
    const nlcPkg = JSON.parse(fs.readFileSync(path.join(opts.nlc, "node_modules", "node-llama-cpp", "package.json"), "utf8"));
    const { getLlama, LlamaLogLevel } = await import(pathToFileURL(nlcEntry).href);

    const maxPrompt = Math.max(...prompts.map((p) => p.ids.length));
    if (maxPrompt + opts.steps > opts.ctx)
        throw new Error(`longest prompt (${maxPrompt}) + steps (${opts.steps}) exceeds --ctx ${opts.ctx}`);

    // gpu:false and build:"never": always the shipped prebuilt CPU binary, never a local rebuild.
    const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error, maxThreads: opts.threads });
    const model = await llama.loadModel({ modelPath: opts.model, gpuLayers: 0, useMmap: true });
    const flash = opts.flashAttention === "auto" ? "auto" : opts.flashAttention === "on";
    const context = await model.createContext({
        contextSize: opts.ctx,
        batchSize: Math.max(512, maxPrompt), // the whole prompt in one batch
        threads: { ideal: opts.threads, min: opts.threads },
        flashAttention: flash,
        sequences: 1,
    });
    const sequence = context.getSequence();
    // Last prompt position: the full distribution (greedy sampler: the logits are left as they are).
    const fullOptions = { probabilities: true, options: { temperature: 0, seed: opts.seed } };
    // Greedy steps only need the best two: a top-k 2 sampler (no top-p / min-p, temperature 1 leaves the
    // logits as they are) makes llama.cpp return a 2-entry softmax instead of marshalling the whole
    // vocabulary (~0.3 s per step at 150k tokens). Its ratio is exp(logit1 - logit2), so the margin is
    // the same; the token we feed back is the best of the two (argmax), never the sampled one.
    const top2Options = { probabilities: true, options: { temperature: 1, topK: 2, topP: 1, minP: 0, seed: opts.seed } };

    const results = [];
    let nVocab = null; // the probability map covers the whole vocabulary
    for (const prompt of prompts) {
        await sequence.clearHistory();
        const input = prompt.ids.map((t, i) => (i === prompt.ids.length - 1 ? [t, { generateNext: fullOptions }] : t));
        const out = await sequence.controlledEvaluate(input);
        const last = out[prompt.ids.length - 1];
        if (!last?.next?.probabilities)
            throw new Error(`no probabilities for the last position of prompt '${prompt.name}'`);
        nVocab = last.next.probabilities.size;
        const lastTop = topLogProbs(last.next.probabilities, opts.topK);

        const greedy = { tokens: [], runner_up: [], margins: [] };
        let step = greedyNext(last.next.probabilities);
        for (let s = 0; s < opts.steps; s++) {
            greedy.tokens.push(step.token);
            greedy.runner_up.push(step.runnerUp);
            greedy.margins.push(step.margin);
            if (s + 1 === opts.steps)
                break;
            const next = await sequence.controlledEvaluate([[step.token, { generateNext: top2Options }]]);
            if (!next[0]?.next?.probabilities)
                throw new Error(`no probabilities at greedy step ${s + 1} of prompt '${prompt.name}'`);
            step = greedyNext(next[0].next.probabilities);
        }
        results.push({ name: prompt.name, ids: prompt.ids, last_logprobs: lastTop, greedy });
    }

    const report = {
        generator: "tools/dev/reference/llama_reference.mjs",
        node_llama_cpp: nlcPkg.version,
        llama_cpp: llama.llamaCppRelease,
        settings: {
            gpu: false, threads: opts.threads, context: context.contextSize, batch_size: context.batchSize,
            flash_attention: opts.flashAttention, kv_cache: "f16", seed: opts.seed, bos_added: false,
            top_k: opts.topK, steps: opts.steps, logprob: "natural log of node-llama-cpp's float32 softmax",
        },
        model: { file: path.basename(opts.model), n_vocab: nVocab },
    };
    // One line per prompt keeps the committed fixtures small and their diffs readable.
    const head = JSON.stringify(report, null, 1).replace(/\n}$/, "");
    const lines = results.map((r) => " " + JSON.stringify(r));
    fs.writeFileSync(opts.out, `${head},\n "results": [\n${lines.join(",\n")}\n ]\n}\n`);
    await context.dispose();
    await model.dispose();
    await llama.dispose();
}

main().catch((err) => {
    process.stderr.write(`llama_reference: ${err?.message ?? err}\n`);
    process.exit(1);
});
