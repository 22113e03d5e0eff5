#include "run_predictions.h"

#include "json_number.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QMap>
#include <QTextStream>

namespace kvl {

// Messages composed in core, shown by the CLI and the window.
class ReportText
{
    Q_DECLARE_TR_FUNCTIONS(ReportText)
};

namespace {

QJsonValue optionalNumber(const std::optional<double> &v)
{
    return v ? jsonNumber(*v) : QJsonValue(QJsonValue::Null);
}

QJsonObject summaryJson(const ErrorSummary &s)
{
    return {{QStringLiteral("rows"), s.count},
            {QStringLiteral("median_abs_error"), s.count ? jsonNumber(s.median) : QJsonValue()},
            {QStringLiteral("p90_abs_error"), s.count ? jsonNumber(s.p90) : QJsonValue()}};
}

QJsonArray groupsJson(const QList<GroupErrors> &groups)
{
    QJsonArray out;
    for (const GroupErrors &g : groups)
        out << QJsonObject{{QStringLiteral("key"), g.key},
                           {QStringLiteral("rows"), g.rows},
                           {QStringLiteral("predicted"), g.predicted},
                           {QStringLiteral("tpot"), summaryJson(g.tpot)},
                           {QStringLiteral("ttft"), summaryJson(g.ttft)}};
    return out;
}

QString ms(const std::optional<double> &seconds)
{
    return seconds ? QString::number(*seconds * 1e3, 'f', 2) : QStringLiteral("-");
}

QString percent(const ErrorSummary &s)
{
    if (s.count == 0)
        return QStringLiteral("-");
    return QStringLiteral("%1% / %2%")
        .arg(QString::number(s.median * 100, 'f', 1), QString::number(s.p90 * 100, 'f', 1));
}
} // namespace

QList<RunPrediction> predictRuns(const QList<MeasuredRun> &runs, ModelResolver &models,
                                 const Calibration &calibration)
{
    QList<RunPrediction> out;
    out.reserve(runs.size());
    for (const MeasuredRun &run : runs) {
        RunPrediction p;
        p.run = run;
        const ModelledRun m = modelRun(run, models);
        p.note = m.note;
        p.reason = m.reason;
        p.architecture = m.system.architecture;
        p.model = m.scenario.model;
        p.gpuId = m.scenario.gpu.id;
        if (p.reason.isEmpty()) {
            p.terms = stepTerms(m.scenario, m.system.links, m.plan, m.workload);
            p.floorTpot = floorSecondsPerToken(p.terms);
            if (const EngineFit *fit = calibration.find(run.engine, p.architecture)) {
                p.predictedTpot = calibratedSecondsPerToken(p.terms, fit->constants);
                p.predictedTtft = calibratedFirstTokenSeconds(p.terms, fit->constants);
            } else {
                p.reason = ReportText::tr("no constants fitted for engine \"%1\"").arg(run.engine);
            }
        }
        out << p;
    }
    return out;
}

QList<CalibrationRow> calibrationRows(const QList<RunPrediction> &predictions, bool aggregatedOnly)
{
    QList<CalibrationRow> rows;
    for (const RunPrediction &p : predictions) {
        if (!p.floorTpot || (aggregatedOnly && p.run.mode != u"agg"))
            continue;
        rows << CalibrationRow{p.run.id,     p.run.engine, p.architecture,    p.run.modelPath,
                               p.run.system, p.terms,      p.run.tpotSeconds, p.run.ttftSeconds};
    }
    return rows;
}

QList<GroupErrors> groupErrors(const QList<RunPrediction> &predictions,
                               const std::function<QString(const RunPrediction &)> &key)
{
    QMap<QString, GroupErrors> groups;
    QMap<QString, QList<double>> tpot, ttft;
    for (const RunPrediction &p : predictions) {
        const QString k = key(p);
        GroupErrors &g = groups[k];
        g.key = k;
        ++g.rows;
        if (!p.predictedTpot)
            continue;
        ++g.predicted;
        if (p.run.tpotSeconds && *p.run.tpotSeconds > 0)
            tpot[k] << *p.predictedTpot / *p.run.tpotSeconds - 1;
        if (p.run.ttftSeconds && *p.run.ttftSeconds > 0)
            ttft[k] << *p.predictedTtft / *p.run.ttftSeconds - 1;
    }
    QList<GroupErrors> out;
    for (auto it = groups.begin(); it != groups.end(); ++it) {
        it->tpot = summarizeErrors(tpot.value(it.key()));
        it->ttft = summarizeErrors(ttft.value(it.key()));
        out << *it;
    }
    return out;
}

QJsonObject validationJson(const QList<RunPrediction> &predictions, const Calibration &calibration)
{
    QJsonArray rows;
    for (const RunPrediction &p : predictions) {
        QJsonObject o{{QStringLiteral("id"), p.run.id},
                      {QStringLiteral("mode"), p.run.mode},
                      {QStringLiteral("floor_tpot_seconds"), optionalNumber(p.floorTpot)},
                      {QStringLiteral("predicted_tpot_seconds"), optionalNumber(p.predictedTpot)},
                      {QStringLiteral("predicted_ttft_seconds"), optionalNumber(p.predictedTtft)},
                      {QStringLiteral("measured_tpot_seconds"), optionalNumber(p.run.tpotSeconds)},
                      {QStringLiteral("measured_ttft_seconds"), optionalNumber(p.run.ttftSeconds)},
                      {QStringLiteral("reason"),
                       p.reason.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(p.reason)}};
        if (!p.note.isEmpty())
            o.insert(QStringLiteral("note"), p.note);
        rows << o;
    }
    const auto mode = [](const RunPrediction &p) { return p.run.mode; };
    const auto engine = [](const RunPrediction &p) { return p.run.engine; };
    const auto gpu = [](const RunPrediction &p) { return p.run.system; };
    const auto model = [](const RunPrediction &p) { return p.run.modelPath; };
    int predicted = 0;
    for (const RunPrediction &p : predictions)
        predicted += p.predictedTpot.has_value();
    const QJsonObject summary{
        {QStringLiteral("rows"), int(predictions.size())},
        {QStringLiteral("predicted"), predicted},
        {QStringLiteral("fitted_to"), calibration.fittedTo},
        {QStringLiteral("by_mode"), groupsJson(groupErrors(predictions, mode))},
        {QStringLiteral("by_engine"), groupsJson(groupErrors(predictions, engine))},
        {QStringLiteral("by_gpu"), groupsJson(groupErrors(predictions, gpu))},
        {QStringLiteral("by_model"), groupsJson(groupErrors(predictions, model))}};
    return {{QStringLiteral("rows"), rows}, {QStringLiteral("summary"), summary}};
}

QString validationText(const QList<RunPrediction> &predictions, const Calibration &calibration)
{
    QString text;
    QTextStream out(&text);
    out << ReportText::tr("Calibrated predictions against measured runs (constants fitted to %1)")
               .arg(calibration.fittedTo)
        << "\n\n";
    out << qSetFieldWidth(0)
        << ReportText::tr("id | mode | floor TPOT ms | predicted TPOT ms | measured TPOT ms | "
                          "predicted TTFT ms | measured TTFT ms | reason")
        << '\n';
    for (const RunPrediction &p : predictions)
        out << p.run.id << " | " << p.run.mode << " | " << ms(p.floorTpot) << " | "
            << ms(p.predictedTpot) << " | " << ms(p.run.tpotSeconds) << " | " << ms(p.predictedTtft)
            << " | " << ms(p.run.ttftSeconds) << " | " << p.reason << '\n';
    const auto section = [&](const QString &title,
                             const std::function<QString(const RunPrediction &)> &key) {
        out << '\n'
            << title << '\n'
            << ReportText::tr(
                   "group | rows | predicted | TPOT error median / p90 | TTFT error median / p90")
            << '\n';
        for (const GroupErrors &g : groupErrors(predictions, key))
            out << g.key << " | " << g.rows << " | " << g.predicted << " | " << percent(g.tpot)
                << " | " << percent(g.ttft) << '\n';
    };
    section(ReportText::tr("By mode"), [](const RunPrediction &p) { return p.run.mode; });
    section(ReportText::tr("By engine (aggregated runs)"), [](const RunPrediction &p) {
        return p.run.mode == u"agg" ? p.run.engine : p.run.engine + QStringLiteral(" (disagg)");
    });
    section(ReportText::tr("By GPU"), [](const RunPrediction &p) { return p.run.system; });
    section(ReportText::tr("By model"), [](const RunPrediction &p) { return p.run.modelPath; });
    return text;
}

} // namespace kvl
