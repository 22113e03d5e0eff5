#pragma once

#include "attention_mass.h"
#include <QList>
#include <QString>
#include <optional>

namespace kvl {

// Teaching sources for the attention-mass analyzer: block masses generated, not measured.
enum class SyntheticKind
{
    Uniform,  // every block the same: flat, the case for quantization
    PowerLaw, // the i-th block holds ∝ i^-exponent
    Recency,  // attention sinks + a decay over the newest blocks + a small uniform floor
    Needle,   // the recency pattern plus one old block that carries the answer
};

struct SyntheticMass
{
    SyntheticKind kind = SyntheticKind::Recency;
    int layers = 8;
    qint64 blocks = 4096;    // per layer
    int flatLayers = 0;      // the first layers uniform (early layers often are)
    double exponent = 1.0;   // power law
    int sinkBlocks = 1;      // recency, needle: the first blocks (attention sinks) ...
    double sinkShare = 0.3;  // ... and their share of the mass
    double decay = 32;       // recency: mass ∝ exp(-age / decay), age in blocks from the newest
    double floor = 0.05;     // recency: share of the mass spread evenly over every block
    qint64 needleBlock = -1; // needle: its block (-1 = the middle)
    double needleShare = 0.005;

    // "uniform", "power-law:exponent=1.2", "recency:sinks=1,sink-share=0.3,decay=32,floor=0.05",
    // "needle:block=2048,share=0.005"; every kind takes layers=N, blocks=N, flat-layers=N.
    static std::optional<SyntheticMass> parse(const QString &spec, QString *error = nullptr);
    QString spec() const;
    // For people, in the current language: "Synthetic: recency with sinks, 8 layers × 4,096
    // blocks, the first 2 flat". The numbers a reader needs to tell two sources apart; the rest
    // are in spec().
    QString description() const;

    QList<QList<double>> generate() const; // block masses per layer, summing to 1
};

// The analyzer's report on a synthetic source; a needle's rank is added to the notes.
std::optional<MassReport> analyzeSynthetic(const SyntheticMass &source, const MassOptions &options,
                                           QString *error, const MassProgress &progress = {});

} // namespace kvl
