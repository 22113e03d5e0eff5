#include "view_state_json.h"

#include "file_text.h"
#include "json_fields.h"

#include "kv_strategy.h"
#include "session.h"
#include "synthetic_mass.h"

#include <QJsonArray>
#include <algorithm>

namespace kvl {

using namespace json_fields;

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

namespace {

// Longest text kept from a view field: a tab id, a spec or a path.
constexpr qsizetype kMaxViewText = 4096;
constexpr qsizetype kMaxStrategies = 256;

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
        if (!readText(o, "synthetic", kMaxViewText, m.synthetic, error))
            return std::nullopt;
        const auto source = SyntheticMass::parse(m.synthetic, &why);
        if (!source) {
            fail(error, FileText::tr("mass: %1").arg(why));
            return std::nullopt;
        }
        m.synthetic = source->spec();
    } else if (!readText(o, "file", kMaxViewText, m.file, error) || m.file.isEmpty()) {
        fail(error, FileText::tr("mass: file: no path"));
        return std::nullopt;
    }
    return m;
}

} // namespace

std::optional<ViewState> viewFromJson(const QJsonObject &o, QString *error)
{
    ViewState v;
    QString why;
    const auto failed = [&](const QString &field, const QString &reason) {
        fail(error, FileText::tr("view: %1: %2").arg(field, reason));
        return std::nullopt;
    };
    if (o.contains(QStringLiteral("tab")) && !readText(o, "tab", kMaxViewText, v.tab, &why))
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
            if (!readText(r, "spec", kMaxViewText, spec, &why))
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

} // namespace kvl
