#!/usr/bin/env bash
# Refreshes resources/translations/*.ts from the sources (core, ui, app), keeping translations.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
lupdate=/usr/lib/qt6/bin/lupdate
[ -x "$lupdate" ] || lupdate=$(command -v lupdate)
"$lupdate" -locations none -no-obsolete core ui app -ts resources/translations/kvledger_pt_BR.ts "$@"
# English is the source language: its file holds only the plural forms of the "%n" messages.
"$lupdate" -locations none -no-obsolete -pluralonly core ui app \
    -ts resources/translations/kvledger_en.ts "$@"
