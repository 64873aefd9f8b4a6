#!/bin/bash
# Packs the CUDA backend's tests and strata-bench/strata-gguf from a CUDA build folder (default
# build/cuda-rel), with the shared libraries a bare machine may lack (Qt for the Qt Test programs),
# and cuda_device_run.sh beside them, into DEST, for the lent GPU machine:
#   run with carry [DEST relative to the repo] and `bash DEST/cuda_device_run.sh`.
# cudart is linked statically and libcuda comes from the machine's driver, so neither is packed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
build="${BUILD:-$repo/build/cuda-rel}"
dest="${1:?usage: pack_cuda_run.sh DEST}"
mkdir -p "$dest/bin" "$dest/lib"
cp "$build/tools/strata-bench/strata-bench" "$build/tools/strata-gguf/strata-gguf" "$build/tools/strata-info/strata-info" \
   "$build/tests/engine/cuda/"test_cuda_{kernels,model,moe,hybrid,split,memory} "$dest/bin/"
strip "$dest"/bin/*
cp "$here/cuda_device_run.sh" "$dest/"
# Libraries outside glibc/libstdc++ (which any recent x86-64 Linux has).
for bin in "$dest"/bin/*; do
    ldd "$bin" | awk '/=> \//{print $3}'
done | sort -u | grep -vE '/(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt)\.so' | while read -r lib; do
    cp -L "$lib" "$dest/lib/"
done
du -sh "$dest"
