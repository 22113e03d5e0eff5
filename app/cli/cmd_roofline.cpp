#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "json_number.h"
#include "ledger_json.h"
#include "roofline.h"
#include "scenario_options.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kvl::cli {

namespace {

QJsonArray polyline(const QList<QPointF> &points)
{
    QJsonArray out;
    for (const QPointF &p : points)
        out.append(QJsonArray{p.x(), jsonNumber(p.y())});
    return out;
}

QString ridgeText(double belowRidge)
{
    if (belowRidge >= 1)
        return formatNumber(belowRidge) + QStringLiteral("× below the ridge");
    return formatNumber(1 / belowRidge) + QStringLiteral("× past the ridge (compute-bound)");
}

} // namespace

int runRoofline(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Decode attention, decode weights and prefill on the GPU's roofline."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("prompt"),
         QStringLiteral("Prompt length of the prefill point (default 8k)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("compute-precision"),
         QStringLiteral("Precision of the compute roof (default: the weight precision)."),
         QStringLiteral("P")},
        {QStringLiteral("measured-bandwidth"),
         QStringLiteral("A measured bandwidth in bytes/s for a second roof (e.g. 3.0e12)."),
         QStringLiteral("B/S")},
        {QStringLiteral("json"), QStringLiteral("One JSON object in SI base units.")},
    });
    if (parseCommand(p, args, out))
        return 0;
    const Scenario s = scenarioFromOptions(p);
    RooflineOptions o;
    if (p.isSet(QStringLiteral("prompt")))
        o.promptTokens = tokenOption(p, QStringLiteral("prompt"), 1, limits::maxContext);
    if (p.isSet(QStringLiteral("compute-precision"))) {
        QString why;
        o.compute = Precision::parse(p.value(QStringLiteral("compute-precision")), &why);
        if (!o.compute)
            throw UsageError{QStringLiteral("--compute-precision: %1").arg(why)};
    }
    if (p.isSet(QStringLiteral("measured-bandwidth")))
        o.measuredBandwidth =
            doubleOption(p, QStringLiteral("measured-bandwidth"), limits::bandwidth);
    const Roofline r = roofline(s, o);
    // Wide enough for MHA in fp32 (0.5) and a long prefill.
    const double from = 0.1, to = 1e5;

    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray points;
        for (const RooflinePoint &pt : r.points) {
            QJsonObject j{{QStringLiteral("id"), pt.id},
                          {QStringLiteral("label"), pt.label},
                          {QStringLiteral("formula"), pt.formula},
                          {QStringLiteral("intensity"), pt.intensity},
                          {QStringLiteral("attainable_flops"), jsonNumber(pt.attainable)},
                          {QStringLiteral("below_ridge"), pt.belowRidge}};
            if (r.measuredBandwidth > 0)
                j.insert(QStringLiteral("attainable_flops_measured"),
                         jsonNumber(pt.attainableMeasured));
            points.append(j);
        }
        QJsonObject j{{QStringLiteral("scenario"), scenarioSummaryJson(s)},
                      {QStringLiteral("compute_precision"), r.precision.spec()},
                      {QStringLiteral("peak_flops"), jsonNumber(r.peakFlops)},
                      {QStringLiteral("bandwidth_bytes_per_second"), jsonNumber(r.bandwidth)},
                      {QStringLiteral("ridge_point"), r.ridgePoint},
                      {QStringLiteral("prompt_tokens"), jsonNumber(double(o.promptTokens))},
                      {QStringLiteral("points"), points},
                      {QStringLiteral("roof"), polyline(r.roof(from, to))}};
        if (r.measuredBandwidth > 0) {
            j.insert(QStringLiteral("measured_bandwidth_bytes_per_second"),
                     jsonNumber(r.measuredBandwidth));
            j.insert(QStringLiteral("measured_ridge_point"), r.measuredRidgePoint);
            j.insert(QStringLiteral("measured_roof"), polyline(r.roof(from, to, true)));
        }
        out << QJsonDocument(j).toJson(QJsonDocument::Indented);
        return 0;
    }

    const ByteUnits units = unitsFromOptions(p);
    out << shownText(s.gpu.name) << ", " << r.precision.name()
        << " compute: " << formatNumber(r.peakFlops / 1e12, 4) << " TFLOP/s dense, "
        << formatRate(r.bandwidth, units) << ", ridge " << formatNumber(r.ridgePoint)
        << " FLOP/B\n";
    if (r.measuredBandwidth > 0)
        out << "measured " << formatRate(r.measuredBandwidth, units) << ": ridge "
            << formatNumber(r.measuredRidgePoint) << " FLOP/B\n";
    out << '\n';
    qsizetype width = 0;
    for (const RooflinePoint &pt : r.points)
        width = std::max(width, pt.label.size());
    for (const RooflinePoint &pt : r.points) {
        out << pt.label.leftJustified(width + 2)
            << QString(formatNumber(pt.intensity) + QStringLiteral(" FLOP/B")).rightJustified(14)
            << QString(formatNumber(pt.attainable / 1e12) + QStringLiteral(" TFLOP/s"))
                   .rightJustified(16)
            << "  " << ridgeText(pt.belowRidge) << '\n'
            << QString(width + 2, u' ') << pt.formula << '\n';
    }
    return 0;
}

} // namespace kvl::cli
