#!/bin/sh
# Measures the live panels' CPU cost, GUI included (docs/BENCHMARKS.md, "Live panels"): the whole
# app idles 60 s with the panels open and sampling at 2 Hz, then 60 s with them closed; the
# difference in process CPU time is the monitor's cost. Offscreen by default; XVFB=1 runs it under
# Xvfb (xvfb-run) with the xcb platform, i.e. real X11 painting.
#   tools/dev/measure_panels_cost.sh [preset] [seconds] [model.gguf]
set -eu
preset=${1:-dev}
seconds=${2:-60}
root=$(cd "$(dirname "$0")/../.." && pwd)
cmake --build --preset "$preset" --target bench_panels_cost
bench="$root/build/$preset/tests/app/bench_panels_cost"
set -- --seconds "$seconds" ${3:+--model "$3"}
if [ "${XVFB:-0}" = 1 ] && command -v xvfb-run >/dev/null; then
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" "$bench" "$@"
else
    QT_QPA_PLATFORM=offscreen "$bench" "$@"
fi
