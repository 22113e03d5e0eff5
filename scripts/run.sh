#!/usr/bin/env bash
# Installs what is missing, builds, and opens KV Ledger on the seed's scenario.
# With no display it says so and prints the seed's ledger instead.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$KVL_ROOT"

# Only what the window and the CLI need: the tests, the fuzzers and their tools are
# scripts/test.sh's.
kvl_install_packages app
kvl_build default kvledger kvledger-cli

bin=build/default/app
if [ -x "$bin/kvledger" ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; }; then
    exec "$bin/kvledger" "$@"
fi
if [ ! -x "$bin/kvledger" ]; then
    echo "kvledger: the window is not built yet; here is the seed's ledger from kvledger-cli." >&2
else
    echo "kvledger: no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window;" \
         "here is the seed's ledger from kvledger-cli." >&2
fi
exec "$bin/kvledger-cli" ledger "$@"
