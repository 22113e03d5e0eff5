// Calibration <-> JSON (resources/calibration/engines.json).
#include "calibrate.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>

namespace kvl {

namespace {

struct Field
{
    const char *key;
    double EngineConstants::*member;
};
constexpr Field kFields[] = {
    {"bandwidth_fraction", &EngineConstants::bandwidthFraction},
    {"flop_fraction", &EngineConstants::flopFraction},
    {"comm_fraction", &EngineConstants::commFraction},
    {"collective_seconds", &EngineConstants::collectiveSeconds},
    {"layer_seconds", &EngineConstants::layerSeconds},
    {"moe_layer_seconds", &EngineConstants::moeLayerSeconds},
    {"token_layer_seconds", &EngineConstants::tokenLayerSeconds},
    {"prefill_fraction", &EngineConstants::prefillFraction},
    {"expert_prefill_fraction", &EngineConstants::expertPrefillFraction},
    {"mixed_prefill_fraction", &EngineConstants::mixedPrefillFraction},
    {"first_token_seconds", &EngineConstants::firstTokenSeconds},
    {"burst_share", &EngineConstants::burstShare},
    {"draft_acceptance", &EngineConstants::draftAcceptance},
};

QJsonObject summaryJson(const ErrorSummary &s)
{
    return {{QStringLiteral("rows"), s.count},
            {QStringLiteral("median_abs_error"), s.median},
            {QStringLiteral("p90_abs_error"), s.p90}};
}

ErrorSummary summaryFrom(const QJsonObject &o)
{
    return {o.value(u"rows").toInt(), o.value(u"median_abs_error").toDouble(),
            o.value(u"p90_abs_error").toDouble()};
}

} // namespace

int Calibration::fittedRows() const
{
    int rows = 0;
    for (const EngineFit &f : fits)
        if (f.architecture == u"all")
            rows += f.tpot.count;
    return rows;
}

const EngineFit *Calibration::find(const QString &engine, const QString &architecture) const
{
    const EngineFit *all = nullptr;
    for (const EngineFit &f : fits) {
        if (f.engine != engine)
            continue;
        if (!architecture.isEmpty() && f.architecture == architecture)
            return &f;
        if (f.architecture == u"all")
            all = &f;
    }
    return all;
}

QStringList Calibration::engines() const
{
    QStringList out;
    for (const EngineFit &f : fits)
        if (!out.contains(f.engine))
            out << f.engine;
    return out;
}

QJsonObject Calibration::toJson() const
{
    QJsonArray list;
    for (const EngineFit &f : fits) {
        QJsonObject o{{QStringLiteral("engine"), f.engine},
                      {QStringLiteral("architecture"), f.architecture}};
        for (const Field &field : kFields)
            o.insert(QLatin1StringView(field.key), f.constants.*field.member);
        o.insert(QStringLiteral("tpot"), summaryJson(f.tpot));
        o.insert(QStringLiteral("ttft"), summaryJson(f.ttft));
        list << o;
    }
    return {{QStringLiteral("fitted_to"), fittedTo}, {QStringLiteral("fits"), list}};
}

std::optional<Calibration> Calibration::fromJson(const QJsonObject &o, QString *error)
{
    Calibration c;
    c.fittedTo = o.value(u"fitted_to").toString();
    const QJsonValue list = o.value(u"fits");
    if (!list.isArray()) {
        *error = QCoreApplication::translate("kvl::Calibration", "fits: expected a list");
        return std::nullopt;
    }
    for (const QJsonValue v : list.toArray()) {
        const QJsonObject f = v.toObject();
        EngineFit fit;
        fit.engine = f.value(u"engine").toString();
        fit.architecture = f.value(u"architecture").toString();
        for (const Field &field : kFields) {
            const QJsonValue x = f.value(QLatin1StringView(field.key));
            if (!x.isDouble() || !std::isfinite(x.toDouble()) || x.toDouble() < 0) {
                *error = QCoreApplication::translate("kvl::Calibration",
                                                     "%1/%2: %3: expected a non-negative number")
                             .arg(fit.engine, fit.architecture, QLatin1StringView(field.key));
                return std::nullopt;
            }
            fit.constants.*field.member = x.toDouble();
        }
        fit.tpot = summaryFrom(f.value(u"tpot").toObject());
        fit.ttft = summaryFrom(f.value(u"ttft").toObject());
        c.fits << fit;
    }
    return c;
}

const Calibration &Calibration::bundled()
{
    static const Calibration cal = [] {
        QFile f(QStringLiteral(":/calibration/engines.json"));
        QString error;
        if (!f.open(QIODevice::ReadOnly))
            return Calibration{};
        return fromJson(QJsonDocument::fromJson(f.readAll()).object(), &error)
            .value_or(Calibration{});
    }();
    return cal;
}

} // namespace kvl
