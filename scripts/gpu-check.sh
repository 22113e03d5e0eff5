#!/usr/bin/env bash
# Builds gpu/ alone (no Qt) with CUDA for Hopper, runs its tests and the streaming-read probe, and
# keeps the results. For a machine with an NVIDIA GPU, nvcc, CMake and ninja; about 2 minutes.
# From the project root:  bash scripts/gpu-check.sh   (results in $OUT or ./gpu-results)
# Seven files at most come back: env.txt build.log sass.txt ctest.log probe.jsonl sweep.json sweep.txt
set -euo pipefail
out=${OUT:-$PWD/gpu-results}
build=${BUILD:-build-gpu}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,memory.total,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,power.limit \
  --format=csv | tee "$out/env.txt"
{ cmake -S gpu -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DKVL_GPU_PTXAS_VERBOSE=ON && cmake --build "$build" -j 16; } >"$out/build.log" 2>&1 \
  || { tail -60 "$out/build.log"; exit 1; }
echo "ptxas, per kernel:"
grep -E 'Used [0-9]+ registers|spill' "$out/build.log" | sort | uniq -c || true
if command -v cuobjdump >/dev/null; then
  cuobjdump --dump-sass "$build/kvledger-probe" >"$out/sass.txt" 2>&1 || true
  loads=$(grep -cE 'LDG\.E[.A-Z0-9]*\.128' "$out/sass.txt" || true)
  echo "128-bit global loads in SASS: $loads"
  [ "$loads" != 0 ] || { echo "(no SASS read: this cuobjdump may not know the binary)"; head -5 "$out/sass.txt"; }
  grep -oE 'LDG\.E[.A-Z0-9]*\.128[.A-Z0-9]*' "$out/sass.txt" | sort | uniq -c || true
  cuobjdump --dump-resource-usage "$build/kvledger-probe" 2>/dev/null | grep -E 'Function|REG' \
    | sed -E 's/Function (_Z[^ ]*readKernel[^ ]*)/Function readKernel: \1/' | tail -20 || true
fi
# From here on a failure is reported and the remaining checks still run.
ctest --test-dir "$build" --output-on-failure --no-tests=error >"$out/ctest.log" 2>&1 \
  || echo "ctest FAILED (see ctest.log)"
tail -25 "$out/ctest.log"
probe() { "$build/kvledger-probe" "$@" || echo "kvledger-probe $* FAILED with status $?" >&2; }
probe --list | tee -a "$out/env.txt"
{
  probe --device cuda:0 --json
  for v in ldcs ldcg nc-no-allocate; do probe --device cuda:0 --loads $v --json; done
  probe --device all --json
  probe --device host --samples 5 --json
} | tee "$out/probe.jsonl"
probe --device cuda:0 --sweep --samples 10 --json >"$out/sweep.json"
probe --device cuda:0 --sweep --samples 10 | tee "$out/sweep.txt"
echo "results in $out"
