#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole suite: the default build (CUDA when nvcc
# is present), then an ASan+UBSan build without CUDA (clang, with the libFuzzer targets) and a
# bounded fuzzing run of each fuzz target, after clang-format and clang-tidy (scripts/lint.sh).
# Fails when any test or check fails or no test runs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$KVL_ROOT"

kvl_install_packages

echo "== default build"
kvl_build default
ctest --preset default
bash scripts/lint.sh build/default

echo "== ASan + UBSan build (no CUDA)"
kvl_build asan-ubsan
ctest --preset asan-ubsan

fuzz_seconds=${KVL_FUZZ_SECONDS:-30}
for target in build/asan-ubsan/tests/fuzz/fuzz_*; do
    [ -f "$target" ] && [ -x "$target" ] || continue
    name=$(basename "$target")
    corpus=tests/fuzz/corpus/$(echo "${name#fuzz_}" | cut -d_ -f1)
    work=$(mktemp -d)
    cp -r "$corpus"/. "$work"/
    echo "== $name for ${fuzz_seconds}s"
    "$target" -max_total_time="$fuzz_seconds" -timeout=10 -rss_limit_mb=2048 "$work" 2>&1 | tail -n 3
    rm -rf "$work"
done
echo "== all tests passed"
