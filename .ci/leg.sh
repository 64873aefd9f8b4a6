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

# The Debian package, made from the release build the app check left (no second compile), checked
# by lintian and appstreamcli (packaging/build_deb.sh), and handed to the `package` leg through the
# checkout's git-ignored build/ci-package/: that leg installs it in a root of its own, since this
# one has every build dependency installed and would resolve nothing.
package_build() {
    rm -rf build/ci-package
    bash tools/quickstart.sh deb "$STRATA_BUILD_ROOT/release" || return 1
    mkdir -p build/ci-package && cp "$STRATA_BUILD_ROOT"/release/strata_*.deb build/ci-package/
}

case "${1:-}" in
    debian12)
        phase "app check (all)" app_check; app=$?
        package=1
        [ "$app" = 0 ] && { phase "package (all)" package_build; package=$?; }
        STRATA_CUDA_ARCHITECTURES=90 bash tools/quickstart.sh test; tests=$?
        [ "$app" = 0 ] && [ "$package" = 0 ] && [ "$tests" = 0 ] ;;
    package)
        # The .deb from the debian12 leg, installed and used as a user would (packaging/check_install.sh).
        debs=(build/ci-package/strata_*.deb)
        [ -f "${debs[0]}" ] || { echo "package leg: no build/ci-package/strata_*.deb (the debian12 leg makes it)"; exit 1; }
        phase "package install check" bash packaging/check_install.sh "${debs[0]}" ;;
    trixie)
        # What differs on Debian 13, without sanitizers (the `check` preset; ASan/UBSan and TSan run in
        # the Debian 12 leg): g++ 14, and the libraries whose versions differ that the app and the
        # server link (Qt 6.8, KF6 SyntaxHighlighting, QtKeychain, cpp-httplib 0.18). It builds the
        # target `platform` (the app, strata-server and every other executable linking them, and the
        # tests whose code does; the engine and server libraries come along, compiled by g++ 14) and
        # runs the tests labelled `platform`: cmake/StrataPlatformTests.cmake finds both from the
        # target graph. The engine's own tests (no Qt but Qt Test) run in the Debian 12 leg only.
        # g++ 14 warns where g++ 12 does not: warnings stay warnings here.
        STRATA_TEST_SUITES=check STRATA_WERROR=OFF STRATA_BUILD_TARGETS=platform STRATA_CTEST_ARGS="-L platform" \
            bash tools/quickstart.sh test ;;
    *) echo "usage: bash .ci/leg.sh debian12|package|trixie" >&2; exit 2 ;;
esac
