# phase NAME COMMAND...: runs the command and prints how long it took as one grep-able line,
# "phase: NAME WALL s (cpu CPU s)", which CI collects into its summary (.ci/run). CPU is the user+system
# time of the command's processes: on a busy machine the wall time grows, the CPU time does not, so
# CPU/cores tells what the phase costs on a quiet one. Sourced by tools/quickstart.sh and
# tools/dev/fresh_root.sh.
phase() {
    local name=$1 start=$SECONDS cpu_start status=0
    shift
    children_cpu_seconds; cpu_start=$REPLY
    "$@" || status=$?
    children_cpu_seconds
    printf 'phase: %-24s %5d s (cpu %5d s)%s\n' "$name" $((SECONDS - start)) $((REPLY - cpu_start)) \
        "$([ $status = 0 ] || echo "  (failed: $status)")"
    return $status
}

# REPLY = user plus system seconds of this shell's finished children: the second line of bash's
# `times`, which must run in this shell, not in a $(...) subshell that has children of its own.
children_cpu_seconds() {
    local user system file
    file=$(mktemp)
    times >"$file"
    { read -r _ _; read -r user system; } <"$file"
    rm -f "$file"
    REPLY=$(awk -v u="$user" -v s="$system" 'BEGIN { split(u, a, /[ms]/); split(s, b, /[ms]/)
        printf "%d", a[1] * 60 + a[2] + b[1] * 60 + b[2] }')
}
