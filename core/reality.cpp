#include "reality.h"

#include <QFile>
#include <QHash>
#include <QMap>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace kvl {

namespace {

std::optional<double> measuredOf(const RunPrediction &p, RealityQuantity q)
{
    const std::optional<double> &m =
        q == RealityQuantity::Tpot ? p.run.tpotSeconds : p.run.ttftSeconds;
    return m && *m > 0 ? m : std::nullopt;
}

std::optional<double> predictedOf(const RunPrediction &p, RealityQuantity q)
{
    const std::optional<double> &v = q == RealityQuantity::Tpot ? p.predictedTpot : p.predictedTtft;
    return v && *v > 0 ? v : std::nullopt;
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 ? values.at(n / 2) : (values.at(n / 2 - 1) + values.at(n / 2)) / 2;
}

// Sorts the points by measured time, carrying their rows along (the hover's nearest-point search
// wants them in x order).
void sortByX(QList<QPointF> &points, QList<int> &rows)
{
    QList<qsizetype> order(points.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](qsizetype a, qsizetype b) { return points.at(a).x() < points.at(b).x(); });
    QList<QPointF> p;
    QList<int> r;
    p.reserve(points.size());
    r.reserve(rows.size());
    for (qsizetype i : order) {
        p << points.at(i);
        r << rows.at(i);
    }
    points = std::move(p);
    rows = std::move(r);
}

} // namespace

bool sameArchitecture(const ModelSpec &a, const ModelSpec &b)
{
    const auto shape = [](const ModelSpec &m) {
        return std::tie(m.layers, m.queryHeads, m.kvHeads, m.headDim, m.hiddenSize,
                        m.intermediateSize, m.experts, m.expertsPerToken, m.sharedExperts,
                        m.moeIntermediateSize, m.kvLoraRank, m.qkRopeHeadDim, m.window,
                        m.linearValueHeads, m.layerPattern);
    };
    return shape(a) == shape(b);
}

RealitySeries realitySeries(const QList<RunPrediction> &predictions, const Scenario &s,
                            RealityQuantity quantity)
{
    RealitySeries out;
    out.quantity = quantity;
    out.runs = int(predictions.size());
    QMap<QString, EngineReality> engines;
    QMap<QString, QList<double>> shares;
    QList<double> markedErrors;
    QHash<QString, bool> sameModel;
    double lo = std::numeric_limits<double>::max(), hi = 0;
    for (int i = 0; i < predictions.size(); ++i) {
        const RunPrediction &p = predictions.at(i);
        EngineReality &e = engines[p.run.engine];
        e.engine = p.run.engine;
        ++e.runs;
        if (p.run.mode == u"agg" && p.floorTpot && p.run.tpotSeconds && *p.run.tpotSeconds > 0)
            shares[p.run.engine] << *p.floorTpot / *p.run.tpotSeconds;
        const auto measured = measuredOf(p, quantity);
        const auto predicted = predictedOf(p, quantity);
        if (!measured || !predicted)
            continue;
        const QPointF point(*measured, *predicted);
        e.points << point;
        e.rows << i;
        ++out.points;
        lo = std::min({lo, *measured, *predicted});
        hi = std::max({hi, *measured, *predicted});
        // Runs of one model share its shape: compared once per model, not once per run.
        const auto same = sameModel.constFind(p.run.modelPath);
        const bool marked =
            p.gpuId == s.gpu.id &&
            (same != sameModel.cend()
                 ? *same
                 : *sameModel.insert(p.run.modelPath, sameArchitecture(p.model, s.model)));
        if (marked) {
            out.marked << point;
            out.markedRows << i;
            markedErrors << *predicted / *measured - 1;
        }
    }
    for (EngineReality &e : engines) {
        QList<double> errors;
        errors.reserve(e.points.size());
        for (const QPointF &p : std::as_const(e.points))
            errors << p.y() / p.x() - 1;
        e.error = summarizeErrors(errors);
        if (const QList<double> &share = shares.value(e.engine); !share.isEmpty())
            e.floorShare = median(share);
        sortByX(e.points, e.rows);
        out.engines << e;
    }
    sortByX(out.marked, out.markedRows);
    out.markedError = summarizeErrors(markedErrors);
    if (hi > 0) {
        out.lo = std::pow(10, std::floor(std::log10(lo)));
        out.hi = std::pow(10, std::ceil(std::log10(hi)));
    }
    return out;
}

const QList<RunPrediction> &bundledRunPredictions()
{
    static const QList<RunPrediction> predictions = [] {
        QFile f(QStringLiteral(":/measured/runs.csv"));
        QString why;
        const auto runs =
            f.open(QIODevice::ReadOnly) ? readMeasuredRuns(f.readAll(), &why) : std::nullopt;
        // Compiled in and read by tests: a broken copy is a build defect, not user input.
        Q_ASSERT_X(runs, "bundledRunPredictions", qPrintable(why));
        ModelResolver models(QStringLiteral(":/measured/configs"));
        return runs ? predictRuns(*runs, models, Calibration::bundled()) : QList<RunPrediction>{};
    }();
    return predictions;
}

} // namespace kvl
