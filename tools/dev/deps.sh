#!/bin/sh
# Prints which top-level folder includes which (with counts) and fails on an edge against the
# direction engine <- domain <- ui <- app (server/ over the engine, tools/ over both). The rule and the scan live in
# tests/layers/layer_direction.cmake, which CTest runs as layers_follow_one_direction.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
qt_headers=$(qmake6 -query QT_INSTALL_HEADERS 2>/dev/null || qmake -query QT_INSTALL_HEADERS 2>/dev/null || true)
exec cmake -DSOURCE_DIR="$root" ${qt_headers:+-DQT_HEADERS="$qt_headers"} -P "$root/tests/layers/layer_direction.cmake"
