#!/bin/sh
# Saves a screenshot of the main window with the performance panels while a reply streams from a
# small generated model: runs the panels test (offscreen; under Xvfb when XVFB=1 and xvfb-run is
# installed), which writes build/<preset>/output/panels.png, and copies it to docs/screenshots/.
#   tools/dev/panels_screenshot.sh [preset]      (default: dev; the build must have the tests)
set -eu
preset=${1:-dev}
root=$(cd "$(dirname "$0")/../.." && pwd)
cmake --build --preset "$preset" --target test_performance_panels
test="$root/build/$preset/tests/app/telemetry/test_performance_panels"
if [ "${XVFB:-0}" = 1 ] && command -v xvfb-run >/dev/null; then
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1600x1000x24" "$test" panelsReceiveRealTelemetryDuringGeneration
else
    QT_QPA_PLATFORM=offscreen "$test" panelsReceiveRealTelemetryDuringGeneration
fi
mkdir -p "$root/docs/screenshots"
cp "$root/build/$preset/output/panels.png" "$root/docs/screenshots/panels.png"
echo "saved docs/screenshots/panels.png"
