// validate: every measured run predicted (floor and calibrated) beside its measurement.
// calibrate: fits the engine constants to measured runs and writes them with the residuals.
#include "calibrate.h"
#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "regular_file.h"
#include "run_predictions.h"
#include "safe_save.h"

#include <QFile>
#include <QJsonDocument>
#include <QSet>

namespace kvl::cli {

namespace {

void addMeasuredOptions(QCommandLineParser &p)
{
    p.addOptions({
        {QStringLiteral("measured"),
         QStringLiteral("Measured runs, a CSV in the columns of data/measured/runs.csv."),
         QStringLiteral("FILE")},
        {QStringLiteral("configs"),
         QStringLiteral("Hugging Face configs as DIR/<org>/<name>/config.json, for models no "
                        "preset names."),
         QStringLiteral("DIR")},
    });
}

QList<RunPrediction> predictionsFromOptions(const QCommandLineParser &p, const Calibration &cal)
{
    if (!p.isSet(QStringLiteral("measured")))
        throw UsageError{QStringLiteral("--measured FILE is required")};
    QFile file(p.value(QStringLiteral("measured")));
    QString why;
    if (!openRegularFile(file, &why))
        throw UsageError{QStringLiteral("--measured: ") + why};
    const auto runs = readMeasuredRuns(file.readAll(), &why);
    if (!runs)
        throw UsageError{QStringLiteral("--measured: %1: %2")
                             .arg(shownPath(p.value(QStringLiteral("measured"))), why)};
    ModelResolver models(p.value(QStringLiteral("configs")));
    return predictRuns(*runs, models, cal);
}

// One line on stderr for each distinct reason a row could not be modelled.
void warnUnmodelled(const QList<RunPrediction> &predictions)
{
    QTextStream err(stderr);
    QSet<QString> said;
    for (const RunPrediction &r : predictions)
        if (!r.reason.isEmpty() && !said.contains(r.reason)) {
            said.insert(r.reason);
            err << "kvledger-cli: validate: line " << r.run.line << ": " << r.reason << '\n';
        }
}

QByteArray residualsCsv(const QList<RunPrediction> &predictions, const Calibration &cal)
{
    QByteArray csv("id,engine,architecture,system,model_path,mode,measured_tpot_seconds,"
                   "predicted_tpot_seconds,tpot_error,measured_ttft_seconds,"
                   "predicted_ttft_seconds,ttft_error\n");
    for (const RunPrediction &p : predictions) {
        const EngineFit *fit = cal.find(p.run.engine, p.architecture);
        if (!p.floorTpot || !fit || p.run.mode != u"agg")
            continue;
        const double tpot = calibratedSecondsPerToken(p.terms, fit->constants);
        const double ttft = calibratedFirstTokenSeconds(p.terms, fit->constants);
        const auto cell = [](const std::optional<double> &m, double pred, bool error) {
            if (!m || *m <= 0)
                return QByteArray();
            return QByteArray::number(error ? pred / *m - 1 : *m, 'g', 6);
        };
        csv += QStringLiteral("%1,%2,%3,%4,%5,%6,")
                   .arg(p.run.id, p.run.engine, p.architecture, p.run.system, p.run.modelPath,
                        p.run.mode)
                   .toUtf8() +
               cell(p.run.tpotSeconds, tpot, false) + ',' + QByteArray::number(tpot, 'g', 6) + ',' +
               cell(p.run.tpotSeconds, tpot, true) + ',' + cell(p.run.ttftSeconds, ttft, false) +
               ',' + QByteArray::number(ttft, 'g', 6) + ',' + cell(p.run.ttftSeconds, ttft, true) +
               '\n';
    }
    return csv;
}

} // namespace

int runValidate(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Every measured run beside its floor and its calibrated prediction (engine "
                       "constants fitted to data/measured/runs.csv)."));
    addMeasuredOptions(p);
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object: rows and summary.")});
    if (parseCommand(p, args, out))
        return 0;
    const Calibration &cal = Calibration::bundled();
    const QList<RunPrediction> predictions = predictionsFromOptions(p, cal);
    warnUnmodelled(predictions);
    if (p.isSet(QStringLiteral("json")))
        out << QJsonDocument(validationJson(predictions, cal)).toJson(QJsonDocument::Indented);
    else
        out << validationText(predictions, cal);
    return 0;
}

int runCalibrate(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Fits the engine constants (per engine and GPU architecture) to the "
                       "aggregated measured runs and writes them, with the residuals."));
    addMeasuredOptions(p);
    p.addOptions({
        {QStringLiteral("out"),
         QStringLiteral("The constants, as resources/calibration/engines.json."),
         QStringLiteral("FILE")},
        {QStringLiteral("residuals"), QStringLiteral("Each fitted row's error, as CSV."),
         QStringLiteral("FILE")},
        {QStringLiteral("fitted-to"),
         QStringLiteral("What the runs are, in words, kept with the constants."),
         QStringLiteral("TEXT")},
    });
    if (parseCommand(p, args, out))
        return 0;
    if (!p.isSet(QStringLiteral("out")))
        throw UsageError{QStringLiteral("--out FILE is required")};
    const QList<RunPrediction> modelled = predictionsFromOptions(p, Calibration{});
    const QList<CalibrationRow> rows = calibrationRows(modelled, true);
    const QString fittedTo = p.isSet(QStringLiteral("fitted-to"))
                                 ? p.value(QStringLiteral("fitted-to"))
                                 : QStringLiteral("%1 aggregated runs").arg(rows.size());
    const Calibration cal = calibrate(rows, fittedTo);
    QString why;
    if (!saveFileAtomically(p.value(QStringLiteral("out")),
                            QJsonDocument(cal.toJson()).toJson(QJsonDocument::Indented), &why))
        throw UsageError{QStringLiteral("--out: ") + why};
    if (p.isSet(QStringLiteral("residuals")) &&
        !saveFileAtomically(p.value(QStringLiteral("residuals")), residualsCsv(modelled, cal),
                            &why))
        throw UsageError{QStringLiteral("--residuals: ") + why};
    for (const EngineFit &f : cal.fits)
        out << f.engine << '/' << f.architecture << ": " << f.tpot.count
            << " rows, TPOT error median " << QString::number(f.tpot.median * 100, 'f', 1)
            << "%, p90 " << QString::number(f.tpot.p90 * 100, 'f', 1) << "%; TTFT median "
            << QString::number(f.ttft.median * 100, 'f', 1) << "%\n";
    return 0;
}

} // namespace kvl::cli
