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
        # The test suite on Qt 6.8 and g++ 14, without sanitizers (the `check` preset): ASan/UBSan and
        # TSan run in the Debian 12 leg, and this leg's ASan build and run cost about 6 of CI's 60
        # minutes. g++ 14 warns where g++ 12 does not: warnings stay warnings here.
        STRATA_TEST_SUITES=check STRATA_WERROR=OFF STRATA_CTEST_ARGS="-E test_model_reference" \
            bash tools/quickstart.sh test ;;
    *) echo "usage: bash .ci/leg.sh debian12|trixie" >&2; exit 2 ;;
esac
