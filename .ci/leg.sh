#!/usr/bin/env bash
# One CI leg, run by .ci/run inside a fresh root (tools/dev/fresh_root.sh), from the checkout's root.
#   bash .ci/leg.sh debian12 | trixie
set -uo pipefail
source tools/phase.sh

# The README's first command, as a user runs it, with the window on the offscreen platform: it
# passes only if the app built, started, showed its main window and exited 0 by itself. It runs
# before the test command installs its packages, so it sees the app's package list alone.
app_check() {
    local log
    log=$(mktemp)
    QT_QPA_PLATFORM=offscreen STRATA_CUDA_ARCHITECTURES=90 \
        bash tools/quickstart.sh app --quit-after-start 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    if [ "$status" = 0 ] && ! grep -q 'the main window is shown' "$log"; then
        echo "app check: strata exited 0 without showing its main window"; status=1
    fi
    rm -f "$log"
    return "$status"
}

case "${1:-}" in
    debian12)
        phase "app check (all)" app_check; app=$?
        STRATA_CUDA_ARCHITECTURES=90 bash tools/quickstart.sh test; tests=$?
        [ "$app" = 0 ] && [ "$tests" = 0 ] ;;
    trixie)
        # g++ 14 reports false positives from inlined libstdc++ code under ASan: warnings stay warnings.
        STRATA_TEST_SUITES=ci STRATA_WERROR=OFF STRATA_CTEST_ARGS="-E test_model_reference" \
            bash tools/quickstart.sh test ;;
    *) echo "usage: bash .ci/leg.sh debian12|trixie" >&2; exit 2 ;;
esac
