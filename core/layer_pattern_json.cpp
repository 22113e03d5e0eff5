#include "layer_pattern_json.h"

#include "file_text.h"
#include "input_limits.h"
#include "spec_json.h"

#include <QJsonArray>
#include <algorithm>
#include <type_traits>

namespace kvl {

using namespace Qt::StringLiterals;

namespace {

QJsonObject typeToJson(const LayerType &t)
{
    QJsonObject o{{u"kind"_s, kindKey(t.kind)}};
    const auto put = [&o](const char *key, qint64 v) {
        if (v != 0)
            o.insert(QLatin1String(key), v);
    };
    put("kv_heads", t.kvHeads);
    put("head_dim", t.headDim);
    put("value_head_dim", t.valueHeadDim);
    put("window", t.window);
    put("ffn_size", t.ffnSize);
    if (t.ffn != FfnKind::Auto)
        o.insert(u"ffn"_s, ffnKey(t.ffn));
    for (const auto &[key, on] :
         {std::pair{"mamba_beside", t.mambaBeside}, std::pair{"shares_cache", t.sharesCache},
          std::pair{"linear_mixer", t.linearMixer}, std::pair{"shared_block", t.sharedBlock}})
        if (on)
            o.insert(QLatin1String(key), true);
    return o;
}

std::optional<LayerType> typeFromJson(const QJsonValue &v, const QString &field, QString *error)
{
    const auto fail = [&](const QString &why) -> std::optional<LayerType> {
        *error = field + u": " + why;
        return std::nullopt;
    };
    if (!v.isObject())
        return fail(FileText::tr("expected an object such as {\"kind\": \"window\"}, got %1")
                        .arg(jsonValueText(v)));
    const QJsonObject o = v.toObject();
    const auto kind = kindFromKey(o.value(u"kind"_s).toString());
    if (!kind)
        return fail(FileText::tr("kind: expected one of full, window, latent, chunked, linear, "
                                 "mamba, dsa, conv, cross, none, got %1")
                        .arg(jsonValueText(o.value(u"kind"_s))));
    LayerType t(*kind);
    const auto integer = [&](const char *key, auto &out, qint64 max) {
        const QJsonValue value = o.value(QLatin1String(key));
        if (!error->isEmpty() || value.isUndefined())
            return;
        if (const auto n = jsonInteger(value, field + u'.' + QLatin1String(key), 0, max, error))
            out = std::remove_reference_t<decltype(out)>(*n);
    };
    const auto boolean = [&](const char *key, bool &out) {
        const QJsonValue value = o.value(QLatin1String(key));
        if (!error->isEmpty() || value.isUndefined())
            return;
        if (!value.isBool())
            *error = FileText::tr("%1.%2: expected true or false, got %3")
                         .arg(field, QLatin1String(key), jsonValueText(value));
        out = value.toBool();
    };
    integer("kv_heads", t.kvHeads, limits::maxHeads);
    integer("head_dim", t.headDim, limits::maxHeadDim);
    integer("value_head_dim", t.valueHeadDim, limits::maxHeadDim);
    integer("window", t.window, limits::maxContext);
    integer("ffn_size", t.ffnSize, limits::maxIntermediateSize);
    boolean("mamba_beside", t.mambaBeside);
    boolean("shares_cache", t.sharesCache);
    boolean("linear_mixer", t.linearMixer);
    boolean("shared_block", t.sharedBlock);
    if (!error->isEmpty())
        return std::nullopt;
    if (const QJsonValue ffn = o.value(u"ffn"_s); !ffn.isUndefined()) {
        const auto f = ffnFromKey(ffn.toString());
        if (!f)
            return fail(FileText::tr("ffn: expected auto, dense, moe, none or linear, got %1")
                            .arg(jsonValueText(ffn)));
        t.ffn = *f;
    }
    return t;
}

} // namespace

void layerPatternToJson(const QList<LayerType> &pattern, QJsonObject &into)
{
    QJsonArray entries;
    if (std::all_of(pattern.begin(), pattern.end(),
                    [](const LayerType &t) { return t.isPlain(); })) {
        for (const LayerType &t : pattern)
            entries.append(kindKey(t.kind));
        into.insert(u"layer_pattern"_s, entries);
        return;
    }
    QList<LayerType> table;
    QJsonArray types;
    for (const LayerType &t : pattern) {
        qsizetype index = table.indexOf(t);
        if (index < 0) {
            index = table.size();
            table << t;
            types.append(typeToJson(t));
        }
        entries.append(qint64(index));
    }
    into.insert(u"layer_types"_s, types);
    into.insert(u"layer_pattern"_s, entries);
}

std::optional<QList<LayerType>> layerPatternFromJson(const QJsonValue &types,
                                                     const QJsonValue &pattern, QString *error)
{
    const auto fail = [&](const QString &why) -> std::optional<QList<LayerType>> {
        *error = why;
        return std::nullopt;
    };
    QList<LayerType> table;
    if (!types.isUndefined()) {
        if (!types.isArray() || types.toArray().isEmpty() ||
            types.toArray().size() > limits::maxLayers)
            return fail(FileText::tr("layer_types: expected a list of 1-%1 layer types, got %2")
                            .arg(limits::maxLayers)
                            .arg(jsonValueText(types)));
        const QJsonArray a = types.toArray();
        for (qsizetype i = 0; i < a.size(); ++i) {
            const auto t = typeFromJson(a.at(i), u"layer_types[%1]"_s.arg(i), error);
            if (!t)
                return std::nullopt;
            table << *t;
        }
    }
    if (!pattern.isArray())
        return fail(FileText::tr("layer_pattern: expected a list such as [\"full\"], got %1")
                        .arg(jsonValueText(pattern)));
    const QJsonArray a = pattern.toArray();
    if (a.isEmpty() || a.size() > limits::maxLayers)
        return fail(FileText::tr("layer_pattern: needs 1-%1 entries, has %2")
                        .arg(limits::maxLayers)
                        .arg(a.size()));
    QList<LayerType> out;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QJsonValue v = a.at(i);
        if (v.isDouble() && !table.isEmpty()) {
            QString why;
            const auto index =
                jsonInteger(v, u"layer_pattern[%1]"_s.arg(i), 0, table.size() - 1, &why);
            if (!index)
                return fail(why + FileText::tr(" (an index into layer_types)"));
            out << table.at(*index);
        } else if (const auto kind = kindFromKey(v.toString()); kind && v.isString()) {
            out << LayerType(*kind);
        } else {
            return fail(FileText::tr("layer_pattern[%1]: expected \"full\", \"window\", "
                                     "\"chunked\", \"latent\", \"linear\", \"mamba\", \"dsa\", "
                                     "\"conv\", \"cross\", \"none\"%2, got %3")
                            .arg(i)
                            .arg(table.isEmpty() ? QString()
                                                 : FileText::tr(" or an index into layer_types"))
                            .arg(jsonValueText(v)));
        }
    }
    return out;
}

} // namespace kvl
