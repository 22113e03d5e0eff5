#include "scenario_options.h"

#include "cli_error.h"
#include "hf_config.h"
#include "input_text.h"
#include "presets.h"
#include "scenario_file.h"
#include "sweep.h"

#include <QStringList>
#include <cmath>

namespace kvl::cli {

void addScenarioOptions(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("scenario"),
         QStringLiteral("A .kvledger scenario file to start from (measurement included); the "
                        "other options change it."),
         QStringLiteral("FILE")},
        {QStringLiteral("model"), QStringLiteral("Model preset id (see `presets`)."),
         QStringLiteral("ID")},
        {QStringLiteral("config"),
         QStringLiteral("A Hugging Face config.json instead of a preset."), QStringLiteral("FILE")},
        {QStringLiteral("gpu"), QStringLiteral("GPU preset id."), QStringLiteral("ID")},
        {QStringLiteral("gpus"), QStringLiteral("Tensor-parallel GPU count (1-1024)."),
         QStringLiteral("N")},
        {QStringLiteral("context"),
         QStringLiteral("Context length: 131072, 128k (=128,000), 1M, 128Ki (=131,072), 1Mi."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("batch"), QStringLiteral("Concurrent sequences (1-1024)."),
         QStringLiteral("N")},
        {QStringLiteral("kv-precision"),
         QStringLiteral("KV cache precision: fp32 fp16 bf16 fp8 int8 int4 fp4 (int4:g128 sets "
                        "the scale group)."),
         QStringLiteral("P")},
        {QStringLiteral("weight-precision"),
         QStringLiteral("Weight precision, same names, or \"stored\": as the checkpoint stores "
                        "them (the default with --model and --config)."),
         QStringLiteral("P")},
        {QStringLiteral("efficiency"),
         QStringLiteral("Achieved / datasheet bandwidth, 0.01-2; 1 is the physical floor."),
         QStringLiteral("F")},
        {QStringLiteral("memory-fraction"),
         QStringLiteral("Usable share of GPU memory, 0.01-1 (vLLM reserves: 0.9)."),
         QStringLiteral("F")},
        {QStringLiteral("compute-efficiency"),
         QStringLiteral("Achieved / dense datasheet FLOP/s, 0.01-2; 1 is the physical floor."),
         QStringLiteral("F")},
        {QStringLiteral("gpu-hour-price"),
         QStringLiteral("USD per GPU-hour, 0-1000 (default 3.99: Lambda's on-demand 8x H100 "
                        "SXM price, September 2026; an assumption)."),
         QStringLiteral("X")},
        {QStringLiteral("response"),
         QStringLiteral("Answer length in tokens for the response time."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("speculative"),
         QStringLiteral("Speculative decoding with the model's multi-token-prediction layers: "
                        "on holds and reads their cache too (default off)."),
         QStringLiteral("on|off")},
        {QStringLiteral("image-tokens"),
         QStringLiteral("Image tokens each cross-attention layer holds (Llama 3.2 Vision; "
                        "default: one image's tiles)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("units"), QStringLiteral("Byte units: si (GB, default) or binary (GiB)."),
         QStringLiteral("si|binary")},
        {QStringLiteral("engine"),
         QStringLiteral("vllm, sglang or trtllm: a calibrated time per token beside the floor "
                        "(predicted_seconds_per_token), from constants fitted to measured runs."),
         QStringLiteral("NAME")},
    });
}

static QString bad(const QString &name, const QString &value, const QString &what)
{
    return QStringLiteral("--%1: \"%2\" %3").arg(name, shownInput(value), what);
}

int intOption(const QCommandLineParser &p, const QString &name, int lo, int hi)
{
    const QString v = p.value(name);
    bool ok = false;
    const int n = v.trimmed().toInt(&ok);
    if (!ok)
        throw UsageError{bad(name, v, QStringLiteral("is not a whole number"))};
    if (n < lo || n > hi)
        throw UsageError{bad(name, v, QStringLiteral("is outside %1-%2").arg(lo).arg(hi))};
    return n;
}

namespace {
double numberOption(const QCommandLineParser &p, const QString &name)
{
    const QString v = p.value(name);
    bool ok = false;
    const double x = v.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(x))
        throw UsageError{bad(name, v, QStringLiteral("is not a number"))};
    return x;
}
} // namespace

double doubleOption(const QCommandLineParser &p, const QString &name, double lo, double hi)
{
    const double x = numberOption(p, name);
    if (x <= lo || x > hi)
        throw UsageError{
            bad(name, p.value(name), QStringLiteral("is outside (%1, %2]").arg(lo).arg(hi))};
    return x;
}

double doubleOption(const QCommandLineParser &p, const QString &name, limits::RealRange range)
{
    const double x = numberOption(p, name);
    if (!range.contains(x))
        throw UsageError{bad(name, p.value(name),
                             QStringLiteral("is outside %1-%2").arg(range.lo).arg(range.hi))};
    return x;
}

qint64 tokenOption(const QCommandLineParser &p, const QString &name, qint64 lo, qint64 hi)
{
    const QString v = p.value(name);
    QString why;
    const auto n = parseTokenCount(v, &why);
    if (!n) // why: too large, not whole, ambiguous ("1,500k"), or not a count at all
        throw UsageError{QStringLiteral("--%1: %2").arg(name, why)};
    if (*n < lo || *n > hi)
        throw UsageError{bad(
            name, v,
            QStringLiteral("is outside %1-%2 tokens").arg(formatInteger(lo), formatInteger(hi)))};
    return *n;
}

void addMaxBatchedTokensOption(QCommandLineParser &p)
{
    p.addOption({QStringLiteral("max-batched-tokens"),
                 QStringLiteral("Tokens per prefill chunk (default 8192: vLLM's "
                                "max_num_batched_tokens for its server on a GPU of 70 GiB or "
                                "more)."),
                 QStringLiteral("TOKENS")});
}

qint64 maxBatchedTokensFromOptions(const QCommandLineParser &p)
{
    return p.isSet(QStringLiteral("max-batched-tokens"))
               ? tokenOption(p, QStringLiteral("max-batched-tokens"), 1, limits::maxContext)
               : kDefaultMaxBatchedTokens;
}

QList<qint64> contextsFromOptions(const QCommandLineParser &p, int defaultPoints)
{
    const qint64 from = p.isSet(QStringLiteral("from"))
                            ? tokenOption(p, QStringLiteral("from"), 1, limits::maxContext)
                            : 1000;
    const qint64 to = p.isSet(QStringLiteral("to"))
                          ? tokenOption(p, QStringLiteral("to"), from, limits::maxContext)
                          : std::max<qint64>(from, 10'000'000);
    const int points = p.isSet(QStringLiteral("points"))
                           ? intOption(p, QStringLiteral("points"), 1, 100000)
                           : defaultPoints;
    return logSpacedContexts(from, to, points);
}

static Precision precisionOption(const QCommandLineParser &p, const QString &name)
{
    QString why;
    auto prec = Precision::parse(p.value(name), &why);
    if (!prec)
        throw UsageError{QStringLiteral("--%1: %2").arg(name, why)};
    return *prec;
}

std::optional<Scenario> baselineFromOptions(const QCommandLineParser &p)
{
    if (!p.isSet(QStringLiteral("scenario")))
        return std::nullopt;
    QString why;
    const auto loaded = loadScenarioDocument(p.value(QStringLiteral("scenario")), &why);
    if (!loaded)
        throw UsageError{QStringLiteral("--scenario: %1").arg(why)};
    return loaded->baseline;
}

Scenario scenarioFromOptions(const QCommandLineParser &p)
{
    Scenario s = Scenario::seed();
    if (p.isSet(QStringLiteral("scenario"))) {
        const QString path = p.value(QStringLiteral("scenario"));
        QString why;
        auto loaded = loadScenarioFile(path, &why);
        if (!loaded)
            throw UsageError{QStringLiteral("--scenario: %1").arg(why)};
        s = *loaded;
    }
    const auto &lib = PresetLibrary::instance();
    if (p.isSet(QStringLiteral("model")) && p.isSet(QStringLiteral("config")))
        throw UsageError{QStringLiteral("--model and --config: give one of them")};
    if (p.isSet(QStringLiteral("model"))) {
        const QString id = p.value(QStringLiteral("model"));
        auto m = lib.model(id);
        if (!m)
            throw UsageError{
                bad(QStringLiteral("model"), id,
                    QStringLiteral("is not a model preset (see `kvledger-cli presets`)"))};
        s.model = *m;
        s.weightsAsStored = true; // the checkpoint as published
    }
    if (p.isSet(QStringLiteral("config"))) {
        QString why;
        auto imported = importHfConfigFile(p.value(QStringLiteral("config")), &why);
        if (!imported)
            throw UsageError{QStringLiteral("--config: ") + why};
        s.model = imported->model;
        s.weightsAsStored = true;
    }
    if (p.isSet(QStringLiteral("gpu"))) {
        const QString id = p.value(QStringLiteral("gpu"));
        auto g = lib.gpu(id);
        if (!g)
            throw UsageError{
                bad(QStringLiteral("gpu"), id,
                    QStringLiteral("is not a GPU preset (see `kvledger-cli presets`)"))};
        s.gpu = *g;
    }
    if (p.isSet(QStringLiteral("gpus")))
        s.gpus = intOption(p, QStringLiteral("gpus"), 1, limits::maxGpus);
    if (p.isSet(QStringLiteral("context")))
        s.context = tokenOption(p, QStringLiteral("context"), 0, limits::maxContext);
    if (p.isSet(QStringLiteral("batch")))
        s.batch = intOption(p, QStringLiteral("batch"), 1, limits::maxBatch);
    if (p.isSet(QStringLiteral("kv-precision")))
        s.kvPrecision = precisionOption(p, QStringLiteral("kv-precision"));
    if (p.isSet(QStringLiteral("weight-precision"))) {
        s.weightsAsStored = p.value(QStringLiteral("weight-precision")) == u"stored";
        if (!s.weightsAsStored)
            s.weightPrecision = precisionOption(p, QStringLiteral("weight-precision"));
    }
    if (p.isSet(QStringLiteral("efficiency")))
        s.efficiency = doubleOption(p, QStringLiteral("efficiency"), limits::efficiency);
    if (p.isSet(QStringLiteral("memory-fraction")))
        s.memoryFraction =
            doubleOption(p, QStringLiteral("memory-fraction"), limits::memoryFraction);
    if (p.isSet(QStringLiteral("compute-efficiency")))
        s.computeEfficiency =
            doubleOption(p, QStringLiteral("compute-efficiency"), limits::computeEfficiency);
    if (p.isSet(QStringLiteral("gpu-hour-price")))
        s.gpuHourPrice = doubleOption(p, QStringLiteral("gpu-hour-price"), limits::gpuHourPrice);
    if (p.isSet(QStringLiteral("response")))
        s.responseTokens = tokenOption(p, QStringLiteral("response"), 0, limits::maxContext);
    if (p.isSet(QStringLiteral("engine")))
        s.engine = p.value(QStringLiteral("engine"));
    if (p.isSet(QStringLiteral("speculative"))) {
        const QString v = p.value(QStringLiteral("speculative"));
        if (v != u"on" && v != u"off")
            throw UsageError{
                bad(QStringLiteral("speculative"), v, QStringLiteral("is not on or off"))};
        s.speculativeDecoding = v == u"on";
    }
    if (p.isSet(QStringLiteral("image-tokens"))) {
        if (!s.model.hasKind(AttentionKind::CrossAttention))
            throw UsageError{QStringLiteral("--image-tokens: %1 has no cross-attention layers")
                                 .arg(s.model.name)};
        s.model.imageTokens = tokenOption(p, QStringLiteral("image-tokens"), 1, limits::maxContext);
    }
    if (const QString e = s.validate(); !e.isEmpty())
        throw UsageError{s.engine.isEmpty() || !e.startsWith(u"engine") ? e : u"--" + e};
    return s;
}

ByteUnits unitsFromOptions(const QCommandLineParser &p)
{
    if (!p.isSet(QStringLiteral("units")))
        return ByteUnits::SI;
    const QString v = p.value(QStringLiteral("units"));
    if (v == u"si")
        return ByteUnits::SI;
    if (v == u"binary")
        return ByteUnits::Binary;
    throw UsageError{bad(QStringLiteral("units"), v, QStringLiteral("is not si or binary"))};
}

} // namespace kvl::cli
