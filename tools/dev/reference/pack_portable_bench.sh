#!/bin/bash
# Packs Strata's Release benchmark tools, the clang-built llama-bench and every shared library they
# need that a bare machine may lack into one folder (default .devrun/, ignored by git), with
# portable_bench.sh beside them, so the same-run comparison can run on another x86-64 machine
# (e.g. the lent GPU machine's quiet 16-core host: `run` with carry [".devrun"] and
# `bash .devrun/portable_bench.sh`). Models are generated there (~2.5 min, 4 in parallel).
# STRATA_BASE_BIN=DIR also packs DIR's strata-bench and strata-kernelbench (another revision's) as
# the base of `portable_bench.sh ab`, an alternating decode A/B; tools/dev/stream_ceiling is
# always packed (`portable_bench.sh ceiling`).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
ext="${STRATA_EXT_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/strata-dev}"
dest="${1:-$repo/.devrun}"
grep -qx '/.devrun/' "$repo/.git/info/exclude" 2>/dev/null || echo '/.devrun/' >>"$repo/.git/info/exclude"

cmake --build "$repo/build/bench" --target strata-bench strata-kernelbench strata-gguf -j 2 >/dev/null
mkdir -p "$dest/bin" "$dest/lib"
for t in strata-bench strata-kernelbench strata-gguf; do
    cp "$repo/build/bench/tools/$t/$t" "$dest/bin/"
done
cp "$ext/llama-build/bin/llama-bench" "$dest/bin/"
if [[ -n "${STRATA_BASE_BIN:-}" ]]; then
    cp "$STRATA_BASE_BIN/strata-bench" "$dest/bin/strata-bench-base"
    cp "$STRATA_BASE_BIN/strata-kernelbench" "$dest/bin/strata-kernelbench-base"
fi
g++ -O2 -std=c++20 -mavx512f -mavx512bw -pthread "$repo/tools/dev/stream_ceiling/stream_ceiling.cpp" -o "$dest/bin/stream_ceiling"
cp "$here/portable_bench.sh" "$dest/"
# Libraries outside glibc/libstdc++ (which any recent x86-64 Linux has).
for bin in "$dest"/bin/*; do
    LD_LIBRARY_PATH="$ext/llama-build/bin" ldd "$bin" | awk '/=> \//{print $3}'
done | sort -u | grep -vE '/(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt)\.so' | while read -r lib; do
    cp -L "$lib" "$dest/lib/"
done
du -sh "$dest"
