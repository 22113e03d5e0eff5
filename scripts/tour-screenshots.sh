#!/usr/bin/env bash
# Screenshots of every tour step, in English and Portuguese, normal and presentation, at
# 1920x1080 and 1280x720 (override with SIZES="WxH ..."), into DIR (default screenshots/tour).
# With tesseract-ocr and tesseract-ocr-por installed, each Portuguese screen is read back as text
# and the English words found in it are listed (scripts/ocr_english.py).
# Usage: scripts/tour-screenshots.sh [DIR]   (after scripts/test.sh or kvl_build default)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$KVL_ROOT"
out=${1:-screenshots/tour}
bin=build/default/app/kvledger
[ -x "$bin" ] || { echo "kvledger: build first (scripts/test.sh)" >&2; exit 1; }
mkdir -p "$out"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
# The step count as --help states it: "(1-16)".
steps=$(HOME=$home XDG_RUNTIME_DIR=$home QT_QPA_PLATFORM=offscreen "$bin" --help |
    sed -n 's/.*at step N (1-\([0-9]*\)).*/\1/p')
for lang in en pt_BR; do
    for size in ${SIZES:-1920x1080 1280x720}; do
        for mode in normal presentation; do
            flag=()
            [ "$mode" = presentation ] && flag=(--presentation)
            for step in $(seq 1 "$steps"); do
                png=$(printf '%s/%s-%s-%s-%02d.png' "$out" "$lang" "$size" "$mode" "$step")
                HOME=$home XDG_RUNTIME_DIR=$home QT_QPA_PLATFORM=offscreen "$bin" --seed --language "$lang" --size "$size" \
                    "${flag[@]}" --tour-step "$step" --screenshot "$png"
            done
        done
    done
done
echo "kvledger: $(ls "$out"/*.png | wc -l) screenshots in $out"
if command -v tesseract >/dev/null && tesseract --list-langs 2>/dev/null | grep -qx por &&
    command -v python3 >/dev/null; then
    python3 scripts/ocr_english.py resources/translations/kvledger_pt_BR.ts "$out"/pt_BR-*.png
else
    echo "kvledger: install tesseract-ocr tesseract-ocr-por (and python3) to check the Portuguese screens"
fi
