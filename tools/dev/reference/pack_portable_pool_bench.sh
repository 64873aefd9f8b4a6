#!/bin/bash
# Packs what portable_pool_bench.sh runs (the waiting-policy comparison, issue 25) into one tarball
# for another x86-64 machine, e.g. the lent GPU machine's quiet 16-core host: adaptive/bin
# (strata-bench, strata-poolbench, strata-gguf from BUILD_DIR, and strata-bench-base from
# STRATA_BASE_BIN when set: another revision's strata-bench for the in-run A/B), adaptive/lib (the
# shared libraries outside glibc/libstdc++) and portable_pool_bench.sh. Written to a temporary name
# and moved, so a reader never sees half a file. There: tar xJf FILE && cd adaptive &&
# THREADS="15 4" bash portable_pool_bench.sh
#   tools/dev/reference/pack_portable_pool_bench.sh BUILD_DIR OUT.tar.xz
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
build="$1"; out="$2"
cmake --build "$build" --target strata-bench strata-poolbench strata-gguf -j 2 >/dev/null
stage="$(mktemp -d)"; trap 'rm -rf "$stage"' EXIT
d="$stage/adaptive"; mkdir -p "$d/bin" "$d/lib"
for t in strata-bench strata-poolbench strata-gguf; do cp "$build/tools/$t/$t" "$d/bin/"; done
[[ -n "${STRATA_BASE_BIN:-}" ]] && cp "$STRATA_BASE_BIN/strata-bench" "$d/bin/strata-bench-base"
cp "$here/portable_pool_bench.sh" "$d/"
for bin in "$d"/bin/*; do ldd "$bin" | awk '/=> \//{print $3}'; done | sort -u |
    grep -vE '/(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt)\.so' | while read -r lib; do cp -L "$lib" "$d/lib/"; done
echo "bin/: $(git -C "$repo" describe --always --dirty), built $(date -u +%FT%TZ); strata-bench-base: ${STRATA_BASE_REV:-see STRATA_BASE_BIN}" >"$d/BUILD.txt"
tar -C "$stage" -cJf "$out.tmp" adaptive && mv "$out.tmp" "$out"
du -h "$out"
