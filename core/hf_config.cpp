#include "hf_config.h"

#include "hf_importer.h"
#include "input_text.h"
#include "json_keys.h"
#include "presets.h"
#include "regular_file.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace kvl {

using namespace Qt::StringLiterals;

namespace hf {

namespace {

// A config.json is a few KB; anything this large is not one.
constexpr qint64 kMaxConfigBytes = 16 << 20;

QString billions(double parameters)
{
    return QString::number(parameters / 1e9, 'f', 2) + u" B";
}

// Keys under which transformers nests a multimodal model's language model.
const char *const kNestedConfigs[] = {"text_config", "language_config", "llm_config", "text_model"};

bool hasLayerCount(const QJsonObject &o)
{
    return o.contains(u"num_hidden_layers"_s) || o.contains(u"n_layer"_s) ||
           o.contains(u"num_layers"_s);
}

} // namespace

QList<LayerType> compressPattern(const QList<LayerType> &layers)
{
    for (qsizetype p = 1; p < layers.size(); ++p) {
        bool repeats = true;
        for (qsizetype i = p; i < layers.size() && repeats; ++i)
            repeats = layers[i] == layers[i % p];
        if (repeats)
            return layers.mid(0, p);
    }
    return layers;
}

QByteArray withoutNonFiniteTokens(const QByteArray &json)
{
    QByteArray out;
    out.reserve(json.size());
    bool inString = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < json.size())
                out += json.at(++i);
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            out += c;
            continue;
        }
        const QByteArrayView rest = QByteArrayView(json).sliced(i);
        const auto token = [&](QByteArrayView t) {
            // Whole tokens only: "Infinityx" stays, for the parser to refuse.
            return rest.startsWith(t) &&
                   (rest.size() == t.size() || !QChar::isLetterOrNumber(uchar(rest.at(t.size()))));
        };
        bool replaced = false;
        for (QByteArrayView t :
             {QByteArrayView("-Infinity"), QByteArrayView("Infinity"), QByteArrayView("NaN")}) {
            if (token(t)) {
                // null, padded to the token's length so that error offsets stay right.
                out += "null";
                out += QByteArray(std::max<qsizetype>(0, t.size() - 4), ' ');
                i += t.size() - 1;
                replaced = true;
                break;
            }
        }
        if (!replaced)
            out += c;
    }
    return out;
}

Field Importer::find(std::initializer_list<QString> keys) const
{
    for (const QJsonObject *o : {&m_primary, &m_fallback})
        for (const QString &key : keys)
            if (o->contains(key))
                return {key, o->value(key)};
    return {*keys.begin(), QJsonValue(QJsonValue::Undefined)};
}

// Absent or null: nullopt, no error. Present: must be an integer in range.
std::optional<int> Importer::integer(std::initializer_list<QString> keys, qint64 min, qint64 max)
{
    const Field f = find(keys);
    if (failed() || f.absent())
        return std::nullopt;
    const auto v = jsonInteger(f.value, f.key, min, max, &m_error);
    return v ? std::optional<int>(int(*v)) : std::nullopt;
}

int Importer::required(std::initializer_list<QString> keys, qint64 min, qint64 max)
{
    const Field f = find(keys);
    if (!failed() && f.absent())
        fail((f.value.isNull() ? HfText::tr("%1: missing (null)") : HfText::tr("%1: missing"))
                 .arg(f.key));
    return integer(keys, min, max).value_or(0);
}

std::optional<bool> Importer::boolean(const QString &key)
{
    const Field f = find({key});
    if (failed() || f.absent())
        return std::nullopt;
    if (!f.value.isBool()) {
        fail(key + u": expected true or false, got " + jsonValueText(f.value));
        return std::nullopt;
    }
    return f.value.toBool();
}

QString Importer::string(const QString &key) const
{
    return find({key}).value.toString();
}

std::optional<QList<int>> Importer::integers(const Field &f, qint64 min, qint64 max)
{
    if (failed())
        return std::nullopt;
    if (!f.value.isArray()) {
        fail(HfText::tr("%1: expected a list of integers, got %2")
                 .arg(f.key, jsonValueText(f.value)));
        return std::nullopt;
    }
    QList<int> out;
    const QJsonArray a = f.value.toArray();
    for (qsizetype i = 0; i < a.size(); ++i) {
        const auto v = jsonInteger(a.at(i), u"%1[%2]"_s.arg(f.key).arg(i), min, max, &m_error);
        if (!v)
            return std::nullopt;
        out << int(*v);
    }
    return out;
}

bool Importer::is(std::initializer_list<QString> modelTypes) const
{
    return std::find(modelTypes.begin(), modelTypes.end(), m_modelType) != modelTypes.end();
}

void Importer::repeat(const QList<AttentionKind> &period)
{
    for (int i = 0; i < m_layers.size(); ++i)
        m_layers[i].kind = period.at(i % period.size());
}

int Importer::countKind(AttentionKind kind) const
{
    return int(std::count_if(m_layers.begin(), m_layers.end(),
                             [kind](const LayerType &t) { return t.kind == kind; }));
}

void Importer::chooseSource()
{
    // Multimodal configs (Llava, Gemma 3/4, Mistral 3, Llama 4, Qwen3.5, Kimi K3, DeepSeek-VL)
    // nest the language model; the top level still holds torch_dtype and sometimes vocab_size.
    m_primary = m_top;
    if (!hasLayerCount(m_top)) {
        for (const char *key : kNestedConfigs) {
            const QJsonObject nested = m_top.value(QLatin1String(key)).toObject();
            if (!hasLayerCount(nested))
                continue;
            m_primary = nested;
            m_fallback = m_top;
            note(HfText::tr("architecture read from %1 (a multimodal config); the vision tower "
                            "is not counted")
                     .arg(QLatin1String(key)));
            break;
        }
    }
    m_modelType = string(u"model_type"_s);
    // Falcon's first configs (RefinedWeb, RefinedWebModel) are Falcon under an older name.
    if (m_modelType == u"RefinedWeb" || m_modelType == u"RefinedWebModel") {
        note(HfText::tr("model_type %1: Falcon's first config format").arg(m_modelType));
        if (m_modelType == u"RefinedWeb" && !m_primary.contains(u"new_decoder_architecture"_s))
            m_primary.insert(u"new_decoder_architecture"_s, true); // Falcon 40B's layout
        m_modelType = u"falcon"_s;
    }
}

// Architectures whose cache no honest number here describes: refused by name.
void Importer::refuseUnmodelled()
{
    static const QStringList encoderDecoder = {
        u"t5"_s,    u"mt5"_s,        u"umt5"_s,       u"bart"_s,
        u"mbart"_s, u"marian"_s,     u"pegasus"_s,    u"whisper"_s,
        u"led"_s,   u"longt5"_s,     u"m2m_100"_s,    u"nllb_moe"_s,
        u"fsmt"_s,  u"prophetnet"_s, u"blenderbot"_s, u"seamless_m4t"_s};
    if (m_top.value(u"is_encoder_decoder"_s).toBool() || encoderDecoder.contains(m_modelType))
        fail(HfText::tr("%1: encoder-decoder models are not supported (their cache is decoder "
                        "self-attention plus cross-attention per encoder token)")
                 .arg(m_modelType.isEmpty() ? u"is_encoder_decoder"_s : m_modelType));
    if (!find({u"compress_ratios"_s}).absent())
        fail(HfText::tr("compress_ratios (DeepSeek-V4 compressed attention): layers keep "
                        "compressed entries of several tokens beside a sliding window, and "
                        "config.json does not give the entries' layout or precision, so no exact "
                        "cache size can be given; the sliding-window formula would be wrong"));
    const QJsonObject sparse = find({u"sparse_attention_config"_s}).value.toObject();
    if (sparse.value(u"use_sparse_attention"_s).toBool())
        fail(HfText::tr("sparse_attention_config (block-sparse attention with index keys of its "
                        "own): the index cache's layout is not in config.json; not modelled"));
}

std::optional<HfImport> Importer::run(QString *error)
{
    chooseSource();
    refuseUnmodelled();
    readShape();
    readKvHeads();
    readHeadDim();
    readMoE();
    readLayers();
    readMoEPlacement();
    readLayerState();
    readMtp();
    if (!failed())
        readPrecision();

    ModelSpec &m = m_model;
    if (!failed()) {
        m.layerPattern = compressPattern(m_layers);
        fail(m.validate());
    }
    if (failed()) {
        if (error)
            *error = m_error;
        return std::nullopt;
    }

    const QString path = m_top.value(u"_name_or_path"_s).toString();
    const QJsonArray architectures = m_top.value(u"architectures"_s).toArray();
    m.name = !path.isEmpty()            ? path
             : !m_fileName.isEmpty()    ? m_fileName
             : !architectures.isEmpty() ? architectures.first().toString()
             : !m_modelType.isEmpty()   ? m_modelType
                                        : u"Imported model"_s;
    m.source = u"Hugging Face config.json"_s;

    // totalParameters stays 0 so the estimate follows any later edit of the shape.
    note(m.isMoE()
             ? HfText::tr("parameters estimated from the shapes: %1 total, %2 active per "
                          "token (biases and extra norms not counted)")
                   .arg(billions(m.estimateParameters()), billions(m.estimateActiveParameters()))
             : HfText::tr("parameters estimated from the shapes: %1 (biases and extra "
                          "norms not counted)")
                   .arg(billions(m.estimateParameters())));
    m.notes = m_notes;
    return HfImport{m};
}

std::optional<HfImport> importConfig(const QByteArray &raw, const QString &fileName, QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<HfImport> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (raw.size() > kMaxConfigBytes)
        return fail(HfText::tr("larger than 16 MiB, not a config.json"));
    if (raw.trimmed().isEmpty())
        return fail(HfText::tr("not JSON: the input is empty"));
    const QByteArray json = withoutNonFiniteTokens(raw);
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return fail(HfText::tr("not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset));
    if (!doc.isObject())
        return fail(
            HfText::tr("not a JSON object: a config.json holds {\"num_hidden_layers\": ...}"));
    if (const QString twice = duplicateJsonKeyError(json); !twice.isEmpty())
        return fail(twice);
    return Importer(doc.object(), fileName).run(error);
}

} // namespace hf

std::optional<HfImport> importHfConfig(const QByteArray &json, QString *error)
{
    return hf::importConfig(json, {}, error);
}

std::optional<HfImport> importHfConfigFile(const QString &path, QString *error)
{
    const QString shown = shownPath(path);
    QFile f(path);
    if (!openRegularFile(f, error))
        return std::nullopt;
    if (f.size() > hf::kMaxConfigBytes) {
        if (error)
            *error = shown + u": larger than 16 MiB, not a config.json";
        return std::nullopt;
    }
    // "Qwen2.5-72B/config.json" is named by its folder, "gemma-2-9b.json" by itself.
    const QFileInfo info(path);
    const QString name = info.completeBaseName() == u"config" ? info.absoluteDir().dirName()
                                                              : info.completeBaseName();
    QString why;
    auto imported = hf::importConfig(f.read(hf::kMaxConfigBytes + 1), name, &why);
    if (!imported) {
        if (error)
            *error = shown + u": " + why;
        return std::nullopt;
    }
    imported->model.source =
        u"Hugging Face config.json: "_s + QDir::toNativeSeparators(info.absoluteFilePath());
    return imported;
}

} // namespace kvl
