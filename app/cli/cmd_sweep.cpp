#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "scenario_options.h"
#include "sweep.h"

#include <QStringList>

namespace kvl::cli {

int runSweep(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("One ledger quantity over context length, GPU count or batch."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("over"),
         QStringLiteral("context (log-spaced), gpus, or batch (1 to the most sequences that "
                        "fit at the context)."),
         QStringLiteral("context|gpus|batch")},
        {QStringLiteral("quantity"), QStringLiteral("A ledger key, e.g. seconds_per_token."),
         QStringLiteral("NAME")},
        {QStringLiteral("from"), QStringLiteral("First context (default 1k)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("to"),
         QStringLiteral("Last context (default 10M), GPU count (default 64) or batch "
                        "(default: the most that fit)."),
         QStringLiteral("N")},
        {QStringLiteral("points"), QStringLiteral("Points over context (default 64)."),
         QStringLiteral("N")},
        {QStringLiteral("csv"), QStringLiteral("CSV with a header row.")},
    });
    if (parseCommand(p, args, out))
        return 0;
    QStringList keys;
    for (Quantity q : allQuantities())
        keys << quantityKey(q);
    const QString over = p.value(QStringLiteral("over"));
    if (over != u"context" && over != u"gpus" && over != u"batch")
        throw UsageError{
            QStringLiteral("--over: \"%1\" is not context, gpus or batch").arg(shownInput(over))};
    const QString key = p.value(QStringLiteral("quantity"));
    const auto q = quantityFromKey(key);
    if (!q)
        throw UsageError{QStringLiteral("--quantity: \"%1\" is not one of %2")
                             .arg(shownInput(key), keys.join(QStringLiteral(", ")))};
    const Scenario s = scenarioFromOptions(p);
    QList<QPointF> series;
    if (over == u"context") {
        series = sweepContext(s, *q, contextsFromOptions(p, 64));
    } else if (over == u"batch") {
        const int to = p.isSet(QStringLiteral("to"))
                           ? intOption(p, QStringLiteral("to"), 1, limits::maxBatch)
                           : batchCapacity(s);
        if (to == 0)
            throw UsageError{QStringLiteral("--over batch: one sequence of %1 tokens does not "
                                            "fit %2 × %3; give --to, more --gpus or less "
                                            "--context")
                                 .arg(formatInteger(s.context))
                                 .arg(s.gpus)
                                 .arg(shownText(s.gpu.name))};
        series = sweepBatch(s, *q, to);
    } else {
        const int to = p.isSet(QStringLiteral("to"))
                           ? intOption(p, QStringLiteral("to"), 1, limits::maxGpus)
                           : 64;
        series = sweepGpus(s, *q, to);
    }
    const QString sep = p.isSet(QStringLiteral("csv")) ? QStringLiteral(",") : QStringLiteral("\t");
    out << over << sep << key << '\n';
    for (const QPointF &pt : series)
        out << qint64(pt.x()) << sep << QString::number(pt.y(), 'g', 12) << '\n';
    return 0;
}

} // namespace kvl::cli
