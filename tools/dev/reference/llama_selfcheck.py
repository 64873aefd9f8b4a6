#!/usr/bin/env python3
"""How closely does llama.cpp match itself on the reference models, next to how closely Strata
matches it?

The committed fixtures (tests/engine/model/data/reference) come from node-llama-cpp's prebuilt CPU
binary. This script evaluates the same models and prompts with a second build of the same llama.cpp
source (llama_logits.cpp linked against the clang build made by build_llama_bench.sh: -march=native,
its own kernel choices) and with Strata (strata-cli --logits-out), and prints per model the worst
|log p - fixture log p| over the fixture's top-64 tokens for each. The first column is the spread
that two valid llama.cpp builds show on these very models: the honest yardstick for the test's
tolerance. The last column is Strata against itself with another kernel variant (AVX2 instead of
AVX-512: same formulas, other float summation orders), the engine's own spread.

Usage: llama_selfcheck.py [--models NAME,...]   (run from anywhere; builds llama_logits if missing)
Environment: STRATA_EXT_DIR (default $XDG_CACHE_HOME/strata-dev), STRATA_BUILD (default build/bench).
"""
import argparse
import json
import math
import os
import shlex
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
FIXTURES = os.path.join(REPO, "tests/engine/model/data/reference")


def build_llama_logits(ext):
    exe = os.path.join(ext, "selfcheck", "llama_logits")
    if os.access(exe, os.X_OK):
        return exe
    os.makedirs(os.path.dirname(exe), exist_ok=True)
    src = os.path.join(ext, "llama.cpp-src")
    lib = os.path.join(ext, "llama-build", "bin")
    subprocess.run(["clang++", "-std=c++17", "-O1", f"-I{src}/include", f"-I{src}/ggml/include",
                    os.path.join(HERE, "llama_logits.cpp"), f"-L{lib}", "-lllama", "-lggml", "-lggml-base",
                    f"-Wl,-rpath,{lib}", "-o", exe], check=True)
    return exe


def read_f32(path):
    data = open(path, "rb").read()
    return struct.unpack(f"<{len(data) // 4}f", data)


def log_softmax_at(logits, tokens):
    top = max(logits)
    lse = top + math.log(sum(math.exp(x - top) for x in logits))
    return {t: logits[t] - lse for t in tokens}


def worst_diff(logits, reference):
    lp = log_softmax_at(logits, [t for t, _ in reference])
    return max(abs(lp[t] - want) for t, want in reference)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", default="")
    args = ap.parse_args()
    ext = os.environ.get("STRATA_EXT_DIR") or os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "strata-dev")
    build = os.path.join(REPO, os.environ.get("STRATA_BUILD", "build/bench"))
    gguf_tool = os.path.join(build, "tools/strata-gguf/strata-gguf")
    cli = os.path.join(build, "tools/strata-cli/strata-cli")
    llama = build_llama_logits(ext)
    manifest = json.load(open(os.path.join(FIXTURES, "manifest.json")))
    wanted = set(filter(None, args.models.split(",")))

    print("| model | llama.cpp clang build vs fixture | Strata vs fixture | Strata vs clang build | Strata AVX2 vs Strata AVX-512 |")
    print("|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for entry in manifest["models"]:
            if entry.get("llama_cpp") != "ok" or (wanted and entry["name"] not in wanted):
                continue
            cmd = shlex.split(entry["mkmodel"])
            model = os.path.join(tmp, cmd[2])
            subprocess.run([gguf_tool, cmd[1], model] + cmd[3:], check=True, cwd=REPO, stdout=subprocess.DEVNULL)
            doc = json.load(open(os.path.join(FIXTURES, entry["fixture"])))
            worst = [0.0, 0.0, 0.0, 0.0]
            for result in doc["results"]:
                ids = ",".join(str(i) for i in result["ids"])
                reference = [(int(t), float(lp)) for t, lp in result["last_logprobs"]]
                out_l, out_s = os.path.join(tmp, "l.f32"), os.path.join(tmp, "s.f32")
                subprocess.run([llama, model, ids, out_l], check=True)
                subprocess.run([cli, "-m", model, "--tokens", ids, "--logits-out", out_s, "--threads", "2"],
                               check=True, stdout=subprocess.DEVNULL)
                out_a = os.path.join(tmp, "a.f32")
                subprocess.run([cli, "-m", model, "--tokens", ids, "--logits-out", out_a, "--threads", "2"],
                               check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, STRATA_KERNEL_ISA="avx2"))
                ll, sl, al = read_f32(out_l), read_f32(out_s), read_f32(out_a)
                worst[0] = max(worst[0], worst_diff(ll, reference))
                worst[1] = max(worst[1], worst_diff(sl, reference))
                ref_clang = list(log_softmax_at(ll, [t for t, _ in reference]).items())
                worst[2] = max(worst[2], worst_diff(sl, ref_clang))
                ref_self = list(log_softmax_at(sl, [t for t, _ in reference]).items())
                worst[3] = max(worst[3], worst_diff(al, ref_self))
            os.remove(model)
            print(f"| {entry['name']} | {worst[0]:.3g} | {worst[1]:.3g} | {worst[2]:.3g} | {worst[3]:.3g} |", flush=True)


if __name__ == "__main__":
    main()
