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
        QStringLiteral("One ledger quantity over context length or GPU count."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("over"), QStringLiteral("context (log-spaced) or gpus."),
         QStringLiteral("context|gpus")},
        {QStringLiteral("quantity"), QStringLiteral("A ledger key, e.g. seconds_per_token."),
         QStringLiteral("NAME")},
        {QStringLiteral("from"), QStringLiteral("First context (default 1k)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("to"),
         QStringLiteral("Last context (default 10M) or GPU count (default 64)."),
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
    if (over != u"context" && over != u"gpus")
        throw UsageError{
            QStringLiteral("--over: \"%1\" is not context or gpus").arg(shownInput(over))};
    const QString key = p.value(QStringLiteral("quantity"));
    const auto q = quantityFromKey(key);
    if (!q)
        throw UsageError{QStringLiteral("--quantity: \"%1\" is not one of %2")
                             .arg(shownInput(key), keys.join(QStringLiteral(", ")))};
    const Scenario s = scenarioFromOptions(p);
    QList<QPointF> series;
    if (over == u"context") {
        series = sweepContext(s, *q, contextsFromOptions(p, 64));
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
