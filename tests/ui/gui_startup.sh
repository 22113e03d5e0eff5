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

# A settings file that is a FIFO (or a link to one) would block QSettings' read; it is left
# alone, the window opens and says why. A link to a regular file is followed and stays a link.
rm "$home/config/kvledger/kvledger.conf"
mkfifo "$home/settings.fifo"
ln -s "$home/settings.fifo" "$home/config/kvledger/kvledger.conf"
err=$(QT_QPA_PLATFORM=offscreen timeout 60 "$app" --seed --screenshot "$home/shot2.png" --size 800x600 2>&1 >/dev/null)
[ -s "$home/shot2.png" ] || { echo "no window with a FIFO as settings: $err"; exit 1; }
grep -q 'FIFO' <<<"$err" || { echo "no word about the FIFO settings file: $err"; exit 1; }
[ -p "$home/settings.fifo" ] && [ -L "$home/config/kvledger/kvledger.conf" ] ||
    { echo "the FIFO or the link to it was replaced"; exit 1; }
echo "settings file a FIFO: left alone, the window opens and says so"
rm "$home/config/kvledger/kvledger.conf"
printf '[view]\nunits=binary\n' >"$home/settings.real"
ln -s "$home/settings.real" "$home/config/kvledger/kvledger.conf"
QT_QPA_PLATFORM=offscreen timeout 60 "$app" --seed --screenshot "$home/shot3.png" --size 800x600 2>/dev/null >/dev/null
[ -L "$home/config/kvledger/kvledger.conf" ] && grep -q 'units=binary' "$home/settings.real" ||
    { echo "the settings link to a regular file was replaced"; exit 1; }
echo "settings file a link to a file: followed, the link stays"

# A broken user preset is skipped, and said: on stderr and in the status bar.
rm "$home/config/kvledger/kvledger.conf"
mkdir -p "$home/data/kvledger/presets/models"
printf '{"id": "broken", "layers": "many"}' >"$home/data/kvledger/presets/models/broken.json"
err=$(QT_QPA_PLATFORM=offscreen timeout 60 "$app" --seed --screenshot "$home/shot4.png" --size 800x600 2>&1 >/dev/null)
grep -q 'user preset skipped: .*broken.json' <<<"$err" || { echo "no word about the broken preset: $err"; exit 1; }
echo "broken user preset: skipped and said"
