#!/usr/bin/env bash
# The host probe against likwid-bench load_avx, back to back, same array size and thread count.
# Usage: scripts/host-bandwidth-vs-likwid.sh [THREADS] [SIZE_GB] [ROUNDS]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
threads=${1:-$(nproc)}
gb=${2:-2}
rounds=${3:-3}
command -v likwid-bench >/dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq likwid >/dev/null
}
probe=build/default/gpu/kvledger-probe
[ -x "$probe" ] || { echo "build first: cmake --build --preset default" >&2; exit 1; }
for round in $(seq "$rounds"); do
    likwid=$(likwid-bench -t load_avx -W "N:${gb}GB:${threads}" 2>/dev/null | awk '/MByte\/s/ {print $2/1000}')
    ours=$("$probe" --device host --bytes $((gb * 1000000000)) --threads "$threads" --json 2>/dev/null |
           python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["median_gbps"], d["best_gbps"], d["checksum_ok"])')
    echo "round $round: likwid load_avx ${likwid} GB/s | kvledger-probe median/best/checksum: ${ours}"
done
