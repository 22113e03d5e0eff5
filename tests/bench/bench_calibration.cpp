// Leave-one-model-out and leave-one-GPU-out errors of the calibrated step on the measured runs:
// for each model (GPU system), the engine constants are fitted without its rows and predict
// them. Also the in-sample error, and how long predicting every row takes. The same figures again
// ("as_written") with the held-out rows read as aiconfigurator writes them, without the columns
// data/measured/runs.csv adds from the runs' sources: how a file of other runs in those columns
// is predicted. Beside them, how far two measurements of one setup are from each other
// ("repeat_measurements"): what no model of the columns can do better than. Prints JSON; not a
// test. Usage: bench_calibration [runs.csv [configs-dir]]
#include "run_predictions.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <cmath>
#include <cstdio>

using namespace kvl;

namespace {

// A run without the columns runs.csv adds (data/measured/SOURCES.md): the concurrency read from
// batch_size, the benchmark's prompts and lengths unknown, no drafts.
MeasuredRun asWritten(MeasuredRun run)
{
    run.concurrency = 0;
    run.prompts = 0;
    run.rangeRatio = 1;
    run.spec = SpecDecoding::None;
    run.draftTokens = 0;
    run.acceptedTokens.reset();
    return run;
}

// Errors of predictions against the measurements, TPOT and TTFT.
struct Errors
{
    QList<double> tpot, ttft;
    int unpredicted = 0;
    void add(const StepTerms &terms, const EngineConstants &c, const CalibrationRow &measured)
    {
        if (measured.tpotSeconds && *measured.tpotSeconds > 0)
            tpot << calibratedSecondsPerToken(terms, c) / *measured.tpotSeconds - 1;
        if (measured.ttftSeconds && *measured.ttftSeconds > 0)
            ttft << calibratedFirstTokenSeconds(terms, c) / *measured.ttftSeconds - 1;
    }
    void add(const Errors &o)
    {
        tpot << o.tpot;
        ttft << o.ttft;
        unpredicted += o.unpredicted;
    }
};

QJsonObject summary(const QList<double> &errors)
{
    const ErrorSummary s = summarizeErrors(errors);
    return {{QStringLiteral("rows"), s.count},
            {QStringLiteral("median_abs_error"), s.median},
            {QStringLiteral("p90_abs_error"), s.p90}};
}

// Predicts the rows `selected` picks with `cal`, from their terms as read and as written
// (`written`, by id).
void predictRows(const QList<CalibrationRow> &rows, const QHash<QString, CalibrationRow> &written,
                 const Calibration &cal,
                 const std::function<bool(const CalibrationRow &)> &selected, Errors &read,
                 Errors &asWrittenErrors)
{
    for (const CalibrationRow &r : rows) {
        if (!selected(r))
            continue;
        const EngineFit *fit = cal.find(r.engine, r.architecture);
        if (!fit) {
            ++read.unpredicted;
            ++asWrittenErrors.unpredicted;
            continue;
        }
        read.add(r.terms, fit->constants, r);
        if (const auto w = written.constFind(r.id); w != written.cend())
            asWrittenErrors.add(w->terms, fit->constants, r);
        else
            ++asWrittenErrors.unpredicted;
    }
}

// Fits without the rows `heldOut` selects and predicts those.
void leaveOut(const QList<CalibrationRow> &rows, const QHash<QString, CalibrationRow> &written,
              const std::function<bool(const CalibrationRow &)> &heldOut, Errors &read,
              Errors &asWrittenErrors)
{
    QList<CalibrationRow> train;
    for (const CalibrationRow &r : rows)
        if (!heldOut(r))
            train << r;
    predictRows(rows, written, calibrate(train, QStringLiteral("held-out fit")), heldOut, read,
                asWrittenErrors);
}

// Everything a run's prediction reads, so that two runs with the same key are one setup.
QString setupKey(const MeasuredRun &r)
{
    return QStringList{r.engine,
                       r.modelPath,
                       r.system,
                       r.mode,
                       QString::number(r.inputTokens),
                       QString::number(r.outputTokens),
                       QString::number(r.rangeRatio),
                       r.gemmQuant,
                       r.moeQuant,
                       QString::number(r.concurrency),
                       QString::number(r.prompts),
                       QString::number(r.rankBatch),
                       QString::number(r.workers),
                       QString::number(r.tp),
                       QString::number(r.pp),
                       QString::number(r.dp),
                       QString::number(r.moeTp),
                       QString::number(r.ep),
                       QString::number(int(r.spec)),
                       QString::number(r.draftTokens)}
        .join(u'|');
}

// Aggregated runs of one setup measured more than once: each measurement "predicts" the other,
// |a / b − 1| both ways, on the same engine version and across versions. Left out: copies of one
// measurement (some campaigns carry another's, rounded: both figures within 0.1%) and runs whose
// version is not written.
QJsonObject repeatMeasurements(const QList<MeasuredRun> &runs)
{
    QHash<QString, QList<const MeasuredRun *>> setups;
    for (const MeasuredRun &r : runs)
        if (r.mode == u"agg" && !r.engineVersion.isEmpty() && r.tpotSeconds > 0 &&
            r.ttftSeconds > 0)
            setups[setupKey(r)] << &r;
    Errors sameVersion, otherVersion;
    int samePairs = 0, otherPairs = 0;
    for (const auto &group : std::as_const(setups))
        for (qsizetype i = 0; i < group.size(); ++i)
            for (qsizetype j = i + 1; j < group.size(); ++j) {
                const MeasuredRun &a = *group.at(i), &b = *group.at(j);
                const auto copy = [](double x, double y) { return std::abs(x / y - 1) < 1e-3; };
                if (copy(*a.tpotSeconds, *b.tpotSeconds) && copy(*a.ttftSeconds, *b.ttftSeconds))
                    continue;
                const bool same = a.engineVersion == b.engineVersion;
                Errors &e = same ? sameVersion : otherVersion;
                ++(same ? samePairs : otherPairs);
                e.tpot << *a.tpotSeconds / *b.tpotSeconds - 1
                       << *b.tpotSeconds / *a.tpotSeconds - 1;
                e.ttft << *a.ttftSeconds / *b.ttftSeconds - 1
                       << *b.ttftSeconds / *a.ttftSeconds - 1;
            }
    const auto part = [](const Errors &e, int pairs) {
        return QJsonObject{{QStringLiteral("pairs"), pairs},
                           {QStringLiteral("tpot"), summary(e.tpot)},
                           {QStringLiteral("ttft"), summary(e.ttft)}};
    };
    return {{QStringLiteral("same_engine_version"), part(sameVersion, samePairs)},
            {QStringLiteral("other_engine_version"), part(otherVersion, otherPairs)}};
}

QJsonObject summary(const Errors &e)
{
    return {{QStringLiteral("tpot"), summary(e.tpot)},
            {QStringLiteral("ttft"), summary(e.ttft)},
            {QStringLiteral("unpredicted"), e.unpredicted}};
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
    const Calibration bundledFit = Calibration::bundled();
    QElapsedTimer timer;
    timer.start();
    ModelResolver models(configs);
    const QList<RunPrediction> bundled = predictRuns(*runs, models, bundledFit);
    const qint64 predictNs = timer.nsecsElapsed();

    const QList<CalibrationRow> rows = calibrationRows(bundled, true);
    int aggregated = 0;
    for (const MeasuredRun &r : *runs)
        aggregated += r.mode == u"agg";

    // In-sample: the bundled constants predict every row, as read and as written.
    QList<MeasuredRun> written;
    for (const MeasuredRun &r : *runs)
        written << asWritten(r);
    QHash<QString, CalibrationRow> writtenRows;
    for (const CalibrationRow &r : calibrationRows(predictRuns(written, models, bundledFit), false))
        writtenRows.insert(r.id, r);
    Errors inSample, writtenInSample;
    predictRows(
        rows, writtenRows, bundledFit, [](const CalibrationRow &) { return true; }, inSample,
        writtenInSample);

    QJsonObject out{{QStringLiteral("runs"), int(runs->size())},
                    {QStringLiteral("aggregated_runs"), aggregated},
                    {QStringLiteral("aggregated_predicted"), int(rows.size())},
                    {QStringLiteral("predict_all_rows_ms"), double(predictNs) / 1e6},
                    {QStringLiteral("in_sample_tpot"), summary(inSample.tpot)},
                    {QStringLiteral("in_sample_ttft"), summary(inSample.ttft)}};
    QJsonObject asWrittenOut{{QStringLiteral("in_sample"), summary(writtenInSample)}};
    const auto byKey = [&](const QString &name,
                           const std::function<QString(const CalibrationRow &)> &key) {
        QStringList keys;
        for (const CalibrationRow &r : rows)
            if (!keys.contains(key(r)))
                keys << key(r);
        Errors all, allWritten;
        QJsonArray groups;
        for (const QString &k : keys) {
            Errors read, asWrittenErrors;
            leaveOut(
                rows, writtenRows, [&](const CalibrationRow &r) { return key(r) == k; }, read,
                asWrittenErrors);
            groups << QJsonObject{{QStringLiteral("held_out"), k},
                                  {QStringLiteral("tpot"), summary(read.tpot)},
                                  {QStringLiteral("ttft"), summary(read.ttft)},
                                  {QStringLiteral("as_written"), summary(asWrittenErrors)}};
            all.add(read);
            allWritten.add(asWrittenErrors);
        }
        QJsonObject o = summary(all);
        o.insert(QStringLiteral("groups"), groups);
        out.insert(name, o);
        asWrittenOut.insert(name, summary(allWritten));
    };
    byKey(QStringLiteral("leave_one_model_out"), [](const CalibrationRow &r) { return r.model; });
    byKey(QStringLiteral("leave_one_gpu_out"), [](const CalibrationRow &r) { return r.system; });
    out.insert(QStringLiteral("as_written"), asWrittenOut);
    out.insert(QStringLiteral("repeat_measurements"), repeatMeasurements(*runs));
    std::printf("%s", QJsonDocument(out).toJson(QJsonDocument::Indented).constData());
    return 0;
}
