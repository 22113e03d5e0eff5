#!/usr/bin/env bash
# Shared set-up for run.sh and test.sh: install the Debian 12 packages that are missing,
# then configure and build with Ninja. Sourced, not run.

KVL_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# What the window and the command line need to build and run. Qt Charts needs
# libqt6opengl6-dev (only recommended by qt6-base-dev).
KVL_APP_PACKAGES=(
    qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-l10n-tools
    qt6-qpa-plugins libqt6svg6 qt6-translations-l10n fonts-dejavu-core ninja-build cmake g++
)
# What the whole suite adds: an X server with a window manager for the GUI tests (xvfb-run
# needs xauth), image and PDF tools to check screenshots and reports, clang with its libFuzzer
# runtime for the sanitizer build, clang-format and clang-tidy (run-clang-tidy) for
# scripts/lint.sh.
KVL_TEST_PACKAGES=(
    xvfb xauth x11-utils openbox imagemagick poppler-utils
    clang libclang-rt-14-dev clang-format clang-tidy
)

# kvl_install_packages [app|test]: install the Debian packages that are missing, for the app
# alone or (test, the default) for the whole suite.
kvl_install_packages() {
    local wanted=("${KVL_APP_PACKAGES[@]}")
    [ "${1:-test}" = app ] || wanted+=("${KVL_TEST_PACKAGES[@]}")
    local missing=()
    for p in "${wanted[@]}"; do
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

# kvl_build PRESET [TARGET...]: configure (first time) and build one CMakePresets.json
# configuration, all of it or only the targets named.
kvl_build() {
    local preset=$1
    shift
    cmake --preset "$preset" -S "$KVL_ROOT" >/dev/null || cmake --preset "$preset" -S "$KVL_ROOT" || return 1
    if [ $# -gt 0 ]; then
        cmake --build --preset "$preset" --target "$@"
    else
        cmake --build --preset "$preset"
    fi
}

# A private runtime directory keeps Qt quiet about XDG_RUNTIME_DIR.
if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -d "${XDG_RUNTIME_DIR}" ]; then
    export XDG_RUNTIME_DIR=$(mktemp -d /tmp/kvledger-runtime.XXXXXX)
    chmod 0700 "$XDG_RUNTIME_DIR"
fi
