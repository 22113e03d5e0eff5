#include "scenario_file.h"

#include "file_text.h"
#include "json_keys.h"
#include "regular_file.h"

#include "presets.h"
#include "safe_save.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace kvl {

static const QString kFormat = QStringLiteral("kvledger-scenario");

static QJsonObject measuredToJson(const MeasuredBandwidth &m)
{
    QJsonArray sweep;
    for (const QPointF &p : m.sweep)
        sweep.append(QJsonArray{p.x(), p.y()});
    return QJsonObject{{QStringLiteral("device"), m.device},
                       {QStringLiteral("device_name"), m.deviceName},
                       {QStringLiteral("median_bytes_per_second"), m.medianBytesPerSecond},
                       {QStringLiteral("best_bytes_per_second"), m.bestBytesPerSecond},
                       {QStringLiteral("buffer_bytes"), double(m.bufferBytes)},
                       {QStringLiteral("sweep"), sweep}};
}

static std::optional<MeasuredBandwidth> measuredFromJson(const QJsonObject &o, QString *error)
{
    MeasuredBandwidth m;
    m.device = o.value(QStringLiteral("device")).toString();
    m.deviceName = o.value(QStringLiteral("device_name")).toString();
    m.medianBytesPerSecond = o.value(QStringLiteral("median_bytes_per_second")).toDouble();
    m.bestBytesPerSecond = o.value(QStringLiteral("best_bytes_per_second")).toDouble();
    // Checked before the cast: converting 1e300 to qint64 would be undefined.
    const double buffer = o.value(QStringLiteral("buffer_bytes")).toDouble(-1);
    if (buffer != std::floor(buffer) || buffer < 1 || buffer > 1e15) {
        if (error)
            *error =
                FileText::tr("measured bandwidth: buffer_bytes %1 is not a byte count").arg(buffer);
        return std::nullopt;
    }
    m.bufferBytes = qint64(buffer);
    for (const auto &v : o.value(QStringLiteral("sweep")).toArray()) {
        const QJsonArray pair = v.toArray();
        m.sweep.append(QPointF(pair.at(0).toDouble(), pair.at(1).toDouble()));
    }
    if (const QString e = m.validate(); !e.isEmpty()) {
        if (error)
            *error = e;
        return std::nullopt;
    }
    return m;
}

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonObject o{
        {QStringLiteral("format"), kFormat},
        {QStringLiteral("version"), kScenarioFileVersion},
        {QStringLiteral("model"), modelToJson(s.model)},
        {QStringLiteral("gpu"), gpuToJson(s.gpu)},
        {QStringLiteral("gpus"), s.gpus},
        {QStringLiteral("context"), double(s.context)},
        {QStringLiteral("batch"), s.batch},
        {QStringLiteral("kv_precision"), s.kvPrecision.spec()},
        {QStringLiteral("weight_precision"), s.weightPrecision.spec()},
        {QStringLiteral("weights_as_stored"), s.weightsAsStored},
        {QStringLiteral("efficiency"), s.efficiency},
        {QStringLiteral("memory_fraction"), s.memoryFraction},
        {QStringLiteral("compute_efficiency"), s.computeEfficiency},
        {QStringLiteral("gpu_hour_price"), s.gpuHourPrice},
        {QStringLiteral("response_tokens"), double(s.responseTokens)},
    };
    if (s.measured)
        o.insert(QStringLiteral("measured"), measuredToJson(*s.measured));
    return o;
}

namespace {
bool fail(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return false;
}

// Reads a whole number field; `required` fields must be present.
bool readInteger(const QJsonObject &o, const char *key, qint64 &out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return fail(error, FileText::tr("%1: missing").arg(QLatin1String(key)));
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 1e15)
        return fail(error, FileText::tr("%1: not a whole number").arg(QLatin1String(key)));
    out = qint64(d);
    return true;
}

bool readNumber(const QJsonObject &o, const char *key, double &out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return fail(error, FileText::tr("%1: missing").arg(QLatin1String(key)));
    if (!v.isDouble())
        return fail(error, FileText::tr("%1: not a number").arg(QLatin1String(key)));
    out = v.toDouble();
    return true;
}

// A field added after version 1 was written: absent, the default stays.
bool readOptionalNumber(const QJsonObject &o, const char *key, double &out, QString *error)
{
    return !o.contains(QLatin1String(key)) || readNumber(o, key, out, error);
}

bool readPrecision(const QJsonObject &o, const char *key, Precision &out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    QString why;
    const auto p = v.isString() ? Precision::parse(v.toString(), &why) : std::nullopt;
    if (!p)
        return fail(error, FileText::tr("%1: %2").arg(
                               QLatin1String(key), why.isEmpty() ? FileText::tr("missing") : why));
    out = *p;
    return true;
}
} // namespace

std::optional<Scenario> scenarioFromJson(const QJsonObject &o, QString *error)
{
    if (o.value(QStringLiteral("format")).toString() != kFormat) {
        fail(error, FileText::tr("not a KV Ledger scenario (no \"format\": \"%1\")").arg(kFormat));
        return std::nullopt;
    }
    qint64 version = 0;
    if (!readInteger(o, "version", version, error))
        return std::nullopt;
    if (version < 1) {
        fail(error,
             FileText::tr("version %1 is no scenario file version (they start at 1)").arg(version));
        return std::nullopt;
    }
    if (version > kScenarioFileVersion) {
        fail(error, FileText::tr("version %1 was written by a newer KV Ledger; this one reads "
                                 "version %2")
                        .arg(version)
                        .arg(kScenarioFileVersion));
        return std::nullopt;
    }
    Scenario s;
    QString why;
    const auto model = modelFromJson(o.value(QStringLiteral("model")).toObject(), &why);
    if (!model) {
        fail(error, FileText::tr("model: %1").arg(why));
        return std::nullopt;
    }
    s.model = *model;
    const auto gpu = gpuFromJson(o.value(QStringLiteral("gpu")).toObject(), &why);
    if (!gpu) {
        fail(error, FileText::tr("gpu: %1").arg(why));
        return std::nullopt;
    }
    s.gpu = *gpu;
    qint64 gpus = 0, batch = 0;
    if (!readInteger(o, "gpus", gpus, error) || !readInteger(o, "context", s.context, error) ||
        !readInteger(o, "batch", batch, error) ||
        !readInteger(o, "response_tokens", s.responseTokens, error) ||
        !readPrecision(o, "kv_precision", s.kvPrecision, error) ||
        !readPrecision(o, "weight_precision", s.weightPrecision, error) ||
        !readNumber(o, "efficiency", s.efficiency, error) ||
        !readNumber(o, "memory_fraction", s.memoryFraction, error) ||
        !readOptionalNumber(o, "compute_efficiency", s.computeEfficiency, error) ||
        !readOptionalNumber(o, "gpu_hour_price", s.gpuHourPrice, error))
        return std::nullopt;
    s.weightsAsStored = o.value(QStringLiteral("weights_as_stored")).toBool(false);
    if (gpus < 0 || gpus > limits::maxGpus || batch < 0 || batch > limits::maxBatch) {
        fail(error, FileText::tr("gpus or batch: out of range"));
        return std::nullopt;
    }
    s.gpus = int(gpus);
    s.batch = int(batch);
    if (o.contains(QStringLiteral("measured"))) {
        s.measured = measuredFromJson(o.value(QStringLiteral("measured")).toObject(), error);
        if (!s.measured)
            return std::nullopt;
    }
    if (const QString e = s.validate(); !e.isEmpty()) {
        fail(error, e);
        return std::nullopt;
    }
    return s;
}

QByteArray writeScenario(const Scenario &s)
{
    return QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Indented);
}

std::optional<Scenario> readScenario(const QByteArray &data, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
    if (pe.error != QJsonParseError::NoError) {
        fail(error,
             FileText::tr("not valid JSON at byte %1: %2").arg(pe.offset).arg(pe.errorString()));
        return std::nullopt;
    }
    if (!doc.isObject()) {
        fail(error, FileText::tr("not a JSON object"));
        return std::nullopt;
    }
    if (const QString twice = duplicateJsonKeyError(data); !twice.isEmpty()) {
        fail(error, twice);
        return std::nullopt;
    }
    return scenarioFromJson(doc.object(), error);
}

bool saveScenarioFile(const Scenario &s, const QString &path, QString *error)
{
    return saveFileAtomically(path, writeScenario(s), error);
}

std::optional<Scenario> loadScenarioFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!openRegularFile(f, error))
        return std::nullopt;
    if (f.size() > qint64(16) * 1024 * 1024) {
        fail(error, FileText::tr("%1: larger than 16 MiB; not a scenario").arg(path));
        return std::nullopt;
    }
    return readScenario(f.readAll(), error);
}

} // namespace kvl
