#!/usr/bin/env bash
# Builds Strata's Debian package from a Release build and checks it with the tools Debian checks
# packages with (lintian, appstreamcli, desktop-file-validate). The packages it needs are the
# `package` purpose of tools/packages.sh.
#
#   packaging/build_deb.sh [BUILD_DIR]
#
# BUILD_DIR (default: $STRATA_BUILD_ROOT/deb, i.e. build/deb) is configured from the `release`
# preset with CUDA off when it is new; an existing Release build is reused as it is configured (CI
# packages the release build its app check made, and on Debian 13 the `release-tests` build its
# tests ran on). Sanitizer builds are refused. Only what the package installs is built (target
# strata-package-files), not the tests a release-tests build also has. The .deb, named after the
# release it was built on (strata_VERSION-1~deb12_ARCH.deb), is left in BUILD_DIR; its path is the
# last line printed. Environment: STRATA_JOBS (parallel jobs),
# STRATA_CUDA (ON/OFF/AUTO for a new BUILD_DIR, default OFF: the package then runs everywhere, and
# CUDA kernels for every architecture would add many minutes and megabytes).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"  # presets are found from the source folder
build=${1:-${STRATA_BUILD_ROOT:-$repo/build}/deb}
jobs=${STRATA_JOBS:-$(nproc)}

cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }

if [ ! -f "$build/CMakeCache.txt" ]; then
    cmake --preset release -B "$build" -DSTRATA_CUDA="${STRATA_CUDA:-OFF}" -DSTRATA_PACKAGING=ON >/dev/null
else
    # Hardening as a new release build has it (the preset's STRATA_HARDENING): a no-op for CI's
    # release build, a recompile for a build made before the preset had it.
    cmake -S "$repo" -B "$build" -DSTRATA_PACKAGING=ON -DSTRATA_HARDENING=ON >/dev/null
fi
if [ "$(cache_value CMAKE_BUILD_TYPE)" != Release ] || [ -n "$(cache_value STRATA_SANITIZE)" ]; then
    echo "build_deb: $build is not a plain Release build (type '$(cache_value CMAKE_BUILD_TYPE)'," \
        "sanitizers '$(cache_value STRATA_SANITIZE)'); package a release build" >&2
    exit 1
fi
[ "$(cache_value STRATA_BUILD_APP)" != OFF ] || { echo "build_deb: $build does not build the app" >&2; exit 1; }

cmake --build "$build" -j "$jobs" --target strata-package-files
rm -f "$build"/strata_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/strata_*.deb)

echo "== $deb"
dpkg-deb --field "$deb" Package Version Installed-Size Depends Recommends
# Lintian's errors fail the build; its warnings are printed (docs/architecture/packaging.md says
# which remain and why).
lintian --fail-on error --info "$deb"
# The desktop files as installed, under their own names (both validators read the name too).
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
appstreamcli validate --pedantic --no-net "$unpacked"/usr/share/metainfo/io.strata.Strata.metainfo.xml
desktop-file-validate "$unpacked"/usr/share/applications/io.strata.Strata.desktop
echo "$deb"
