#!/bin/sh
# Checks the whole tree's C++ against .clang-format (layout; the tree was formatted in one go, and the
# check takes about a second) and the C++ changed since BASE (default: main) against .clang-tidy (names,
# on the changed lines only). Moved files count only their changed lines (git's rename detection).
# With --all, the names of every translation unit in compile_commands.json (and the tree's headers they
# include) are checked instead: the tree was renamed in one go, so this must stay clean too, but it
# takes minutes (about 20 on two busy cores), so CI runs the changed-lines form. The CUDA files (.cu,
# .cuh) are checked too where BUILD_DIR was configured with a CUDA toolkit (cuda_tidy below).
#   tools/dev/check_style.sh [BASE] [BUILD_DIR]   BUILD_DIR holds compile_commands.json (default build/ci)
#   tools/dev/check_style.sh --all [BUILD_DIR]
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
all=0
if [ "${1:-}" = "--all" ]; then
    all=1
    shift
    set -- main "$@"
fi
base=${1:-main}
build=${2:-$root/build/ci}
cd "$root"
status=0
git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h' | grep -v '^tests/layers/data/' |
    xargs clang-format --dry-run --Werror || status=1

# clang-tidy over .cu files (not in the compile database: nvcc's commands), parsed by clang as CUDA host
# code, which holds every declaration (kernels included). Two stand-ins let clang 14 read CUDA 12+'s
# headers: its texture intrinsics header needs the `texture` template CUDA 12 removed (skipped by
# defining its include guard), and its runtime wrapper includes texture_fetch_functions.h, which CUDA 12
# dropped (an empty file). Arguments: a --line-filter (empty: every line), then the .cu files. Without
# a toolkit in BUILD_DIR's configuration the CUDA files are left unchecked (said, not failed).
cuda_tidy() {
    cuda=$(sed -n 's/^STRATA_CUDA_ROOT:PATH=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
    if [ -z "$cuda" ] || [ ! -f "$cuda/include/cuda_runtime.h" ]; then
        echo "check_style: $build has no CUDA toolkit configured: the names in .cu/.cuh files are not checked"
        return 0
    fi
    cuda_stubs=$(mktemp -d)
    : >"$cuda_stubs/texture_fetch_functions.h"
    cuda_status=0
    lines=$1
    shift
    for unit in "$@"; do
        clang-tidy --quiet --warnings-as-errors='*' ${lines:+--line-filter="$lines"} \
            --header-filter="^$root/engine/.*\.(hpp|cuh)\$" "$unit" -- -x cuda \
            --cuda-host-only -nocudalib --cuda-path="$cuda" -Wno-unknown-cuda-version -std=c++20 \
            -D__CLANG_CUDA_TEXTURE_INTRINSICS_H__ -DSTRATA_HAVE_CUDA=1 -I"$cuda_stubs" -I"$root/engine/include" \
            -I"$build/engine/include" -I"$root/engine/src" || cuda_status=1
    done
    rm -rf "$cuda_stubs"
    return $cuda_status
}
if [ $all -eq 1 ]; then
    [ -f "$build/compile_commands.json" ] || {
        echo "check_style: no $build/compile_commands.json: configure a preset first (cmake --preset ci)"; exit 1; }
    # Empty stand-ins for the "x.moc" files that units include, as for the changed lines below.
    stubs=$(mktemp -d)
    trap 'rm -rf "$stubs"' EXIT
    git ls-files '*.cpp' | xargs sed -n 's/^#include "\(.*\.moc\)"$/\1/p' | while read -r moc; do : >"$stubs/$moc"; done
    # The tree's own units (not the build folder's moc and resource units; .cu files are nvcc's). A
    # header's warning repeats in every unit that includes it: each is printed once. Clang's F16C
    # header macros (_cvtss_sh) use a compound literal, which GCC's -Wpedantic makes an error in clang.
    run-clang-tidy -p "$build" -quiet -j "$(nproc)" -extra-arg=-Wno-unknown-warning-option \
        -extra-arg=-Wno-c99-extensions -extra-arg=-I"$stubs" "^$root/(app|domain|engine|server|tests|tools|ui)/.*\.cpp\$" \
        >"$stubs/tidy.log" 2>&1 || status=1
    # shellcheck disable=SC2046
    cuda_tidy "" $(git ls-files '*.cu') >>"$stubs/tidy.log" 2>&1 || status=1
    sed 's/\x1b\[[0-9;]*m//g' "$stubs/tidy.log" | grep -E '(warning|error): ' | sort -u >"$stubs/found" || true
    if [ -s "$stubs/found" ]; then
        cat "$stubs/found"
        echo "check_style: $(wc -l <"$stubs/found") naming warnings or errors in the tree"
        status=1
    fi
    [ $status -eq 0 ] && echo "style: the whole tree follows .clang-format and .clang-tidy"
    exit $status
fi
# "path --lines=a:b --lines=c:d" per changed C++ file, from the zero-context diff.
ranges=$(git diff -U0 -M --diff-filter=AMR "$base" -- '*.cpp' '*.hpp' '*.cu' '*.cuh' | awk '
    /^\+\+\+ b\// { if (file != "" && lines != "") print file lines; file = substr($0, 7); lines = ""; next }
    /^@@/ { split($3, a, ","); start = substr(a[1], 2); n = (a[2] == "" ? 1 : a[2]);
            if (n > 0) lines = lines " --lines=" start ":" (start + n - 1) }
    END { if (file != "" && lines != "") print file lines }' | grep -v '^tests/layers/data/' || true)
[ -n "$ranges" ] || { echo "no C++ lines changed since $base"; exit $status; }
# Names: translation units only (headers are checked through them). -Wshadow=local is GCC's.
units=$(echo "$ranges" | awk '{ print $1 }' | grep '\.cpp$' || true)
# The CUDA units changed, or all of them when a .cuh header changed (a handful, seconds each).
cuda_units=$(echo "$ranges" | awk '{ print $1 }' | grep '\.cu$' || true)
if echo "$ranges" | awk '{ print $1 }' | grep -q '\.cuh$'; then
    cuda_units=$(git ls-files '*.cu')
fi
[ -z "$units" ] || [ -f "$build/compile_commands.json" ] || {
    echo "check_style: no $build/compile_commands.json: configure a preset first (cmake --preset ci)"; exit 1; }
# A unit that includes its own moc output ("test_x.moc") finds an empty stand-in: names are checked in
# the source, and a tree that is configured but not built (CI's) has no moc output yet. Building
# AUTOMOC's target instead would compile the libraries the test links.
stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT
for unit in $units; do
    sed -n 's/^#include "\(.*\.moc\)"$/\1/p' "$unit" | while read -r moc; do : >"$stubs/$moc"; done
done
# Only the changed lines' names count (clang-tidy's --line-filter): a whole-tree check (--all) takes
# minutes, and this one seconds; the tree's other lines were clean when it was renamed in one go.
filter=$(echo "$ranges" | awk '{
    printf "%s{\"name\":\"%s\",\"lines\":[", (NR > 1 ? "," : "["), $1
    for (i = 2; i <= NF; i++) { split(substr($i, 9), r, ":"); printf "%s[%s,%s]", (i > 2 ? "," : ""), r[1], r[2] }
    printf "]}" } END { print "]" }')
if [ -n "$units" ]; then
    # shellcheck disable=SC2086
    clang-tidy -p "$build" --quiet --warnings-as-errors='*' --extra-arg=-Wno-unknown-warning-option \
        --extra-arg=-Wno-c99-extensions --extra-arg=-I"$stubs" --line-filter="$filter" $units || status=1
fi
if [ -n "$cuda_units" ]; then
    # shellcheck disable=SC2086
    cuda_tidy "$filter" $cuda_units || status=1
fi
[ $status -eq 0 ] && echo "style: the changed lines follow .clang-format and .clang-tidy"
exit $status
