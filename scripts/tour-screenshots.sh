#!/usr/bin/env bash
# Screenshots of every tour step, in English and Portuguese, normal and presentation, at
# 1920x1080 and 1280x720 (override with SIZES="WxH ..."), into DIR (default screenshots/tour).
# WM=1 shoots each screen whole in an X server of that size with a window manager (Xvfb and
# openbox), frame and title bar included, as a projector shows it; otherwise the window alone,
# offscreen. With tesseract-ocr and tesseract-ocr-por installed, each Portuguese screen is read
# back as text and the English words found in it are listed (scripts/ocr_english.py).
# Usage: scripts/tour-screenshots.sh [DIR]   (after scripts/test.sh or kvl_build default)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$KVL_ROOT"
out=${1:-screenshots/tour}
bin=build/default/app/kvledger
[ -x "$bin" ] || { echo "kvledger: build first (scripts/test.sh)" >&2; exit 1; }
if [ "${WM:-0}" = 1 ]; then
    for tool in xvfb-run openbox import; do
        command -v "$tool" >/dev/null || { echo "WM=1 needs $tool (xvfb, openbox, imagemagick)" >&2; exit 1; }
    done
fi
mkdir -p "$out"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_RUNTIME_DIR=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data
chmod 700 "$home"
# The step count as --help states it: "(1-17)".
steps=$(QT_QPA_PLATFORM=offscreen "$bin" --help | sed -n 's/.*at step N (1-\([0-9]*\)).*/\1/p')

# One screen: the window alone offscreen, or the whole screen with a window manager.
shoot() {
    local size=$1 png=$2
    shift 2
    if [ "${WM:-0}" = 1 ]; then
        PNG=$png xvfb-run -a -s "-screen 0 ${size}x24" bash -c '
            openbox >/dev/null 2>&1 & wm=$!
            sleep 1
            "$@" >/dev/null 2>&1 & app=$!
            sleep 6
            import -window root "$PNG"
            kill $app $wm' shoot "$bin" --seed "$@"
    else
        QT_QPA_PLATFORM=offscreen "$bin" --seed --size "$size" "$@" --screenshot "$png"
    fi
}

for lang in en pt_BR; do
    for size in ${SIZES:-1920x1080 1280x720}; do
        for mode in normal presentation; do
            flag=()
            [ "$mode" = presentation ] && flag=(--presentation)
            for step in $(seq 1 "$steps"); do
                png=$(printf '%s/%s-%s-%s-%02d.png' "$out" "$lang" "$size" "$mode" "$step")
                shoot "$size" "$png" --language "$lang" "${flag[@]}" --tour-step "$step"
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
