#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "json_number.h"
#include "kv_strategy.h"
#include "ledger_json.h"
#include "scenario_options.h"
#include "strategy_presets.h"
#include "sweep.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kvl::cli {

namespace {

QJsonObject resultJson(const KvStrategy &k, const StrategyResult &r)
{
    QJsonObject o{
        {QStringLiteral("name"), r.name},
        {QStringLiteral("spec"), r.spec},
        {QStringLiteral("held_bytes"), jsonNumber(r.heldBytes)},
        {QStringLiteral("read_bytes_per_step"), jsonNumber(r.readBytesPerStep)},
        {QStringLiteral("held_bytes_per_gpu"), jsonNumber(r.heldBytesPerGpu)},
        {QStringLiteral("read_bytes_per_gpu"), jsonNumber(r.readBytesPerGpu)},
        {QStringLiteral("seconds_per_token"), r.secondsPerToken},
        {QStringLiteral("kv_seconds_per_token"), r.kvSecondsPerToken},
        {QStringLiteral("memory_bound"), r.memoryBound},
        {QStringLiteral("gpus_to_fit"), r.gpusToFit},
        {QStringLiteral("tokens_held_per_layer"), jsonNumber(double(r.tokensHeldPerLayer))},
        {QStringLiteral("mean_tokens_held"), jsonNumber(r.meanTokensHeld)},
        {QStringLiteral("oldest_readable_token"), jsonNumber(double(r.oldestReadableToken))},
        {QStringLiteral("loses_tokens"), r.losesTokens},
        {QStringLiteral("loss_note"), r.lossNote},
    };
    if (!k.citation.isEmpty())
        o.insert(QStringLiteral("citation"), k.citation);
    return o;
}

QList<KvStrategy> strategiesFromOptions(const QCommandLineParser &p, const ModelSpec &m)
{
    QList<KvStrategy> out{KvStrategy{}}; // the full cache first, for comparison
    // A model that reads less than it holds: its dense twin too, what the sparse reads save.
    if (const auto dense = denseReference(m))
        out << *dense;
    QStringList specs = p.values(QStringLiteral("strategy"));
    if (specs.isEmpty())
        for (const StrategyPreset &preset : strategyPresets())
            specs << preset.id;
    for (const QString &spec : specs) {
        QString why;
        const auto k = KvStrategy::parse(spec, &why);
        if (!k)
            throw UsageError{QStringLiteral("--strategy: %1").arg(why)};
        out << *k;
    }
    return out;
}

} // namespace

int runStrategies(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "What each KV strategy holds, reads per step and loses. Without --strategy: the "
        "published methods' presets."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("strategy"),
         QStringLiteral(
             "fp8 | int4 | window:W[,sinks:S][,layers:F] | budget:B|P%[,recent:R] | "
             "duo:F[,sinks:S,window:W] | sparse:k=K,block=S[,summary=N,window=W,"
             "compress=D,compress-block=L,dense=N] | recent:R[@P],old=P | dense | a preset; "
             "join a token policy and a precision with '+'. Repeatable."),
         QStringLiteral("SPEC")},
        {QStringLiteral("sweep"),
         QStringLiteral("Seconds per token over context (log-spaced), one column per strategy.")},
        {QStringLiteral("from"), QStringLiteral("First context of --sweep (default 1k)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("to"), QStringLiteral("Last context of --sweep (default 10M)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("points"), QStringLiteral("Contexts in --sweep (default 32)."),
         QStringLiteral("N")},
        {QStringLiteral("json"), QStringLiteral("One JSON object in SI base units.")},
    });
    if (parseCommand(p, args, out))
        return 0;
    const Scenario s = scenarioFromOptions(p);
    const ByteUnits units = unitsFromOptions(p);
    const QList<KvStrategy> strategies = strategiesFromOptions(p, s.model);

    if (p.isSet(QStringLiteral("sweep"))) {
        const QList<qint64> contexts = contextsFromOptions(p, 32);
        QList<QList<QPointF>> curves;
        out << "context";
        for (const KvStrategy &k : strategies) {
            out << '\t' << k.label();
            curves << sweepStrategy(s, k, StrategyQuantity::SecondsPerToken, contexts);
        }
        out << '\n';
        for (qsizetype i = 0; i < contexts.size(); ++i) {
            out << contexts.at(i);
            for (const QList<QPointF> &c : curves)
                out << '\t' << QString::number(c.at(i).y(), 'g', 12);
            out << '\n';
        }
        return 0;
    }

    QList<StrategyResult> results;
    for (const KvStrategy &k : strategies)
        results << evaluateStrategy(s, k);
    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray rows;
        for (qsizetype i = 1; i < results.size(); ++i)
            rows.append(resultJson(strategies.at(i), results.at(i)));
        out << QJsonDocument(QJsonObject{
                                 {QStringLiteral("scenario"), scenarioSummaryJson(s)},
                                 {QStringLiteral("baseline"),
                                  resultJson(strategies.first(), results.first())},
                                 {QStringLiteral("strategies"), rows},
                             })
                   .toJson(QJsonDocument::Indented);
        return 0;
    }

    out << shownText(s.model.name) << ", " << formatInteger(s.context) << " tokens, batch "
        << s.batch << ", " << s.gpus << " × " << shownText(s.gpu.name) << ", KV "
        << s.kvPrecision.label() << "\n\n";
    const QStringList header = {QStringLiteral("strategy"),   QStringLiteral("KV held"),
                                QStringLiteral("GPUs"),       QStringLiteral("KV read/step"),
                                QStringLiteral("time/token"), QStringLiteral("vs full"),
                                QStringLiteral("kept/layer")};
    QList<QStringList> table{header};
    const double full = results.first().secondsPerToken;
    for (const StrategyResult &r : results)
        table << QStringList{r.name,
                             formatBytes(r.heldBytes, units),
                             QString::number(r.gpusToFit),
                             formatBytes(r.readBytesPerStep, units),
                             formatSeconds(r.secondsPerToken),
                             formatNumber(full / r.secondsPerToken) + u"×",
                             formatInteger(r.tokensHeldPerLayer)};
    QList<qsizetype> widths(header.size(), 0);
    for (const QStringList &row : table)
        for (qsizetype c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], row.at(c).size());
    for (const QStringList &row : table) {
        QString line = row.first().leftJustified(widths.first());
        for (qsizetype c = 1; c < row.size(); ++c)
            line += QStringLiteral("  ") + row.at(c).rightJustified(widths[c]);
        out << line << '\n';
    }
    for (qsizetype i = 0; i < results.size(); ++i) {
        const KvStrategy &k = strategies.at(i);
        out << '\n' << results.at(i).name;
        if (!k.isBaseline() && results.at(i).spec != results.at(i).name)
            out << " (" << results.at(i).spec << ')';
        out << "\n  " << results.at(i).lossNote << '\n';
        if (!k.citation.isEmpty())
            out << "  " << k.citation << '\n';
    }
    return 0;
}

} // namespace kvl::cli
