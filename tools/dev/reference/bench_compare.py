#!/usr/bin/env python3
"""Strata against llama.cpp's llama-bench on the same GGUF files, in the same run.

Each round runs llama-bench and then strata-bench once per model (pp and tg, one repetition each,
after each tool's own warm-up); rounds alternate the order of the two tools, so slow phases of a
shared machine hit both alike. Prints a Markdown table of the mean tok/s of each side, their ratio,
and Strata's decode against the memory roofline that strata-bench measures right after each decode run.

Usage: bench_compare.py [--rounds N] [--threads T] [-p 512] [-n 128] MODEL.gguf...
Environment: LLAMA_BENCH (default $STRATA_EXT_DIR/llama-build/bin/llama-bench, STRATA_EXT_DIR defaulting to $XDG_CACHE_HOME/strata-dev),
             STRATA_BENCH (default build/bench/tools/strata-bench/strata-bench).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def run_llama(exe, model, args):
    out = subprocess.run([exe, "-m", model, "-p", str(args.p), "-n", str(args.n), "-t", str(args.threads),
                          "-r", "1", "-o", "json"], check=True, capture_output=True, text=True).stdout
    result = {}
    for test in json.loads(out):
        key = "pp" if test["n_prompt"] > 0 else "tg"
        result[key] = float(test["avg_ts"])
    return result


def run_strata(exe, model, args):
    out = subprocess.run([exe, "-m", model, "-p", str(args.p), "-n", str(args.n), "-t", str(args.threads),
                          "-r", "1", "--json"], check=True, capture_output=True, text=True).stdout
    doc = json.loads(out)
    result = {}
    for test in doc["tests"]:
        key = test["test"][:2]
        result[key] = float(test["tps_mean"])
        result[key + "_cpu"] = float(test["cpu_percent"])
        if "roofline_percent" in test:
            result["roof"] = float(test["roofline_percent"])
    result["roofline_tps"] = float(doc.get("roofline_tps", 0))
    return result


def mean_sd(values):
    return statistics.mean(values), (statistics.stdev(values) if len(values) > 1 else 0.0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", "-t", type=int, default=2)
    ap.add_argument("-p", type=int, default=512)
    ap.add_argument("-n", type=int, default=128)
    ap.add_argument("models", nargs="+")
    args = ap.parse_args()
    llama = os.environ.get("LLAMA_BENCH") or os.path.join(
        os.environ.get("STRATA_EXT_DIR") or os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "strata-dev"), "llama-build", "bin", "llama-bench")
    strata = os.environ.get("STRATA_BENCH", os.path.join(REPO, "build/bench/tools/strata-bench/strata-bench"))
    for exe in (llama, strata):
        if not os.access(exe, os.X_OK):
            sys.exit(f"bench_compare: {exe} is not built (see tools/dev/reference/build_llama_bench.sh, cmake --preset bench)")

    rows = []
    for model in args.models:
        runs = {"llama": [], "strata": []}
        for r in range(args.rounds):
            order = [("llama", run_llama, llama), ("strata", run_strata, strata)]
            if r % 2:
                order.reverse()
            for name, fn, exe in order:
                res = fn(exe, model, args)
                runs[name].append(res)
                print(f"# {os.path.basename(model)} round {r + 1} {name}: {res}", file=sys.stderr, flush=True)
        rows.append((os.path.basename(model), runs))

    print(f"threads={args.threads}, {args.rounds} alternating rounds, pp{args.p} / tg{args.n}, mean ± sd (tok/s)\n")
    print("| model | llama.cpp pp | Strata pp | pp ratio | llama.cpp tg | Strata tg | tg ratio | Strata tg / roofline | Strata CPU % (pp, tg) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, runs in rows:
        lp = mean_sd([x["pp"] for x in runs["llama"]])
        sp = mean_sd([x["pp"] for x in runs["strata"]])
        lt = mean_sd([x["tg"] for x in runs["llama"]])
        st = mean_sd([x["tg"] for x in runs["strata"]])
        roof = statistics.mean([x.get("roof", 0) for x in runs["strata"]])
        roof_tps = statistics.mean([x.get("roofline_tps", 0) for x in runs["strata"]])
        cpu = (statistics.mean([x["pp_cpu"] for x in runs["strata"]]), statistics.mean([x["tg_cpu"] for x in runs["strata"]]))
        print(f"| {name} | {lp[0]:.2f} ± {lp[1]:.2f} | {sp[0]:.2f} ± {sp[1]:.2f} | {sp[0] / lp[0]:.2f} | "
              f"{lt[0]:.2f} ± {lt[1]:.2f} | {st[0]:.2f} ± {st[1]:.2f} | {st[0] / lt[0]:.2f} | "
              f"{roof:.0f}% of {roof_tps:.1f} | {cpu[0]:.0f}, {cpu[1]:.0f} |")


if __name__ == "__main__":
    main()
