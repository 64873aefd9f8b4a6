#!/bin/bash
# Runs a long job on the lent GPU machine detached from the device call that starts it, so that one
# job can span several calls (a call is at most 10 minutes; the machine stays warm 30 s after one):
# the first call starts it, each call waits for it up to WAIT seconds and sends its logs back.
#   in a device call, from the repository root, carrying TARBALL:
#   bash tools/dev/cuda/detached_run.sh TARBALL WAIT -- COMMAND [ARGS...]
# TARBALL is unpacked into $DETACHED_DIR (default /tmp/strata-detached) once, COMMAND runs there under
# setsid with OUT=$DETACHED_DIR/out (a process that starts a session of its own outlives the call;
# the rest are killed when it returns), and every call copies that folder to $OUT/out.tgz and prints
# the tail of COMMAND's log. Call again with the same arguments at once to go on waiting; a finished
# job is not started twice on the same machine. Session 9 ran the peer's build, two model writes,
# the tests and the hybrid benchmarks this way: 4 calls, no idle device time between them.
set -u
tarball="${1:?usage: detached_run.sh TARBALL WAIT -- COMMAND...}"
wait_s="${2:?usage: detached_run.sh TARBALL WAIT -- COMMAND...}"
shift 2
[[ "${1:-}" == "--" ]] && shift
[[ $# -gt 0 ]] || { echo "detached_run.sh: no command" >&2; exit 2; }
dir="${DETACHED_DIR:-/tmp/strata-detached}"
if [[ ! -d "$dir" ]]; then
    mkdir -p "$dir/out"
    tar -C "$dir" -xf "$tarball" || exit 1
    (cd "$dir" && OUT="$dir/out" setsid bash -c '"$@"; echo "exit $?" >"$OUT/.done"' detached "$@" \
        >"$dir/out/log.txt" 2>&1 </dev/null &)
    echo "started: $* ($(date -u +%T))"
fi
for _ in $(seq "$wait_s"); do
    [[ -f "$dir/out/.done" ]] && break
    sleep 1
done
if [[ -f "$dir/out/.done" ]]; then echo "finished: $(cat "$dir/out/.done") ($(date -u +%T))"; else echo "still running ($(date -u +%T))"; fi
tail -n 80 "$dir/out/log.txt"
[[ -n "${OUT:-}" ]] && tar -C "$dir" -czf "$OUT/out.tgz" out
exit 0
