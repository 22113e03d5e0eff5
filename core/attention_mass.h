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
enum class MassVerdict
{
    Concentrated,
    Flat
};

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
    // Mean over layers of the share of blocks that hold 99% of the mass: the share of KV reads
    // a step would need to read them all.
    double readShareFor99() const;
};

// Reports progress (0-1, rising) and polls `cancel` between chunks of about a million values.
struct MassProgress
{
    std::function<void(double)> progress;
    const std::atomic_bool *cancel = nullptr;
};

// A NumPy array of attention weights or accumulated mass, '<f2' or '<f4', C order, shaped
// [layers, keys], [layers, queries, keys] or [layers, heads, queries, keys]. Keys are summed
// over queries, grouped into blocks of options.blockSize. nullopt and *error naming the
// problem on a malformed file, a NaN, infinite or negative weight, or "cancelled".
std::optional<MassReport> analyzeNpy(QByteArrayView file, const MassOptions &options,
                                     QString *error, const MassProgress &progress = {});
// Rows "layer,block,mass" (an optional header row, '#' comments). Duplicate rows add up;
// blocks without a row hold no mass.
std::optional<MassReport> analyzeCsv(QByteArrayView file, const MassOptions &options,
                                     QString *error, const MassProgress &progress = {});
// Memory-maps `path` and reads it as .npy (by its magic) or CSV.
std::optional<MassReport> analyzeMassFile(const QString &path, const MassOptions &options,
                                          QString *error, const MassProgress &progress = {});
// Block masses per layer, already grouped (synthetic sources, tests).
std::optional<MassReport> analyzeBlockMasses(const QList<QList<double>> &layers,
                                             const MassOptions &options, QString *error);

// The statistics of one list of block masses; `blocks` may exceed masses.size() (the rest
// hold nothing). The masses are sorted in place, largest first.
MassStats massStats(QList<double> &masses, qint64 blocks, const MassOptions &options);
// At most `points` points of the cumulative curve of masses sorted largest first.
QList<QPointF> cumulativeMassCurve(const QList<double> &sorted, qint64 blocks, int points);

// What reading only the blocks that hold 99% of the mass would do to the scenario's step.
struct ReadProjection
{
    double readShare = 0;       // of the KV bytes a full step reads
    double secondsPerToken = 0; // StepModel with the KV read and attention FLOP scaled
    double fullSecondsPerToken = 0;
    QString text() const; // "reading the blocks that hold 99% ... cut KV reads to 12%: ..."
};
// Assumes the shares measured on the file hold at the scenario's context.
ReadProjection projectReads(const Scenario &s, const MassReport &r);

} // namespace kvl
