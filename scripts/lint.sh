#!/usr/bin/env bash
# Style and static checks; any finding fails. clang-format over every C++ and CUDA file in git,
# then clang-tidy (.clang-tidy: bugprone, performance, modernize subsets) over core/, gpu/, ui/
# and app/, using the compile commands of a configured build (default: build/default).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build/default}

echo "== clang-format"
git ls-files -z '*.cpp' '*.h' '*.cu' | xargs -0 clang-format --dry-run -Werror

echo "== clang-tidy (core/, gpu/, ui/, app/)"
[ -f "$build/compile_commands.json" ] || { echo "lint: no $build/compile_commands.json" >&2; exit 1; }
mapfile -t sources < <(git ls-files 'core/*.cpp' 'gpu/*.cpp' 'ui/*.cpp' 'app/*.cpp' | sed "s|^|$PWD/|")
run-clang-tidy -p "$build" -j "$(nproc)" -quiet "${sources[@]}" >"$build/clang-tidy.log" 2>&1 || {
    grep -E "(error|warning): " "$build/clang-tidy.log" | sed 's/\x1b\[[0-9;]*m//g' >&2 || true
    echo "lint: clang-tidy found the above (full log: $build/clang-tidy.log)" >&2
    exit 1
}
echo "== lint clean"
