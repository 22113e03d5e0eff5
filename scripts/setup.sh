#!/usr/bin/env bash
# Shared set-up for run.sh and test.sh: install the Debian 12 packages that are missing,
# then configure and build with Ninja. Sourced, not run.

KVL_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Qt Charts needs libqt6opengl6-dev (only recommended by qt6-base-dev); xvfb-run needs xauth;
# the fuzzer needs clang's libFuzzer runtime (libclang-rt-14-dev); scripts/lint.sh needs
# clang-format and clang-tidy (with run-clang-tidy).
KVL_PACKAGES=(
    qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools
    qt6-qpa-plugins libqt6svg6 qt6-translations-l10n xvfb xauth x11-utils imagemagick fonts-dejavu-core poppler-utils
    ninja-build cmake g++ clang libclang-rt-14-dev clang-format clang-tidy
)

kvl_install_packages() {
    local missing=()
    for p in "${KVL_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        echo "kvledger: missing Debian packages: ${missing[*]}" >&2
        echo "kvledger: run as root, or: sudo apt-get install ${missing[*]}" >&2
        return 1
    fi
    echo "kvledger: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# kvl_build PRESET: configure (first time) and build one CMakePresets.json configuration.
kvl_build() {
    local preset=$1
    cmake --preset "$preset" -S "$KVL_ROOT" >/dev/null || cmake --preset "$preset" -S "$KVL_ROOT" || return 1
    cmake --build --preset "$preset"
}

# A private runtime directory keeps Qt quiet about XDG_RUNTIME_DIR.
if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -d "${XDG_RUNTIME_DIR}" ]; then
    export XDG_RUNTIME_DIR=$(mktemp -d /tmp/kvledger-runtime.XXXXXX)
    chmod 0700 "$XDG_RUNTIME_DIR"
fi
