#!/usr/bin/env bash
# The window's binary at start-up: --help and --version answer without any display (a
# QApplication would abort), and a settings file naming an unknown language falls back to the
# system's, saying so, instead of keeping the window shut.
set -euo pipefail
app=$1
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_RUNTIME_DIR=$home
for flag in --help --version; do
    out=$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$app" "$flag")
    case $flag in
    --help) grep -q -- "--tour-script" <<<"$out" || { echo "--help: no options listed"; exit 1; } ;;
    --version) grep -q "^kvledger [0-9]" <<<"$out" || { echo "--version: $out"; exit 1; } ;;
    esac
    echo "$flag: ok without a display"
done
mkdir -p "$home/config/kvledger"
printf '[view]\nlanguage=xx_YY\n' >"$home/config/kvledger/kvledger.conf"
err=$(QT_QPA_PLATFORM=offscreen "$app" --seed --screenshot "$home/shot.png" --size 800x600 2>&1 >/dev/null)
[ -s "$home/shot.png" ] || { echo "no window with an unknown saved language: $err"; exit 1; }
grep -q 'saved language "xx_YY"' <<<"$err" || { echo "no word about the saved language: $err"; exit 1; }
echo "unknown saved language: falls back and says so"
