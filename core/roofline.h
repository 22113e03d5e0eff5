#pragma once

#include "scenario.h"
#include <QList>
#include <QPointF>
#include <QString>
#include <optional>

namespace kvl {

// One kernel on the roofline. FLOP per byte of memory traffic, FLOP/s attainable.
struct RooflinePoint
{
    QString id;      // "decode-attention-gqa", "decode-weights", "prefill", ...
    QString label;   // "Decode attention, GQA 64:8"
    QString formula; // how the intensity comes about: "2g/e = 2 × 8 / 2"
    double intensity = 0;
    double attainable = 0;         // min(peak, intensity × bandwidth)
    double attainableMeasured = 0; // under the measured bandwidth; 0 without one
    double belowRidge = 0;         // ridge / intensity: 37 means 37× below; < 1 is compute-bound
};

struct RooflineOptions
{
    std::optional<Precision> compute; // the compute roof's precision; the weights' by default
    double measuredBandwidth = 0;     // bytes/s; 0 = the scenario's measurement, if any
    qint64 promptTokens = 8192;       // for the prefill point
};

// A log-log roofline of the scenario's GPU and the points of its decode and prefill.
struct Roofline
{
    Precision precision;
    double peakFlops = 0; // dense, at `precision`
    double bandwidth = 0; // datasheet bytes/s
    double ridgePoint = 0;
    double measuredBandwidth = 0;
    double measuredRidgePoint = 0;
    QList<RooflinePoint> points;

    // The roof as a polyline over [from, to] FLOP/B: the bandwidth slope, the ridge, the flat
    // compute roof. `measured` draws it with the measured bandwidth.
    QList<QPointF> roof(double from, double to, bool measured = false) const;
};

// Decode attention for MHA (2/e), GQA at the model's group (2g/e) and MLA when the model has
// latent layers (q × 2 × (2 rank + rope) / ((rank + rope) e)); decode weight matmuls at the
// scenario's batch (≈ 2B/e_w); prefill of options.promptTokens (see prefillIntensity).
Roofline roofline(const Scenario &s, const RooflineOptions &options = {});

// Prefill of P tokens from an empty cache, one sequence, one GPU, in one chunk: prefill()'s FLOP
// over its bytes (the weights read once, MoE: the experts P tokens touch, and the KV written).
// Activations and re-reads of K/V tiles are left out, so this is an upper bound. For large P the
// weight term alone gives ≈ 2P/e_w: intensity grows linearly with the prompt (and faster while
// the attention term's P² matters).
double prefillIntensity(const Scenario &s, qint64 promptTokens);

} // namespace kvl
