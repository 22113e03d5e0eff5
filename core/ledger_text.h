#pragma once

#include "ledger.h"
#include "units.h"
#include <QList>
#include <QString>

namespace kvl {

// The bytes-per-token formula with the numbers filled in, as the seed writes it:
// "2 × 80 × 8 × 128 × 2 = 327,680 B ≈ 320 KiB per token".
// "Full-attention layers (12)", "Linear-attention layers (36)" (translated).
QString layerKindLabel(AttentionKind kind, int layers);

QString bytesPerTokenFormula(const Scenario &s, const Ledger &l, ByteUnits units);

// The ledger as labelled rows (label, value, note), shared by the CLI table and the app's
// ledger export so both say the same thing.
struct LedgerRow
{
    QString key; // the JSON key of the row's main quantity, for highlighting
    QString label;
    QString value;
    QString note;
    bool warning = false; // the figure describes a deployment that cannot run as set
};
QList<LedgerRow> ledgerRows(const Scenario &s, const Ledger &l, ByteUnits units);

// A quantity for people, where no scenario's numbers are in the label: "Time per token",
// "Memory per GPU" (translated). Where both name the same figure, the words are ledgerRows()'s.
QString quantityLabel(Quantity q);
// `value` of `q` in its unit, as the ledger shows it: "327.7 GB", "97.8 ms", "$12.3", "6".
QString formatQuantity(Quantity q, double value, ByteUnits units);
QString ledgerText(const Scenario &s, const Ledger &l, ByteUnits units);

} // namespace kvl
