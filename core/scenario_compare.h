#pragma once

// Two scenarios side by side: every quantity of both ledgers with its change, and, for each input
// that differs, what that change alone does, applied in turn from A towards B. Core composes the
// data; compareSentence() words one change (translated where the app reads it).
#include "ledger.h"
#include "ledger_text.h"
#include "units.h"

#include <QList>
#include <QString>

namespace kvl {

enum class ScenarioInput
{
    Model,
    Layers,
    QueryHeads,
    KvHeads,
    HeadDim,
    Window, // sliding-window and chunked layers: their span and where they are
    Gpu,
    Gpus,
    Context,
    Batch,
    KvPrecision,
    WeightPrecision,
    WeightsAsStored,
    Efficiency,
    MemoryFraction,
    ComputeEfficiency,
    GpuHourPrice,
    ResponseTokens,
    SpeculativeDecoding,
    ModelShape, // any other model field (hidden size, experts, parameters): applied last
};

// One input that differs, with the ledgers just before and just after it changes (the inputs
// before it in ScenarioInput order already at B's values). The ledgers between A and B have only
// kInputChangeSections (compareSentence reads no search); A's and B's are whole.
struct InputChange
{
    ScenarioInput input = ScenarioInput::Model;
    QString from, to; // as a reader writes them: "fp16", "8", "1,000,000"; empty for ModelShape
    Ledger before, after;
};
inline constexpr LedgerSections kInputChangeSections{};

struct QuantityChange
{
    Quantity quantity = Quantity::KvBytesPerToken;
    double a = 0, b = 0;
    double ratio = 0; // b / a; 0 when a is 0
};

struct Comparison
{
    Ledger a, b;
    QList<QuantityChange> quantities; // every Quantity, in allQuantities() order
    QList<InputChange> changes;       // empty when the scenarios are the same
};
// Call validate() on both first.
Comparison compareScenarios(const Scenario &a, const Scenario &b);
// The same with A's and B's ledgers already evaluated (the window holds both).
Comparison compareScenarios(const Scenario &a, const Ledger &ledgerA, const Scenario &b,
                            const Ledger &ledgerB);
// Whether a comparison's table shows `q`: the KV read figures only where A or B reads other
// than it holds (sparse attention, shared caches); every other quantity always.
bool shownInComparison(const Comparison &c, Quantity q);

QString scenarioInputKey(ScenarioInput input); // "kv_precision", for JSON
// "KV precision fp16 → fp8: KV cache ÷2 (327.7 GB → 163.8 GB); time per token ÷1.41 (140 ms →
// 98 ms), not ÷2: the weights' 42.1 ms per token are unchanged."
QString compareSentence(const InputChange &c, ByteUnits units);
// The legend's name for a baseline: what sets it apart from the scenario, at its own values
// ("Baseline: KV precision fp16", "Baseline: GPUs 1, KV precision fp16", at most two inputs and
// "…"); "Baseline" when the two are the same. No ledger is evaluated.
QString baselineName(const Scenario &baseline, const Scenario &current);

// "÷2", "×8", "unchanged": how a figure moved from `a` to `b`.
QString changeFactor(double a, double b);
// A ledger row's change in its unit, then as a factor: "−163.8 GB (÷2)", "+29 GPUs (×5.83)",
// "−$0.52 (÷1.3)", "unchanged".
QString changeText(Quantity q, double a, double b, ByteUnits units);

// A ledger row of the scenario beside the same row of the baseline, and the change from the
// baseline to the scenario (changeText; "unchanged" for a worded row that reads the same, empty
// for one that does not).
struct ComparedRow
{
    LedgerRow row;
    QString baseline; // the baseline's value; empty where the baseline has no such row
    QString change;
};
QList<ComparedRow> comparedLedgerRows(const Scenario &s, const Ledger &l, const Scenario &baseline,
                                      const Ledger &baselineLedger, ByteUnits units);

} // namespace kvl
