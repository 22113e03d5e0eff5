#!/usr/bin/env bash
# Runs a GUI test in a real X server (Xvfb) of the given size with a window manager (openbox)
# that frames windows, on the xcb platform: usage xvfb_wm.sh WxH TEST [ARGS...].
set -euo pipefail
size=$1
shift
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_RUNTIME_DIR=$home
chmod 700 "$home"
export QT_QPA_PLATFORM=xcb
xvfb-run -a -s "-screen 0 ${size}x24" bash -c 'openbox >/dev/null 2>&1 & wm=$!; sleep 1; "$@"; status=$?; kill $wm; exit $status' xvfb_wm "$@"
