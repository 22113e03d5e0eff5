#pragma once

// Every series and what-if row the cost charts draw, computed here so that the window and the
// CLI's export draw the same numbers. Values are in SI base units (bytes, seconds); charts scale
// them to display units and draw.
#include "kv_strategy.h"
#include "ledger.h"
#include "precision.h"
#include "roofline.h"
#include "scenario.h"
#include "serving_series.h"

#include <QFlags>
#include <QList>
#include <QPointF>
#include <QString>
#include <memory>
#include <optional>

namespace kvl {

// The context axis of every chart over context length: 1k to 10M tokens, stretched to the next
// decade when the scenario's context is longer.
inline constexpr qint64 kContextAxisFrom = 1000;
inline constexpr qint64 kContextAxisTo = 10'000'000;
// The power of ten at or above x (x > 0): where an axis that must reach x ends.
double decadeAtOrAbove(double x);
qint64 contextAxisEnd(qint64 context);
// `points` contexts log-spaced over the axis a chart at `context` shows.
QList<qint64> axisContexts(qint64 context, int points);

// Points per curve: the curves are closed forms, smooth on their axes, and these are enough for
// no visible corner at half a 1920-pixel slide (KV memory grows 10% between points, so a chord
// strays under 0.15% of the height); each point more is paint time on every slider step.
inline constexpr int kMemoryPoints = 96;
inline constexpr int kLatencyPoints = 64;

// One curve over context length: x in tokens, y in bytes or seconds.
struct Curve
{
    QString key;           // "weights", "kv", "total"; "step-4", "kv-4", "measured-4"
    int gpus = 0;          // GPU count of a latency curve (0 for memory curves)
    bool kvOnly = false;   // the KV term alone
    bool measured = false; // at the measured bandwidth
    QList<QPointF> points;

    friend bool operator==(const Curve &, const Curve &) = default;
};

// Weights and KV cache of the whole model (one GPU's view: no parallelism), whole batch.
struct MemorySeries
{
    QList<qint64> contexts;
    double weightBytes = 0;
    double stateBytes = 0; // fixed states (linear attention, Mamba), inside the kv curve
    Curve weights;         // flat, from the first context to the last
    Curve kv;              // the growing cache and any fixed state
    Curve total;           // weights + KV + state: the top of the stacked area
    // The GPU counts whose usable memory the chart draws as a line (gpuLineCounts); filled by
    // chartSeries, which holds the ledger, and empty from memorySeries alone.
    QList<int> gpuLines;

    friend bool operator==(const MemorySeries &, const MemorySeries &) = default;
};
MemorySeries memorySeries(const Scenario &s, const QList<qint64> &contexts);

// The memory chart's capacity lines: k GPUs for k = 1 .. max(selected, to fit, TP degree), at most
// kMaxGpuLines of them; past that the counts that matter (1, selected, to fit, TP degree) plus
// evenly spaced ones. Ascending. A TP degree of 0 (none valid) is left out.
inline constexpr int kMaxGpuLines = 8;
QList<int> gpuLineCounts(int selected, int toFit, int tpDegree);
// The counts that matter, which the lines keep and the chart labels first.
constexpr bool isKeyGpuCount(int k, int selected, qint64 toFit, int tpDegree)
{
    return k == selected || k == toFit || k == tpDegree;
}

// GPU counts the latency chart always shows; the selected count is added when not among them.
inline constexpr int kLatencyGpuCounts[] = {1, 2, 4, 8};
QList<int> latencyGpuCounts(int selected);

// Time per decode step per GPU count: the step, the KV term alone and, when the scenario carries
// a measured bandwidth, the step at efficiency = measured / datasheet.
struct LatencySeries
{
    QList<qint64> contexts;
    QList<int> gpuCounts;
    double measuredBytesPerSecond = 0; // per GPU; 0 when nothing was measured
    QList<Curve> curves;               // per count in gpuCounts order: step, KV, measured
    // The scenario's own GPU count as Scenario::engine serves it, with the constants fitted to
    // measured runs: a calibrated prediction, not a floor. Empty without an engine; it ends
    // where the batch no longer fits in memory (the engine would queue requests).
    Curve calibrated;

    // nullptr when absent.
    const Curve *curve(int gpus, bool kvOnly, bool measured) const;
    friend bool operator==(const LatencySeries &, const LatencySeries &) = default;
};
LatencySeries latencySeries(const Scenario &s, const QList<qint64> &contexts);

// The attention kinds the model could have had: MHA, GQA (the model's own count), MQA, and MLA
// for a model with latent layers. GQA, MHA and MQA are the model with its KV heads changed
// (ModelSpec::withKvHeads); MLA is the model as it is.
enum class AttentionVariantKind
{
    Mha,
    Gqa,
    Mqa,
    Mla
};
struct AttentionVariant
{
    AttentionVariantKind kind = AttentionVariantKind::Mha;
    int kvHeads = 0;      // 0 for MLA
    bool current = false; // the scenario's own model
    Scenario scenario;    // the scenario with this attention kind
    // The current variant's is the scenario's whole ledger; the others' leave every search out
    // (kAttentionVariantSections): the chart reads bytes and time only.
    Ledger ledger;
};
inline constexpr LedgerSections kAttentionVariantSections{};
// `l` is evaluate(s): the current variant reuses it.
QList<AttentionVariant> attentionVariants(const Scenario &s, const Ledger &l);
QList<AttentionVariant> attentionVariants(const Scenario &s);

// The KV cache in each of these formats, weights unchanged; the scenario's own format keeps its
// settings (an int4 group size, say), bf16 standing for fp16.
inline constexpr NumberFormat kPrecisionVariantFormats[] = {NumberFormat::FP16, NumberFormat::FP8,
                                                            NumberFormat::INT8, NumberFormat::INT4};
struct PrecisionVariant
{
    Precision precision;
    bool current = false;
    // The current variant's is the scenario's whole ledger; the others' have only the TP search
    // (kPrecisionVariantSections): the chart reads bytes, GPUs to fit, TP degree and time.
    Ledger ledger;
};
inline constexpr LedgerSections kPrecisionVariantSections{LedgerSection::TpDegree};
QList<PrecisionVariant> precisionVariants(const Scenario &s, const Ledger &l);
QList<PrecisionVariant> precisionVariants(const Scenario &s);

// What a page of charts draws for one scenario, computed once per change: only the parts the
// page's charts ask for.
enum class SeriesPart
{
    Memory = 0x1,
    Latency = 0x2,
    Attention = 0x4,
    Precision = 0x8,
    Serving = 0x10,
    Roofline = 0x20,
    Session = 0x40,
    Strategies = 0x80,
};
Q_DECLARE_FLAGS(SeriesParts, SeriesPart)
Q_DECLARE_OPERATORS_FOR_FLAGS(SeriesParts)

// What a page's charts ask core for: the parts, and the settings of the parts that have some (a
// chart's own controls: the roofline's prompt and compute precision, the session's turns).
struct SeriesRequest
{
    SeriesRequest(SeriesParts p = {}) : parts(p) {}
    SeriesRequest(SeriesPart p) : parts(p) {}
    SeriesParts parts;
    RooflineOptions roofline;
    SessionOptions session; // startContext is ignored: each scenario's session starts at its own
    QList<KvStrategy> strategies; // compared, the first the reference (the full cache)
    // Both charts' parts; a part's settings from the request that asks for it.
    SeriesRequest &operator|=(const SeriesRequest &other);
    // One part with its settings.
    static SeriesRequest of(const RooflineOptions &o);
    static SeriesRequest of(const SessionOptions &o);
    static SeriesRequest of(const QList<KvStrategy> &strategies);
};

// The compared KV strategies: each at the scenario's context, and its time per token over the
// context axis (windows flatten, budgets cap, sparse reads grow slowly).
struct StrategySeries
{
    QList<StrategyResult> results; // one per strategy, at the scenario's context
    QList<qint64> contexts;        // the axis: axisContexts(context, kLatencyPoints)
    QList<QList<QPointF>> curves;  // seconds per token over contexts, one per strategy
};
struct ChartSeries;
// `previous`: the series drawn before this change (nullptr: none). Where only the context moved
// and the axis stayed, its curves are kept: a curve depends on the context only through the axis.
StrategySeries strategySeries(const Scenario &s, const QList<KvStrategy> &strategies,
                              const QList<qint64> &contexts, const ChartSeries *previous = nullptr);

struct ChartSeries
{
    Scenario scenario;
    Ledger ledger;
    SeriesRequest request;
    MemorySeries memory;   // over axisContexts(context, kMemoryPoints)
    LatencySeries latency; // over axisContexts(context, kLatencyPoints)
    QList<AttentionVariant> attention;
    QList<PrecisionVariant> precision;
    ServingSeries serving; // empty for an invalid scenario
    Roofline roofline;     // empty for an invalid scenario
    // Turn by turn from the scenario's context; nullopt for an invalid scenario or session.
    std::optional<SessionSeries> session;
    StrategySeries strategies; // empty for an invalid scenario
    // The pinned baseline's series, drawn beside these; null when none is pinned.
    std::shared_ptr<const ChartSeries> baseline;
};
// `l` is evaluate(s).
// `previous`: the series of the last change, whose strategy curves may be kept (strategySeries).
ChartSeries chartSeries(const Scenario &s, const Ledger &l, const SeriesRequest &request,
                        const ChartSeries *previous = nullptr);
// The baseline `b` (`bl` = evaluate(b)) over `current`'s axes, so both draw on the same ones:
// its memory over the same contexts, its time per token at its own GPU count only (one curve, no
// KV-only or measured twin), its own variants, serving sweeps, roofline and session (the same
// turns from its own context), its strategies at its own context and over the same contexts.
// Only `current`'s parts. `previous`: the baseline's series of the last change; while the
// baseline is the same, its variants are kept, and its curves where the axis stayed.
ChartSeries baselineChartSeries(const Scenario &b, const Ledger &bl, const ChartSeries &current,
                                const ChartSeries *previous = nullptr);
// Both at once: `s`'s parts with the pinned baseline `b`'s beside them (none when no part is
// asked for); `bl` is evaluate(*b) where the caller holds it already (evaluated here when not).
ChartSeries chartSeries(const Scenario &s, const Ledger &l, const SeriesRequest &request,
                        const std::optional<Scenario> &b,
                        const std::optional<Ledger> &bl = std::nullopt,
                        const ChartSeries *previous = nullptr);

} // namespace kvl
