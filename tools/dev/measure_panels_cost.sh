#!/bin/sh
# Measures the live panels' CPU cost, GUI included (docs/BENCHMARKS.md, "Live panels"): the whole
# app idles with the panels open and sampling at 2 Hz, with sampling but no painting, and with every
# panel closed; the difference in process CPU time is the monitor's cost. Offscreen by default;
# XVFB=1 runs it under Xvfb (xvfb-run) with the xcb platform, i.e. real X11 painting.
#   tools/dev/measure_panels_cost.sh [build-dir] [seconds] [model.gguf]
# build-dir: default build/dev. For the figure that counts, an optimised build with tests:
#   cmake -S . -B build/release-tests -G Ninja -DCMAKE_BUILD_TYPE=Release -DSTRATA_CUDA=OFF
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$root/build/dev}
seconds=${2:-60}
cmake --build "$dir" --target bench_panels_cost
bench="$dir/tests/app/telemetry/bench_panels_cost"
set -- --seconds "$seconds" ${3:+--model "$3"}
if [ "${XVFB:-0}" = 1 ] && command -v xvfb-run >/dev/null; then
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" "$bench" "$@"
else
    QT_QPA_PLATFORM=offscreen "$bench" "$@"
fi
