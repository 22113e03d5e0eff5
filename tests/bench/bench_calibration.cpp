// Leave-one-model-out and leave-one-GPU-out errors of the calibrated step on the measured runs:
// for each model (GPU system), the engine constants are fitted without its rows and predict
// them. Also the in-sample error, and how long predicting every row takes. Prints JSON; not a
// test. Usage: bench_calibration [runs.csv [configs-dir]]
#include "run_predictions.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <cstdio>

using namespace kvl;

namespace {

QJsonObject summary(const QList<double> &errors)
{
    const ErrorSummary s = summarizeErrors(errors);
    return {{QStringLiteral("rows"), s.count},
            {QStringLiteral("median_abs_error"), s.median},
            {QStringLiteral("p90_abs_error"), s.p90}};
}

// Fits without the rows `heldOut` selects, predicts those; returns {tpot errors, ttft errors}.
void leaveOut(const QList<CalibrationRow> &rows,
              const std::function<bool(const CalibrationRow &)> &heldOut, QList<double> &tpot,
              QList<double> &ttft, int &unpredicted)
{
    QList<CalibrationRow> train;
    for (const CalibrationRow &r : rows)
        if (!heldOut(r))
            train << r;
    const Calibration cal = calibrate(train, QStringLiteral("held-out fit"));
    for (const CalibrationRow &r : rows) {
        if (!heldOut(r))
            continue;
        const EngineFit *fit = cal.find(r.engine, r.architecture);
        if (!fit) {
            ++unpredicted;
            continue;
        }
        if (r.tpotSeconds && *r.tpotSeconds > 0)
            tpot << calibratedSecondsPerToken(r.terms, fit->constants) / *r.tpotSeconds - 1;
        if (r.ttftSeconds && *r.ttftSeconds > 0)
            ttft << calibratedFirstTokenSeconds(r.terms, fit->constants) / *r.ttftSeconds - 1;
    }
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QString csv = argc > 1 ? QString::fromLocal8Bit(argv[1])
                                 : QStringLiteral(KVL_SOURCE_DIR "/data/measured/runs.csv");
    const QString configs = argc > 2 ? QString::fromLocal8Bit(argv[2])
                                     : QStringLiteral(KVL_SOURCE_DIR "/data/measured/configs");
    QFile f(csv);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "bench_calibration: cannot read %s\n", qPrintable(csv));
        return 1;
    }
    QString error;
    const auto runs = readMeasuredRuns(f.readAll(), &error);
    if (!runs) {
        std::fprintf(stderr, "bench_calibration: %s\n", qPrintable(error));
        return 1;
    }
    QElapsedTimer timer;
    timer.start();
    ModelResolver models(configs);
    const QList<RunPrediction> bundled = predictRuns(*runs, models, Calibration::bundled());
    const qint64 predictNs = timer.nsecsElapsed();

    const QList<CalibrationRow> rows = calibrationRows(bundled, true);
    QList<double> inTpot, inTtft;
    for (const RunPrediction &p : bundled)
        if (p.run.mode == u"agg" && p.predictedTpot) {
            if (p.run.tpotSeconds)
                inTpot << *p.predictedTpot / *p.run.tpotSeconds - 1;
            if (p.run.ttftSeconds)
                inTtft << *p.predictedTtft / *p.run.ttftSeconds - 1;
        }
    int aggregated = 0;
    for (const MeasuredRun &r : *runs)
        aggregated += r.mode == u"agg";

    QJsonObject out{{QStringLiteral("runs"), int(runs->size())},
                    {QStringLiteral("aggregated_runs"), aggregated},
                    {QStringLiteral("aggregated_predicted"), int(rows.size())},
                    {QStringLiteral("predict_all_rows_ms"), double(predictNs) / 1e6},
                    {QStringLiteral("in_sample_tpot"), summary(inTpot)},
                    {QStringLiteral("in_sample_ttft"), summary(inTtft)}};
    const auto byKey = [&](const QString &name,
                           const std::function<QString(const CalibrationRow &)> &key) {
        QStringList keys;
        for (const CalibrationRow &r : rows)
            if (!keys.contains(key(r)))
                keys << key(r);
        QList<double> allTpot, allTtft;
        int unpredicted = 0;
        QJsonArray groups;
        for (const QString &k : keys) {
            QList<double> tpot, ttft;
            leaveOut(
                rows, [&](const CalibrationRow &r) { return key(r) == k; }, tpot, ttft,
                unpredicted);
            groups << QJsonObject{{QStringLiteral("held_out"), k},
                                  {QStringLiteral("tpot"), summary(tpot)},
                                  {QStringLiteral("ttft"), summary(ttft)}};
            allTpot << tpot;
            allTtft << ttft;
        }
        out.insert(name, QJsonObject{{QStringLiteral("tpot"), summary(allTpot)},
                                     {QStringLiteral("ttft"), summary(allTtft)},
                                     {QStringLiteral("unpredicted"), unpredicted},
                                     {QStringLiteral("groups"), groups}});
    };
    byKey(QStringLiteral("leave_one_model_out"), [](const CalibrationRow &r) { return r.model; });
    byKey(QStringLiteral("leave_one_gpu_out"), [](const CalibrationRow &r) { return r.system; });
    std::printf("%s", QJsonDocument(out).toJson(QJsonDocument::Indented).constData());
    return 0;
}
