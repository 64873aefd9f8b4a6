#!/usr/bin/env bash
# One CI leg, run by .ci/run inside a fresh root (tools/dev/fresh_root.sh), from the checkout's root.
#   bash .ci/leg.sh debian12 | package | trixie | package-trixie
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

# The Debian package, made from a release build this leg compiled anyway (no second compile: on
# Debian 12 the app check's, on Debian 13 the release-tests build its tests ran on), checked by
# lintian and appstreamcli (packaging/build_deb.sh), and handed to the install leg of the same release
# (`package`, `package-trixie`) through the checkout's git-ignored build/ci-package/<codename>/: that
# leg installs it in a root of its own, since this one has every build dependency installed and
# would resolve nothing.
codename() { . /etc/os-release && echo "$VERSION_CODENAME"; }
package_build() {  # BUILD_DIR
    local out
    out=build/ci-package/$(codename)
    rm -rf "$out"
    bash tools/quickstart.sh deb "$1" || return 1
    mkdir -p "$out" && cp "$1"/strata_*.deb "$out"/
}

case "${1:-}" in
    debian12)
        phase "app check (all)" app_check; app=$?
        package=1
        [ "$app" = 0 ] && { phase "package (all)" package_build "$STRATA_BUILD_ROOT/release"; package=$?; }
        STRATA_CUDA_ARCHITECTURES=90 bash tools/quickstart.sh test; tests=$?
        [ "$app" = 0 ] && [ "$package" = 0 ] && [ "$tests" = 0 ] ;;
    package|package-trixie)
        # The .deb the debian12 or trixie leg built on this root's release, installed and used as a
        # user would (packaging/check_install.sh, which also refuses a package built for another release).
        debs=(build/ci-package/"$(codename)"/strata_*.deb)
        [ -f "${debs[0]}" ] || { echo "$1 leg: no build/ci-package/$(codename)/strata_*.deb (the build leg of this release makes it)"; exit 1; }
        phase "package install check" bash packaging/check_install.sh "${debs[0]}" ;;
    trixie)
        # What differs on Debian 13: g++ 14, and the libraries whose versions differ that the app and the
        # server link (Qt 6.8, KF6 SyntaxHighlighting, QtKeychain, cpp-httplib 0.18). It builds the
        # target `platform` (the app, strata-server and every other executable linking them, and the
        # tests whose code does; the engine and server libraries come along, compiled by g++ 14) and
        # runs the tests labelled `platform`: cmake/StrataPlatformTests.cmake finds both from the
        # target graph. The engine's own tests (no Qt but Qt Test) run in the Debian 12 leg only.
        # The build is the `release-tests` preset: the release build as packaged (Release, hardened,
        # no sanitizers; ASan/UBSan and TSan run in the Debian 12 leg) with the tests, so the one
        # compile is both what the tests run on and what Debian 13's package is made from: packaging
        # it adds only the programs no test links (strata-info, -bench, -poolbench, -kernelbench,
        # -monitor), the man pages and icons. No CUDA (.ci/run lends this root no toolkit): the package
        # is CPU-only, as `quickstart.sh deb` makes it by default.
        # g++ 14 warns where g++ 12 does not: warnings stay warnings here.
        STRATA_TEST_SUITES=release-tests STRATA_WERROR=OFF STRATA_BUILD_TARGETS=platform STRATA_CTEST_ARGS="-L platform" \
            bash tools/quickstart.sh test; tests=$?
        package=1
        [ "$tests" = 0 ] && { phase "package (all)" package_build "$STRATA_BUILD_ROOT/release-tests"; package=$?; }
        [ "$tests" = 0 ] && [ "$package" = 0 ] ;;
    *) echo "usage: bash .ci/leg.sh debian12|package|trixie|package-trixie" >&2; exit 2 ;;
esac
