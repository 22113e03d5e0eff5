#!/usr/bin/env bash
# The host probe against likwid-bench load_avx, back to back, same array size and thread count.
# The probe asks for transparent huge pages (madvise) and likwid does not; where the THP setting is
# writable (root), each round is repeated with THP off, so that both read through 4 KiB pages,
# and the setting is restored afterwards.
# Usage: scripts/host-bandwidth-vs-likwid.sh [THREADS] [SIZE_GB] [ROUNDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
threads=${1:-$(nproc)}
gb=${2:-2}
rounds=${3:-3}
command -v likwid-bench >/dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq likwid >/dev/null
}
probe=build/default/app/kvledger-probe
[ -x "$probe" ] || { echo "build first: cmake --build --preset default" >&2; exit 1; }
thp=/sys/kernel/mm/transparent_hugepage/enabled
thp_mode=$(sed -n 's/.*\[\(.*\)\].*/\1/p' "$thp" 2>/dev/null || true)
modes=("${thp_mode:-unknown}")
if [ -n "$thp_mode" ] && [ "$thp_mode" != never ] && [ -w "$thp" ]; then
    modes+=(never)
    trap 'echo "$thp_mode" >"$thp"' EXIT
fi
echo "threads $threads, array ${gb} GB; likwid-bench and kvledger-probe median/best (GB/s), checksum"
for round in $(seq "$rounds"); do
    for mode in "${modes[@]}"; do
        [ "$mode" = "$thp_mode" ] || echo "$mode" >"$thp"
        likwid=$(likwid-bench -t load_avx -W "N:${gb}GB:${threads}" 2>/dev/null | awk '/MByte\/s/ {print $2/1000}')
        ours=$("$probe" --device host --bytes $((gb * 1000000000)) --threads "$threads" --json 2>/dev/null |
               python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["median_gbps"], d["best_gbps"], d["checksum_ok"])')
        [ "$mode" = "$thp_mode" ] || echo "$thp_mode" >"$thp"
        echo "round $round, THP $mode: likwid load_avx ${likwid} | kvledger-probe ${ours}"
    done
done
