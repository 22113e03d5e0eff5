#include "scenario_file.h"

#include "file_text.h"
#include "input_text.h"
#include "json_keys.h"
#include "regular_file.h"

#include "kv_strategy.h"
#include "presets.h"
#include "safe_save.h"
#include "session.h"
#include "synthetic_mass.h"

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

// Longest text kept from a view field: a tab id, a spec or a path.
constexpr qsizetype kMaxViewText = 4096;
constexpr qsizetype kMaxStrategies = 256;

bool readText(const QJsonObject &o, const char *key, QString &out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isString() || v.toString().size() > kMaxViewText)
        return fail(error, FileText::tr("%1: not a text of at most %2 characters")
                               .arg(QLatin1String(key))
                               .arg(kMaxViewText));
    out = v.toString();
    return true;
}

QJsonObject viewToJson(const ViewState &v)
{
    QJsonObject o;
    if (!v.tab.isEmpty())
        o.insert(QStringLiteral("tab"), v.tab);
    if (v.units)
        o.insert(QStringLiteral("units"),
                 *v.units == ByteUnits::Binary ? QStringLiteral("binary") : QStringLiteral("si"));
    if (v.strategies) {
        QJsonArray rows;
        for (const ViewState::Strategy &r : *v.strategies)
            rows.append(QJsonObject{{QStringLiteral("spec"), r.spec},
                                    {QStringLiteral("checked"), r.checked}});
        o.insert(QStringLiteral("strategies"), rows);
    }
    if (v.rooflinePrompt)
        o.insert(QStringLiteral("roofline_prompt"), double(*v.rooflinePrompt));
    if (v.mass) {
        QJsonObject m{{QStringLiteral("block_size"), v.mass->blockSize},
                      {QStringLiteral("top_fraction"), v.mass->topFraction}};
        if (!v.mass->synthetic.isEmpty())
            m.insert(QStringLiteral("synthetic"), v.mass->synthetic);
        else
            m.insert(QStringLiteral("file"), v.mass->file);
        o.insert(QStringLiteral("mass"), m);
    }
    if (v.reality)
        o.insert(QStringLiteral("reality"), *v.reality == RealityQuantity::Ttft
                                                ? QStringLiteral("ttft")
                                                : QStringLiteral("tpot"));
    if (v.session)
        o.insert(QStringLiteral("session"),
                 QJsonObject{{QStringLiteral("turns"), v.session->turns},
                             {QStringLiteral("turn_input"), double(v.session->turnInput)},
                             {QStringLiteral("response"), double(v.session->response)}});
    return o;
}

std::optional<ViewState::Mass> massFromJson(const QJsonObject &o, QString *error)
{
    ViewState::Mass m;
    qint64 block = 0;
    if (!readInteger(o, "block_size", block, error) ||
        !readNumber(o, "top_fraction", m.topFraction, error))
        return std::nullopt;
    if (block < 1 || block > 1'000'000 || !(m.topFraction > 0 && m.topFraction <= 1)) {
        fail(error, FileText::tr("mass: block_size 1-1,000,000 and top_fraction in (0, 1]"));
        return std::nullopt;
    }
    m.blockSize = int(block);
    const bool synthetic = o.contains(QStringLiteral("synthetic"));
    if (synthetic == o.contains(QStringLiteral("file"))) {
        fail(error, FileText::tr("mass: give either synthetic or file"));
        return std::nullopt;
    }
    if (synthetic) {
        QString why;
        if (!readText(o, "synthetic", m.synthetic, error))
            return std::nullopt;
        const auto source = SyntheticMass::parse(m.synthetic, &why);
        if (!source) {
            fail(error, FileText::tr("mass: %1").arg(why));
            return std::nullopt;
        }
        m.synthetic = source->spec();
    } else if (!readText(o, "file", m.file, error) || m.file.isEmpty()) {
        fail(error, FileText::tr("mass: file: no path"));
        return std::nullopt;
    }
    return m;
}

std::optional<ViewState> viewFromJson(const QJsonObject &o, QString *error)
{
    ViewState v;
    QString why;
    const auto failed = [&](const QString &field, const QString &reason) {
        fail(error, FileText::tr("view: %1: %2").arg(field, reason));
        return std::nullopt;
    };
    if (o.contains(QStringLiteral("tab")) && !readText(o, "tab", v.tab, &why))
        return failed(QStringLiteral("tab"), why);
    if (o.contains(QStringLiteral("units"))) {
        const QString units = o.value(QStringLiteral("units")).toString();
        if (units != u"si" && units != u"binary")
            return failed(QStringLiteral("units"), FileText::tr("not si or binary"));
        v.units = units == u"binary" ? ByteUnits::Binary : ByteUnits::SI;
    }
    if (o.contains(QStringLiteral("strategies"))) {
        const QJsonValue rows = o.value(QStringLiteral("strategies"));
        if (!rows.isArray() || rows.toArray().size() > kMaxStrategies)
            return failed(QStringLiteral("strategies"),
                          FileText::tr("not a list of at most %1").arg(kMaxStrategies));
        QList<ViewState::Strategy> list;
        const QJsonArray array = rows.toArray();
        for (const auto &row : array) {
            const QJsonObject r = row.toObject();
            QString spec;
            if (!readText(r, "spec", spec, &why))
                return failed(QStringLiteral("strategies"), why);
            const auto k = KvStrategy::parse(spec, &why);
            if (!k)
                return failed(QStringLiteral("strategies"), why);
            list << ViewState::Strategy{k->spec(), r.value(QStringLiteral("checked")).toBool(true)};
        }
        v.strategies = list;
    }
    if (o.contains(QStringLiteral("roofline_prompt"))) {
        qint64 prompt = 0;
        if (!readInteger(o, "roofline_prompt", prompt, &why))
            return failed(QStringLiteral("roofline_prompt"), why);
        if (prompt < 1 || prompt > limits::maxContext)
            return failed(
                QStringLiteral("roofline_prompt"),
                FileText::tr("%1 tokens is outside 1-%2").arg(prompt).arg(limits::maxContext));
        v.rooflinePrompt = prompt;
    }
    if (o.contains(QStringLiteral("mass"))) {
        v.mass = massFromJson(o.value(QStringLiteral("mass")).toObject(), &why);
        if (!v.mass)
            return failed(QStringLiteral("mass"), why);
    }
    if (o.contains(QStringLiteral("session"))) {
        const QJsonObject js = o.value(QStringLiteral("session")).toObject();
        qint64 turns = 0;
        ViewState::Session session;
        if (!readInteger(js, "turns", turns, &why) ||
            !readInteger(js, "turn_input", session.turnInput, &why) ||
            !readInteger(js, "response", session.response, &why))
            return failed(QStringLiteral("session"), why);
        SessionOptions check;
        check.turns = int(std::clamp<qint64>(turns, -1, SessionOptions::maxTurns + 1));
        check.turnInput = session.turnInput;
        check.response = session.response;
        if (const QString e = check.validate(); !e.isEmpty())
            return failed(QStringLiteral("session"), e);
        session.turns = check.turns;
        v.session = session;
    }
    if (o.contains(QStringLiteral("reality"))) {
        const QString r = o.value(QStringLiteral("reality")).toString();
        if (r == u"tpot")
            v.reality = RealityQuantity::Tpot;
        else if (r == u"ttft")
            v.reality = RealityQuantity::Ttft;
        else
            return failed(QStringLiteral("reality"), FileText::tr("expected \"tpot\" or \"ttft\""));
    }
    return v;
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
