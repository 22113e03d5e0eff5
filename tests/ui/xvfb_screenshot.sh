#!/usr/bin/env bash
# Runs the real kvledger binary in an X server (Xvfb, xcb platform) and checks its screenshot:
# the right size, and a real picture (many colours), not a blank window.
set -euo pipefail
app=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export XDG_CONFIG_HOME=$out/config XDG_DATA_HOME=$out/data QT_QPA_PLATFORM=xcb
for lang in en pt_BR; do
    xvfb-run -a -s "-screen 0 1600x1000x24" \
        "$app" --seed --language "$lang" --screenshot "$out/$lang.png" --size 1400x900
    size=$(identify -format '%wx%h' "$out/$lang.png")
    colours=$(identify -format '%k' "$out/$lang.png")
    echo "$lang: $size, $colours colours"
    [ "$size" = 1400x900 ] || { echo "wrong size: $size"; exit 1; }
    [ "$colours" -gt 200 ] || { echo "too few colours: a blank window?"; exit 1; }
done
