#!/usr/bin/env bash
# The window's --screenshot: saved as every export is (whole or not at all, the old file kept,
# never into a FIFO), its size bounded, and a scenario whose attention-mass file is missing, a
# FIFO, a folder, not an array or a real one opens, says what is wrong and is shot, every time.
set -euo pipefail
app=$1
corpus=$2 # a scenario file whose view.mass names "a.npy"
npy=$3    # a real attention-mass .npy
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_RUNTIME_DIR=$home
export QT_QPA_PLATFORM=offscreen
cd "$home"
fail() { echo "$*"; exit 1; }

# Sizes past the documented limit are refused at once, nothing written.
for size in 99999x99999 20000x20000 7681x1000 1000x99 0x0; do
    set +e
    err=$(timeout 60 "$app" --seed --screenshot big.png --size "$size" 2>&1 >/dev/null)
    rc=$?
    set -e
    [ "$rc" = 2 ] || fail "--size $size: status $rc ($err)"
    grep -q 'each side must be 100-7680 pixels' <<<"$err" || grep -q 'is not WIDTHxHEIGHT' <<<"$err" ||
        fail "--size $size: $err"
    [ ! -e big.png ] || fail "--size $size: a file was written"
done
echo "--size past 7680: refused"

# A FIFO, or a link to one, is refused at once and left as it is.
mkfifo shot.fifo
ln -s shot.fifo link.png
for target in shot.fifo link.png; do
    set +e
    err=$(timeout 30 "$app" --seed --screenshot "$target" --size 800x600 2>&1 >/dev/null)
    rc=$?
    set -e
    [ "$rc" = 2 ] || fail "--screenshot $target: status $rc ($err)"
    grep -q 'FIFO' <<<"$err" || fail "--screenshot $target: $err"
done
[ -p shot.fifo ] && [ -L link.png ] || fail "the FIFO or the link to it was replaced"
echo "--screenshot to a FIFO: refused, left alone"

# Under a file-size limit the old picture stays whole and the failure is said.
printf 'old picture' >old.png
set +e
err=$( (ulimit -f 8; timeout 60 "$app" --seed --screenshot old.png --size 800x600) 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" != 0 ] || fail "--screenshot under ulimit -f: status 0"
grep -q 'File too large' <<<"$err" || fail "--screenshot under ulimit -f: $err"
[ "$(cat old.png)" = 'old picture' ] || fail "the old picture was replaced"
[ "$(ls -A | grep -c '^\.\?old\.png')" = 1 ] || fail "a temporary file was left: $(ls -A)"
echo "--screenshot under ulimit -f: the old file kept"

# The scenario's attention-mass file, whatever it is: the window opens, says it and is shot.
mkfifo fifo.npy
mkdir folder.npy
echo 'not an array' >bad.npy
cp "$npy" good.npy
for kind in missing fifo folder bad good; do
    sed "s|\"a.npy\"|\"$home/$kind.npy\"|" "$corpus" >"$kind.kvledger"
    runs=2
    [ "$kind" = missing ] && runs=10 # it crashed 9 times in 10
    for _ in $(seq "$runs"); do
        rm -f shot.png
        set +e
        err=$(timeout 120 "$app" "$kind.kvledger" --screenshot shot.png 2>&1 >/dev/null)
        rc=$?
        set -e
        [ "$rc" = 0 ] || fail "$kind.npy: status $rc ($err)"
        [ -s shot.png ] || fail "$kind.npy: no picture"
        if [ "$kind" = good ]; then
            ! grep -q 'attention mass:' <<<"$err" || fail "good.npy: $err"
        else
            grep -q "kvledger: attention mass: $kind.npy: " <<<"$err" || fail "$kind.npy: not said: $err"
        fi
    done
done
echo "a scenario's attention-mass file, missing, a FIFO, a folder, bad or good: opened and shot"
