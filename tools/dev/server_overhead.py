#!/usr/bin/env python3
"""Server overhead per token, and time to first token with a cached prefix (docs/BENCHMARKS.md).

    tools/dev/server_overhead.py --bin BUILD/bin-or-tools-dir --model MODEL.gguf [--tokens 256] [--runs 3]

Peer, in the same run: strata-cli's in-process decode on the same prompt (greedy, same thread count).
Through the server: a streamed /v1/completions request read as it arrives; the client's time per
token from the first piece to [DONE] is compared with the CLI's. Then a chat request twice: the first
prefills the whole prompt, the second finds it in the session (prefix reuse) and recomputes one token.
"""
import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import time


def find_tool(root, name):
    for path in (os.path.join(root, name), os.path.join(root, "tools", name, name), os.path.join(root, "bin", name)):
        if os.access(path, os.X_OK):
            return path
    raise SystemExit(f"{name} not found under {root}")


def cli_decode_rate(cli, model, prompt, tokens, threads):
    out = subprocess.run([cli, "-m", model, "-p", prompt, "--greedy", "-n", str(tokens), "--threads", str(threads)],
                         capture_output=True, text=True, check=True)
    m = re.search(r"(\d+) tokens at ([\d.]+) tok/s", out.stderr)
    return int(m.group(1)), float(m.group(2))


def stream(port, path, body):
    """POSTs `body` with stream=true; returns (seconds to headers, to first piece, to [DONE], last data)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    start = time.perf_counter()
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    response = conn.getresponse()
    headers = time.perf_counter() - start
    first = None
    last = None
    for raw in response:
        line = raw.decode().strip()
        if not line.startswith("data: "):
            continue
        data = line[6:]
        if data == "[DONE]":
            done = time.perf_counter() - start
            conn.close()
            return headers, first, done, last
        obj = json.loads(data)
        choice = obj["choices"][0] if obj.get("choices") else {}
        piece = choice.get("text") or (choice.get("delta") or {}).get("content")
        if piece and first is None:
            first = time.perf_counter() - start
        last = obj
    raise SystemExit("the stream ended without [DONE]")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True, help="a build folder (or a folder holding strata-cli and strata-server)")
    ap.add_argument("--model", required=True)
    ap.add_argument("--tokens", type=int, default=256)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    cli = find_tool(a.bin, "strata-cli")
    server_bin = find_tool(a.bin, "strata-server")
    prompt = "The history of the city begins"

    server = subprocess.Popen([server_bin, "-m", a.model, "--port", "0", "--threads", str(a.threads)],
                              stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+) ", server.stdout.readline()).group(1))
        cli_rates, client_rates, engine_rates = [], [], []
        # Interleaved, CLI then server, so a change of load on the shared machine hits both alike.
        for _ in range(a.runs):
            cli_rates.append(cli_decode_rate(cli, a.model, prompt, a.tokens, a.threads)[1])
            _, first, done, last = stream(port, "/v1/completions", {
                "prompt": prompt, "max_tokens": a.tokens, "temperature": 0, "stream": True})
            n = last["timings"]["predicted_n"]
            client_rates.append((n - 1) / (done - first))
            engine_rates.append(last["timings"]["predicted_per_second"])
        system = "You are a careful assistant. " * 40
        chat = {"messages": [{"role": "system", "content": system}, {"role": "user", "content": "Hello"}],
                "max_tokens": 8, "temperature": 0, "stream": True}
        # Another prompt in between, so the first chat request finds nothing of its prompt cached.
        stream(port, "/v1/completions", {"prompt": "Unrelated", "max_tokens": 1, "stream": True})
        cold = stream(port, "/v1/chat/completions", chat)
        warm = stream(port, "/v1/chat/completions", chat)
    finally:
        server.terminate()
        server.wait()

    median = statistics.median
    print(f"decode, {a.tokens} tokens, median of {a.runs} interleaved runs:")
    print(f"  strata-cli in-process      {median(cli_rates):8.1f} tok/s")
    print(f"  server engine (timings)    {median(engine_rates):8.1f} tok/s")
    print(f"  server, client-observed    {median(client_rates):8.1f} tok/s")
    # Paired: each server request against the CLI run just before it, and against its own engine time.
    vs_cli = [c / s - 1.0 for c, s in zip(cli_rates, client_rates)]
    vs_engine = [e / s - 1.0 for e, s in zip(engine_rates, client_rates)]
    print(f"  time per token, client vs CLI (paired median)          {100.0 * median(vs_cli):+6.2f} %")
    print(f"  time per token, client vs its own engine (paired median) {100.0 * median(vs_engine):+6.2f} %")
    prompt_n = cold[3]["timings"]["prompt_n"] + cold[3]["timings"]["cache_n"]
    print(f"chat prompt of {prompt_n} tokens, time to first piece:")
    print(f"  cold (prefill all)  {cold[1] * 1e3:8.1f} ms (headers {cold[0] * 1e3:.1f} ms)")
    print(f"  cached prefix       {warm[1] * 1e3:8.1f} ms (headers {warm[0] * 1e3:.1f} ms; "
          f"{warm[3]['timings']['cache_n']} tokens reused)")


if __name__ == "__main__":
    main()
