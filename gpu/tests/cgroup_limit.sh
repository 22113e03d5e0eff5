#!/bin/sh
# kvledger-probe in a cgroup limited to 512 MiB: the default buffer fits (sized from /proc/meminfo
# alone it is 2 GiB, and the OOM killer ends the probe without a word), and a larger --bytes is
# refused with status 1 and the cgroup's figures, and the host's memory is listed as the limit. Skipped (77) where no cgroup can be made here.
probe=$1
limit=$((512 * 1024 * 1024))
name=kvledger-probe-test-$$
if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
    dir=/sys/fs/cgroup/$name
    file=memory.max
elif [ -d /sys/fs/cgroup/memory ]; then
    dir=/sys/fs/cgroup/memory/$name
    file=memory.limit_in_bytes
else
    echo "no cgroup memory controller"
    exit 77
fi
mkdir "$dir" 2>/dev/null || { echo "cannot make a cgroup under ${dir%/*}"; exit 77; }
trap 'rmdir "$dir"' EXIT
if ! [ -f "$dir/$file" ] || ! echo $limit >"$dir/$file" 2>/dev/null; then
    echo "cannot limit the cgroup's memory"
    exit 77
fi
inside() {
    sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$dir" "$@"
}
fail=0

out=$(inside "$probe" --device host --json --samples 3 --warmups 1 --sample-ms 5)
status=$?
bytes=$(printf '%s' "$out" | sed -n 's/.*"bytes":\([0-9]*\).*/\1/p')
echo "default buffer under a 512 MiB limit: status $status, $bytes bytes"
if [ $status -ne 0 ] || [ -z "$bytes" ] || [ "$bytes" -gt $((limit / 2)) ]; then
    echo "FAIL: the default buffer must fit in half the cgroup's limit"
    fail=1
fi

total=$(inside "$probe" --list --json | sed -n 's/.*"id":"host"[^}]*"memory_total":\([0-9]*\).*/\1/p')
echo "host memory listed under a 512 MiB limit: $total bytes"
if [ "$total" != $limit ]; then
    echo "FAIL: the host's memory is the cgroup's limit, $limit bytes"
    fail=1
fi

err=$(inside "$probe" --device host --json --bytes 1Gi 2>&1 >/dev/null)
status=$?
echo "--bytes 1Gi: status $status: $err"
case $err in
*"does not fit in the memory this process may use"*"cgroup limit 512.0 MiB"*) ;;
*) echo "FAIL: no message naming the cgroup's limit"; fail=1 ;;
esac
[ $status -eq 1 ] || { echo "FAIL: status $status, not 1"; fail=1; }
exit $fail
