#include "validation.h"

#include "ledger.h"
#include "prefill.h"
#include "presets.h"
#include "sweep.h"

#include <QCoreApplication>

namespace kvl {

namespace {
// The setups are read in the window's table.
class ValidationText
{
    Q_DECLARE_TR_FUNCTIONS(ValidationText)
};
} // namespace

QList<PublishedMeasurement> publishedMeasurements()
{
    using F = MeasuredFigure;
    const Precision fp8 = Precision::of(NumberFormat::FP8);
    const Precision fp16 = Precision::of(NumberFormat::FP16);
    const auto row = [](QString source, QString setup, F figure, QString model, QString gpu,
                        int gpus, Precision weights, Precision kv, double fraction, qint64 prompt,
                        qint64 output, double measured) {
        return PublishedMeasurement{std::move(source),
                                    std::move(setup),
                                    figure,
                                    std::move(model),
                                    std::move(gpu),
                                    gpus,
                                    weights,
                                    kv,
                                    fraction,
                                    prompt,
                                    output,
                                    measured};
    };
    // The H800 has the H100 SXM's memory and bandwidth; Llama-3-8B has Llama 3.1 8B's shape.
    const QString lmdeploy = QStringLiteral("lmdeploy issue #1608");
    const QString nim = QStringLiteral("NVIDIA NIM 1.8.0 benchmarks");
    const QString trt = QStringLiteral("TensorRT-LLM perf-overview.md");
    return {
        row(lmdeploy, ValidationText::tr("Llama-3-8B-Instruct, 1 × H800, vLLM 0.4.2, 1k prompt"),
            F::TimePerToken, QStringLiteral("llama-3.1-8b"), QStringLiteral("h100-sxm"), 1, fp16,
            fp16, 1, 1000, 0, 8.66e-3),
        row(lmdeploy, ValidationText::tr("the same, ~200k prompt"), F::TimePerToken,
            QStringLiteral("llama-3.1-8b"), QStringLiteral("h100-sxm"), 1, fp16, fp16, 1, 200000, 0,
            30e-3),
        row(nim,
            ValidationText::tr("Llama-3.3-70B FP8, 2 × H100, concurrency 1, 5,000 in / 500 out"),
            F::InterTokenLatency, QStringLiteral("llama-3.3-70b"), QStringLiteral("h100-sxm"), 2,
            fp8, fp16, 1, 5000, 500, 18.58e-3),
        row(nim, ValidationText::tr("the same, 5,000 in"), F::TimeToFirstToken,
            QStringLiteral("llama-3.3-70b"), QStringLiteral("h100-sxm"), 2, fp8, fp16, 1, 5000, 0,
            406.77e-3),
        row(nim, ValidationText::tr("the same, 500 in / 2,000 out"), F::InterTokenLatency,
            QStringLiteral("llama-3.3-70b"), QStringLiteral("h100-sxm"), 2, fp8, fp16, 1, 500, 2000,
            18.91e-3),
        row(nim, ValidationText::tr("the same, 500 in"), F::TimeToFirstToken,
            QStringLiteral("llama-3.3-70b"), QStringLiteral("h100-sxm"), 2, fp8, fp16, 1, 500, 0,
            47.77e-3),
        row(trt, ValidationText::tr("Llama-3.3-70B FP8, 2 × H100, 20,000 in / 2,000 out"),
            F::OutputThroughput, QStringLiteral("llama-3.3-70b"), QStringLiteral("h100-sxm"), 2,
            fp8, fp8, 0.9, 20000, 2000, 437),
        row(trt, ValidationText::tr("Llama-3.3-70B FP8, 1 × H200, 20,000 in / 2,000 out"),
            F::OutputThroughput, QStringLiteral("llama-3.3-70b"), QStringLiteral("h200"), 1, fp8,
            fp8, 0.9, 20000, 2000, 283),
        row(QStringLiteral("NVIDIA blog, Llama 3.1 405B FP8"),
            ValidationText::tr("Llama 3.1 405B FP8, 8 × H200, 120,000 in / 2,048 out"),
            F::OutputThroughput, QStringLiteral("llama-3.1-405b"), QStringLiteral("h200"), 8, fp8,
            fp8, 0.9, 120000, 2048, 71.5),
    };
}

Prediction predict(const PublishedMeasurement &m)
{
    Prediction out;
    const PresetLibrary &presets = PresetLibrary::instance();
    const auto model = presets.model(m.modelId);
    const auto gpu = presets.gpu(m.gpuId);
    if (!model || !gpu) {
        out.error = QStringLiteral("no preset \"%1\"").arg(model ? m.gpuId : m.modelId);
        return out;
    }
    Scenario s;
    s.model = *model;
    s.gpu = *gpu;
    s.gpus = m.gpus;
    s.weightPrecision = m.weightPrecision;
    s.kvPrecision = m.kvPrecision;
    s.memoryFraction = m.memoryFraction;
    s.context = m.prompt;
    s.responseTokens = m.output;
    switch (m.figure) {
    case MeasuredFigure::TimePerToken: {
        const Ledger l = evaluate(s);
        out.predicted = l.secondsPerToken;
        out.computeBound = !l.memoryBound;
        break;
    }
    case MeasuredFigure::InterTokenLatency:
        out.predicted = evaluate(s).responseSeconds / double(m.output);
        break;
    case MeasuredFigure::TimeToFirstToken: {
        const Prefill p = prefill(s, m.prompt);
        out.predicted = p.seconds;
        out.computeBound = p.computeBound;
        break;
    }
    case MeasuredFigure::OutputThroughput: {
        s.context = m.prompt + m.output / 2;
        out.batch = batchCapacity(s);
        s.batch = std::max(out.batch, 1);
        const Ledger l = evaluate(s);
        out.predicted = l.aggregateTokensPerSecond;
        const double tokens = double(s.batch) * double(m.output);
        out.withPrefill = tokens / (double(s.batch) * prefill(s, m.prompt).seconds +
                                    double(m.output) * l.secondsPerToken);
        out.efficiency = m.measured / out.predicted;
        out.withPrefillEfficiency = m.measured / out.withPrefill;
        return out;
    }
    }
    out.efficiency = out.predicted / m.measured; // a time: the floor over what was measured
    return out;
}

} // namespace kvl
