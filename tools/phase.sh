# phase NAME COMMAND...: runs the command and prints how long it took as one grep-able line,
# "phase: NAME SECONDS s", which CI collects into its summary (.ci/run). Sourced by tools/quickstart.sh
# and tools/dev/fresh_root.sh.
phase() {
    local name=$1 start=$SECONDS status=0
    shift
    "$@" || status=$?
    printf 'phase: %-24s %5d s%s\n' "$name" $((SECONDS - start)) "$([ $status = 0 ] || echo "  (failed: $status)")"
    return $status
}
