#include "scenario_file.h"

#include "file_text.h"
#include "input_text.h"
#include "json_fields.h"
#include "json_keys.h"
#include "regular_file.h"
#include "view_state_json.h"

#include "presets.h"
#include "safe_save.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace kvl {

using namespace json_fields;

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
    // Missing, of the wrong type or out of range, each said as such (not as a count of -1).
    const auto buffer =
        jsonInteger(o.value(QStringLiteral("buffer_bytes")),
                    FileText::tr("measured bandwidth: buffer_bytes"), 1, qint64(1e15), error);
    if (!buffer)
        return std::nullopt;
    m.bufferBytes = *buffer;
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

// The scenario's own fields: a file's top level, and its baseline object.
static QJsonObject scenarioFieldsToJson(const Scenario &s)
{
    QJsonObject o{
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
        {QStringLiteral("speculative_decoding"), s.speculativeDecoding},
    };
    if (!s.engine.isEmpty())
        o.insert(QStringLiteral("engine"), s.engine);
    if (s.measured)
        o.insert(QStringLiteral("measured"), measuredToJson(*s.measured));
    return o;
}

QJsonObject scenarioToJson(const Scenario &s)
{
    QJsonObject o = scenarioFieldsToJson(s);
    o.insert(QStringLiteral("format"), kFormat);
    o.insert(QStringLiteral("version"), kScenarioFileVersion);
    return o;
}

namespace {

// The format and a version this build reads.
bool readHeader(const QJsonObject &o, QString *error)
{
    if (o.value(QStringLiteral("format")).toString() != kFormat)
        return fail(error,
                    FileText::tr("not a KV Ledger scenario (no \"format\": \"%1\")").arg(kFormat));
    qint64 version = 0;
    if (!readInteger(o, "version", version, error))
        return false;
    if (version < 1)
        return fail(
            error,
            FileText::tr("version %1 is no scenario file version (they start at 1)").arg(version));
    if (version > kScenarioFileVersion)
        return fail(error, FileText::tr("version %1 was written by a newer KV Ledger; this one "
                                        "reads version %2")
                               .arg(version)
                               .arg(kScenarioFileVersion));
    return true;
}

std::optional<Scenario> scenarioFieldsFromJson(const QJsonObject &o, QString *error)
{
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
    // Added in version 3; absent, speculative decoding is off.
    if (const QJsonValue v = o.value(QStringLiteral("speculative_decoding")); v.isBool())
        s.speculativeDecoding = v.toBool();
    else if (!v.isUndefined()) {
        fail(error, FileText::tr("speculative_decoding: expected true or false, got %1")
                        .arg(jsonValueText(v)));
        return std::nullopt;
    }
    // Optional; absent, the floor alone. Scenario::validate() names an engine without constants.
    if (const QJsonValue v = o.value(QStringLiteral("engine")); v.isString())
        s.engine = v.toString();
    else if (!v.isUndefined()) {
        fail(error, FileText::tr("engine: expected a name, got %1").arg(jsonValueText(v)));
        return std::nullopt;
    }
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

} // namespace

std::optional<Scenario> scenarioFromJson(const QJsonObject &o, QString *error)
{
    if (!readHeader(o, error))
        return std::nullopt;
    return scenarioFieldsFromJson(o, error);
}

static std::optional<ScenarioDocumentData> documentFromJson(const QJsonObject &o, QString *error)
{
    ScenarioDocumentData d;
    const auto s = scenarioFromJson(o, error);
    if (!s)
        return std::nullopt;
    d.scenario = *s;
    QString why;
    if (o.contains(QStringLiteral("baseline"))) {
        d.baseline = scenarioFieldsFromJson(o.value(QStringLiteral("baseline")).toObject(), &why);
        if (!d.baseline) {
            fail(error, FileText::tr("baseline: %1").arg(why));
            return std::nullopt;
        }
    }
    if (o.contains(QStringLiteral("view"))) {
        const auto view = viewFromJson(o.value(QStringLiteral("view")).toObject(), error);
        if (!view)
            return std::nullopt;
        d.view = *view;
    }
    return d;
}

QByteArray writeScenario(const Scenario &s)
{
    return writeScenarioDocument({s, std::nullopt, {}});
}

QByteArray writeScenarioDocument(const ScenarioDocumentData &d)
{
    QJsonObject o = scenarioToJson(d.scenario);
    if (d.baseline)
        o.insert(QStringLiteral("baseline"), scenarioFieldsToJson(*d.baseline));
    if (const QJsonObject view = viewToJson(d.view); !view.isEmpty())
        o.insert(QStringLiteral("view"), view);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

std::optional<Scenario> readScenario(const QByteArray &data, QString *error)
{
    const auto d = readScenarioDocument(data, error);
    return d ? std::optional<Scenario>(d->scenario) : std::nullopt;
}

std::optional<ScenarioDocumentData> readScenarioDocument(const QByteArray &data, QString *error)
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
    return documentFromJson(doc.object(), error);
}

bool saveScenarioFile(const Scenario &s, const QString &path, QString *error)
{
    return saveFileAtomically(path, writeScenario(s), error);
}

bool saveScenarioDocument(const ScenarioDocumentData &d, const QString &path, QString *error)
{
    return saveFileAtomically(path, writeScenarioDocument(d), error);
}

std::optional<Scenario> loadScenarioFile(const QString &path, QString *error)
{
    const auto d = loadScenarioDocument(path, error);
    return d ? std::optional<Scenario>(d->scenario) : std::nullopt;
}

std::optional<ScenarioDocumentData> loadScenarioDocument(const QString &path, QString *error)
{
    QFile f(path);
    if (!openRegularFile(f, error)) // names the path
        return std::nullopt;
    const QString shown = shownPath(path);
    if (f.size() > qint64(16) * 1024 * 1024) {
        fail(error, FileText::tr("%1: larger than 16 MiB; not a scenario").arg(shown));
        return std::nullopt;
    }
    QString why;
    auto d = readScenarioDocument(f.readAll(), &why);
    if (!d)
        fail(error, shown + u": " + why);
    return d;
}

} // namespace kvl
