#!/usr/bin/env bash
# Strata's quick start, for a fresh Debian 12/13 or Ubuntu 24.04 machine. Idempotent.
#
#   tools/quickstart.sh app    install dependencies, build (release) and launch the app
#   tools/quickstart.sh test   install dependencies, build and run the whole test suite
#   tools/quickstart.sh deb [BUILD_DIR]   install dependencies, build and check the Debian package
#                              (packaging/build_deb.sh; BUILD_DIR: an existing release build to reuse)
#
# Works as root or as a user with sudo. Environment:
#   STRATA_BUILD_ROOT    where build folders go (default: <repo>/build)
#   STRATA_TEST_SUITES   which test legs to run (default: "ci tsan fuzz"; "check" is the test suite
#                        without sanitizers; "release-tests" the same tests on the release build as
#                        packaged, hardened, which CI's Debian 13 leg runs and then packages)
#   STRATA_FUZZ_SECONDS  how long each fuzzer runs (default: 60)
#   STRATA_JOBS          parallel build jobs (default: number of cores)
#   STRATA_WERROR        ON/OFF: override the presets' warnings-as-errors setting
#   STRATA_CTEST_ARGS    extra ctest arguments (e.g. -E test_model_reference, -L platform)
#   STRATA_BUILD_TARGETS targets the ci/check/release-tests suites build instead of all (e.g. `platform`: the app
#                        and the tests labelled platform, cmake/StrataPlatformTests.cmake; CI's Debian 13 leg)
#   STRATA_CUDA_ARCHITECTURES  CUDA architectures to compile for (default: the build's, 75;86;89;90);
#                        CI compiles one (90) to stay inside its time
#
# Each phase prints its time as a line "phase: NAME SECONDS s".
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"  # presets are found from the source folder
build_root=${STRATA_BUILD_ROOT:-$repo/build}
jobs=${STRATA_JOBS:-$(nproc)}

say() { printf '\n== %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# shellcheck source=tools/packages.sh
source "$repo/tools/packages.sh"
# shellcheck source=tools/phase.sh
source "$repo/tools/phase.sh"

install_dependencies() {
    local purpose=$1
    say "Installing the packages for '$purpose' (apt; the list is tools/packages.sh)"
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    local pkgs
    mapfile -t pkgs < <(strata_packages "$purpose")
    as_root apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
}

# configure_and_build PRESET [TARGET...]: all, or only the named targets (and what they need).
configure_and_build() {
    local preset=$1
    shift
    say "Building preset '$preset' in $build_root/$preset${*:+ (targets: $*)}"
    # STRATA_WERROR=OFF: warnings stay warnings (CI's Debian 13 leg: g++ 14 reports false positives
    # from inlined libstdc++ code under ASan); everything else comes from the preset.
    cmake --preset "$preset" -B "$build_root/$preset" ${STRATA_WERROR:+-DSTRATA_WERROR=$STRATA_WERROR} \
        ${STRATA_CUDA_ARCHITECTURES:+-DCMAKE_CUDA_ARCHITECTURES=$STRATA_CUDA_ARCHITECTURES} >/dev/null
    if [ $# = 0 ]; then cmake --build "$build_root/$preset" -j "$jobs"
    else cmake --build "$build_root/$preset" -j "$jobs" --target "$@"; fi
}

# configure_and_build_tests PRESET LABEL: builds only the tests that carry LABEL (the tsan leg runs
# the threaded tests only; building all the others under TSan was most of its time).
configure_and_build_tests() {
    local preset=$1 label=$2 targets
    say "Building the '$label' tests of preset '$preset' in $build_root/$preset"
    cmake --preset "$preset" -B "$build_root/$preset" ${STRATA_WERROR:+-DSTRATA_WERROR=$STRATA_WERROR} >/dev/null
    # Each test is named after its executable (tests/CMakeLists.txt: strata_add_qtest).
    mapfile -t targets < <(ctest --test-dir "$build_root/$preset" -N -L "$label" | sed -n 's/^ *Test *#[0-9]*: //p')
    [ "${#targets[@]}" -gt 0 ] || { echo "no tests labelled '$label'" >&2; return 1; }
    cmake --build "$build_root/$preset" -j "$jobs" --target "${targets[@]}"
}

# Only the fuzz_* executables: the preset's tools are built and tested elsewhere.
configure_and_build_fuzzers() {
    local targets
    say "Building the fuzz targets in $build_root/fuzz"
    cmake --preset fuzz -B "$build_root/fuzz" >/dev/null
    mapfile -t targets < <(cd "$repo/tests/fuzz" && ls fuzz_*.cpp | sed 's/\.cpp$//')
    cmake --build "$build_root/fuzz" -j "$jobs" --target "${targets[@]}"
}

# Arguments after `app` go to strata itself (e.g. `tools/quickstart.sh app --quit-after-start`).
run_app() {
    phase "apt (app)" install_dependencies app
    phase "build release" configure_and_build release
    say "Starting Strata"
    exec "$build_root/release/bin/strata" "$@"
}

run_ctest() {
    local preset=$1; shift
    say "Running tests of preset '$preset'"
    # shellcheck disable=SC2086  # STRATA_CTEST_ARGS is a list of ctest arguments
    # One test at a time: many time their threads on the machine's cores. (tests/CMakeLists.txt
    # prepares a `ctest -j` that runs test_model_reference beside the Qt tests, one of those at a
    # time; left off until a CI run shows the timed tests keep passing with a core taken.)
    ctest --test-dir "$build_root/$preset" --output-on-failure --timeout 900 "$@" ${STRATA_CTEST_ARGS:-}
}

# Each fuzzer runs STRATA_FUZZ_SECONDS (60) on its own core, as many at a time as there are cores:
# libFuzzer is single-threaded, so four targets one after another left a core idle for 4 minutes.
run_fuzzers() {
    local seconds=${STRATA_FUZZ_SECONDS:-60} fuzzer name status=0 pids=() names=()
    for fuzzer in "$build_root"/fuzz/tests/fuzz/fuzz_*; do
        [ -x "$fuzzer" ] || continue
        name=$(basename "$fuzzer"); name=${name#fuzz_}
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
        say "Fuzzing $name for ${seconds}s"
        run_one_fuzzer "$fuzzer" "$name" "$seconds" &
        pids+=($!); names+=("$name")
    done
    [ "${#pids[@]}" -gt 0 ] || { echo "(no fuzz targets yet)"; return 0; }
    local i
    for i in "${!pids[@]}"; do
        wait "${pids[$i]}" || status=1
        grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)' \
            "$build_root/fuzz/${names[$i]}.log" | sed "s/^/${names[$i]}: /" || true
    done
    return $status
}

# run_one_fuzzer EXECUTABLE NAME SECONDS: seeded from tests/fuzz/corpus/NAME; a crash's input is kept.
run_one_fuzzer() {
    local fuzzer=$1 name=$2 seconds=$3 corpus log=$build_root/fuzz/$2.log
    corpus=$(mktemp -d)
    [ -d "$repo/tests/fuzz/corpus/$name" ] && cp -r "$repo/tests/fuzz/corpus/$name/." "$corpus/"
    if ! "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
            -artifact_prefix="$build_root/fuzz/$name-" "$corpus" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "fuzzer $name failed; the input is saved as $build_root/fuzz/$name-*" >&2
        rm -rf "$corpus"; return 1
    fi
    rm -rf "$corpus"
}

install_test_data() {
    say "Installing the test vocabularies (npm)"
    npm ci --prefix "$repo/tests/data/npm" --no-audit --no-fund --loglevel=error
}

run_tests() {
    phase "apt (test)" install_dependencies test
    phase "npm (test data)" install_test_data
    local suites=${STRATA_TEST_SUITES:-ci tsan fuzz} status=0 targets
    read -ra targets <<<"${STRATA_BUILD_TARGETS:-}"
    for suite in $suites; do
        case "$suite" in
            ci)   phase "build ci" configure_and_build ci "${targets[@]}" && phase "ctest ci" run_ctest ci || status=1 ;;
            tsan) phase "build tsan" configure_and_build_tests tsan tsan &&
                  phase "ctest tsan" run_ctest tsan -L tsan || status=1 ;;
            fuzz) phase "build fuzz" configure_and_build_fuzzers && phase "fuzzers" run_fuzzers || status=1 ;;
            check|release-tests)
                   phase "build $suite" configure_and_build "$suite" "${targets[@]}" &&
                   phase "ctest $suite" run_ctest "$suite" || status=1 ;;
            *) echo "unknown test suite '$suite'" >&2; status=1 ;;
        esac
    done
    return $status
}

build_package() {
    phase "apt (package)" install_dependencies package
    phase "build package" bash "$repo/packaging/build_deb.sh" "$@"
}

case "${1:-}" in
    app)  shift; run_app "$@" ;;
    test) run_tests ;;
    deb)  shift; build_package "$@" ;;
    *) sed -n '2,15p' "$0"; exit 2 ;;
esac
