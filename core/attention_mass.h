#pragma once

#include "scenario.h"
#include <QByteArrayView>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <optional>

namespace kvl {

// The seed's measurement: per layer, how much of the attention mass sits in the top 1% of KV
// blocks. Concentrated mass leaves room for eviction or sparse reads; flat mass means the
// traffic really reads everything, and the honest saving is in the bytes (quantization).
// No verdict is drawn where it would mean nothing: too few blocks for "the top 1%" to be 1% of
// them, or (a head) no mass at all.
enum class MassVerdict
{
    Concentrated,
    Flat,
    TooFewBlocks,
    NoMass
};
// "concentrated", "flat", "too_few_blocks", "no_mass": the name in JSON and CSV.
QString massVerdictKey(MassVerdict v);

// Blocks per layer a top-`topFraction` verdict needs: 1/fraction (100 for the top 1%). With at
// least that many, the top ceil(fraction × blocks) are at most twice the share asked; with
// fewer they are one block and more than that share of them (1 of 2 blocks is 50%, and holds
// at least 50% of any mass).
qint64 blocksForVerdict(double topFraction);

struct MassOptions
{
    int blockSize = 16;        // keys summed into one block (CSV rows are blocks already)
    double topFraction = 0.01; // "the top 1% of blocks": ceil(fraction × blocks), at least 1
    // Concentrated when the top blocks hold at least this share (and more than flat mass
    // would): 0.5 is 50× what flat mass gives at 1%, the point where half of every step's
    // attention lands on 1% of the reads.
    double concentratedAt = 0.5;
    QList<int> curveLayers; // layers whose cumulative curve the report keeps
    int curvePoints = 256;  // at most, per curve
    // Threads reading a .npy's layers at once: 0 picks from the CPUs, the file's size and the
    // memory the block sums take; 1 reads in one pass. The report is the same whatever the count.
    int threads = 0;
};

// One layer (head = -1: all its heads summed) or one head of one layer.
struct MassStats
{
    int layer = 0;
    int head = -1;
    qint64 blocks = 0;
    double totalMass = 0;
    qint64 topBlocks = 0; // how many blocks "the top fraction" is
    double topShare = 0;  // share of the mass they hold
    qint64 blocksFor50 = 0, blocksFor90 = 0, blocksFor99 = 0; // fewest blocks holding that share
    MassVerdict verdict = MassVerdict::Flat;

    double shareOfBlocks(qint64 n) const { return blocks > 0 ? double(n) / blocks : 0; }
};

// Cumulative mass against the share of blocks, largest blocks first: (0, 0) to (1, 1).
struct MassCurve
{
    int layer = 0;
    QList<QPointF> points;
};

struct MassReport
{
    QString source;      // file name or the synthetic source's description
    QList<qint64> shape; // the input's shape; [layers, blocks] for CSV and synthetic sources
    int blockSize = 0;   // tokens per block; 0 when unknown (CSV)
    qint64 keys = 0;     // tokens per layer; 0 when unknown
    double topFraction = 0.01;
    QList<MassStats> layers;
    QList<MassStats> heads; // only when the input has a head axis
    QList<MassCurve> curves;
    QStringList notes; // what a synthetic source wants said (where the needle ranks)

    int concentratedLayers() const;
    int judgedLayers() const; // layers with a verdict: concentrated or flat
    // Mean over layers of the share of blocks that hold 99% of the mass: the share of KV reads
    // a step would need to read them all.
    double readShareFor99() const;
};

// Reports progress (0-1, rising: values read, then block sums ranked) and polls `cancel` between
// chunks of about a million values or blocks, and while ranking them: a cancel returns within
// milliseconds, its memory freed.
struct MassProgress
{
    std::function<void(double)> progress;
    const std::atomic_bool *cancel = nullptr;
};

// A NumPy array of attention weights or accumulated mass, '<f2' or '<f4', C order, shaped
// [layers, keys], [layers, queries, keys] or [layers, heads, queries, keys]. Keys are summed
// over queries, grouped into blocks of options.blockSize. nullopt and *error naming the
// problem on a malformed file, a NaN, infinite or negative weight, or "cancelled". Streams:
// each head's block sums are ranked when its last row has gone by, so memory is one head's and
// one layer's block sums, whatever the file's size.
std::optional<MassReport> analyzeNpy(QByteArrayView file, const MassOptions &options,
                                     QString *error, const MassProgress &progress = {});
// Rows "layer,block,mass" (an optional header row, '#' comments). Duplicate rows add up;
// blocks without a row hold no mass. Read twice: the first pass sizes the block sums (at most
// layers × blocks of them, fewer for sparse rows), the second fills them.
std::optional<MassReport> analyzeCsv(QByteArrayView file, const MassOptions &options,
                                     QString *error, const MassProgress &progress = {});
// Reads `path` in chunks of a megabyte, as .npy (by its magic or name) or CSV. The file is not
// memory-mapped: one cut short while it is read is reported ("name: the file got shorter while
// it was read (X of Y bytes)"), not a crash.
std::optional<MassReport> analyzeMassFile(const QString &path, const MassOptions &options,
                                          QString *error, const MassProgress &progress = {});
// Block masses per layer, already grouped (synthetic sources, tests).
std::optional<MassReport> analyzeBlockMasses(const QList<QList<double>> &layers,
                                             const MassOptions &options, QString *error,
                                             const MassProgress &progress = {});

// What reading only the blocks that hold 99% of the mass would do to the scenario's step.
struct ReadProjection
{
    double readShare = 0;       // of the KV bytes a full step reads
    double secondsPerToken = 0; // StepModel with the KV read and attention FLOP scaled
    double fullSecondsPerToken = 0;
    // "Reading the blocks that hold 99% ... cut KV reads to 12%: ..."; "No saving: ..." when
    // every block is needed or the time per token does not change at the precision shown.
    QString text() const;
};
// Assumes the shares measured on the file hold at the scenario's context.
ReadProjection projectReads(const Scenario &s, const MassReport &r);

} // namespace kvl
