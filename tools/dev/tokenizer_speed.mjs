// The JS tokenizer's (@lenml/tokenizers) single-thread encode speed on the same text as
// tokenizer_bench, for docs/BENCHMARKS.md. From the repository root:
//   node tools/dev/tokenizer_speed.mjs [package] [text files...]
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const root = process.cwd();
const npmDir = path.join(root, "tests/data/npm");
const require = createRequire(path.join(npmDir, "package.json"));
const { TokenizerLoader } = require("@lenml/tokenizers");

const args = process.argv.slice(2);
const model = args.length ? args.shift() : "llama3";
let files = args;
if (!files.length) {
  const dir = "/usr/share/common-licenses";
  files = fs.readdirSync(dir).sort()
    .map((f) => path.join(dir, f))
    .filter((f) => !fs.lstatSync(f).isSymbolicLink());
}
const texts = files.map((f) => fs.readFileSync(f, "utf8"));
const bytes = texts.reduce((n, t) => n + Buffer.byteLength(t, "utf8"), 0);

const modelDir = path.join(npmDir, "node_modules/@lenml", `tokenizer-${model}`, "models");
let t0 = process.hrtime.bigint();
const tokenizer = TokenizerLoader.fromPreTrained({
  tokenizerJSON: JSON.parse(fs.readFileSync(path.join(modelDir, "tokenizer.json"), "utf8")),
  tokenizerConfig: JSON.parse(fs.readFileSync(path.join(modelDir, "tokenizer_config.json"), "utf8")),
});
const loadS = Number(process.hrtime.bigint() - t0) / 1e9;

// CPU time (user + system) of the process, as the C++ bench uses: shared machines make wall time noisy.
const cpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
let tokens = 0, passes = 0, firstS = 0;
const c0 = cpuSeconds();
t0 = process.hrtime.bigint();
let elapsed = 0;
do {
  tokens = 0;
  for (const t of texts) tokens += tokenizer.encode(t, { add_special_tokens: false }).length;
  elapsed = cpuSeconds() - c0;
  if (++passes === 1) firstS = elapsed;
} while (elapsed < 2);
const wallS = Number(process.hrtime.bigint() - t0) / 1e9;
const mb = bytes / 1e6;
console.log(`model ${model}: ${files.length} files, ${mb.toFixed(3)} MB, ${tokens} tokens, loaded in ${loadS.toFixed(2)} s`);
console.log(`encode: ${(mb * passes / elapsed).toFixed(2)} MB/s of CPU time over ${passes} passes (first pass ${(mb / firstS).toFixed(2)} MB/s; it caches words across calls), wall ${(mb * passes / wallS).toFixed(2)} MB/s`);
