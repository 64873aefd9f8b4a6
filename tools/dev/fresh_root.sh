#!/usr/bin/env bash
# Runs a command in a freshly debootstrapped Debian root, the way a new user's machine starts: nothing
# installed but the minimal base system, so a package missing from tools/packages.sh fails here as it
# fails for them. CI runs both of its legs this way (.ci/run); run it yourself after adding a dependency:
#
#   tools/dev/fresh_root.sh [SUITE] -- COMMAND...     (SUITE: bookworm (default) or trixie)
#   tools/dev/fresh_root.sh bookworm -- env QT_QPA_PLATFORM=offscreen tools/quickstart.sh app --quit-after-start
#
# COMMAND runs as root inside the root, in the checkout (mounted at /src), with a clean environment
# (use `env NAME=VALUE ...` in COMMAND to add to it). The root lives in a private mount namespace and
# is deleted afterwards: no installed state outlives the run. Only downloaded .deb files are kept
# between runs (a cache, not installed state). Needs root, debootstrap and unshare (util-linux).
#
# Environment:
#   STRATA_ROOT_MIRROR   Debian mirror (default: the one this machine's apt sources name)
#   STRATA_ROOT_DIR      where roots are made (default /var/tmp/strata-roots)
#   STRATA_ROOT_CACHE    where downloaded .debs are kept (default /var/cache/strata-roots)
#   STRATA_ROOT_CUDA     a CUDA toolkit to mount read-only at /usr/local/cuda (default: /usr/local/cuda
#                        if this machine has one; "none" for none). NVIDIA's toolkit is not in Debian's
#                        main archive, so a user installs it by hand; the root borrows this machine's.
#
# Each phase prints "phase: NAME SECONDS s".
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
suite=bookworm
if [ $# -gt 0 ] && [ "$1" != -- ]; then suite=$1; shift; fi
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || { sed -n '2,24p' "$0"; exit 2; }

# The mirror of the Debian archive this machine's apt sources name: the URI of the first entry whose
# suites include a release itself (not -security/-updates/-backports). Both the one-line format
# (sources.list) and deb822 (*.sources) are read.
host_debian_mirror() {
    local file
    for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$file" ] || continue
        sed -E 's/\[[^]]*\]//' "$file" | awk '$1 == "deb" && $3 !~ /-/ { print $2; exit }'
    done | head -n1 | grep . && return
    for file in /etc/apt/sources.list.d/*.sources; do
        [ -f "$file" ] || continue
        awk 'BEGIN { RS = ""; FS = "\n" }
             { uri = ""; release = 0; deb = 0
               for (i = 1; i <= NF; i++) {
                   if ($i ~ /^URIs:/) { split($i, w, /[ \t]+/); uri = w[2] }
                   if ($i ~ /^Types:.*deb( |$)/) deb = 1
                   if ($i ~ /^Suites:/) { n = split($i, w, /[ \t]+/); for (j = 2; j <= n; j++) if (w[j] !~ /-/) release = 1 }
               }
               if (deb && release && uri != "") { print uri; exit } }' "$file"
    done | head -n1 | grep .
}

# shellcheck source=tools/phase.sh
source "$repo/tools/phase.sh"

[ "$(id -u)" = 0 ] || { echo "fresh_root: run as root (debootstrap, chroot and mounts need it)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "fresh_root: install debootstrap first (apt-get install debootstrap)" >&2; exit 1; }
mirror=${STRATA_ROOT_MIRROR:-$(host_debian_mirror || true)}
[ -n "$mirror" ] || { echo "fresh_root: no Debian mirror in /etc/apt/sources*; set STRATA_ROOT_MIRROR" >&2; exit 1; }
cache=${STRATA_ROOT_CACHE:-/var/cache/strata-roots}/$suite
mkdir -p "$cache/partial" "${STRATA_ROOT_DIR:-/var/tmp/strata-roots}"
root=$(mktemp -d "${STRATA_ROOT_DIR:-/var/tmp/strata-roots}/$suite.XXXXXX")
cuda=${STRATA_ROOT_CUDA:-/usr/local/cuda}
[ -x "$cuda/bin/nvcc" ] || cuda=none
# The mounts die with the namespace, so this removes only the root's own files.
trap 'rm -rf --one-file-system "$root"' EXIT

echo "fresh_root: $suite from $mirror into $root (CUDA toolkit: $cuda)"
debootstrap_quietly() {  # its chatter goes to a log, shown only when it fails
    local log=$root.debootstrap.log status=0
    debootstrap --variant=minbase --cache-dir="$cache" "$suite" "$root" "$mirror" >"$log" 2>&1 || status=$?
    [ $status = 0 ] || tail -n 30 "$log" >&2
    rm -f "$log"
    return $status
}
phase "debootstrap $suite" debootstrap_quietly || exit 1
cp /etc/resolv.conf "$root/etc/resolv.conf"
# Trust what this machine trusts (some networks re-sign TLS with their own CA): npm inside the root
# reads this bundle through NODE_EXTRA_CA_CERTS.
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/strata-host-ca.crt"
mkdir -p "$root/src" "$root/usr/local/cuda"

unshare --mount --propagation private bash -euc '
    root=$1 repo=$2 cache=$3 cuda=$4; shift 4
    # The root is a mount point of its own, as / is on a real machine: /proc/self/mountinfo then names
    # it, and code that asks which file system holds a folder (QStorageInfo: free disk space) gets an
    # answer instead of "unknown".
    mount --bind "$root" "$root"
    mount -t proc proc "$root/proc"
    mount -t sysfs sys "$root/sys"
    mount --bind /dev "$root/dev"
    mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
    mount -t tmpfs tmpfs "$root/dev/shm"
    mount --bind "$repo" "$root/src"
    mount --bind "$cache" "$root/var/cache/apt/archives"
    if [ "$cuda" != none ]; then mount --bind -o ro "$cuda" "$root/usr/local/cuda"; fi
    cd "$root/src"
    exec chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LC_ALL=C.UTF-8 CI=true STRATA_BUILD_ROOT=/build \
        NODE_EXTRA_CA_CERTS=/etc/strata-host-ca.crt npm_config_cafile=/etc/strata-host-ca.crt \
        bash -c "cd /src && exec \"\$@\"" _ "$@"
' _ "$root" "$repo" "$cache" "$cuda" "$@"
