#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "json_number.h"
#include "ledger_json.h"
#include "scenario_options.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace kvl::cli {

int runPrefill(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("Time to prefill a prompt on top of a cached context: max of compute and "
                       "memory floors, in chunks of max_num_batched_tokens."));
    addScenarioOptions(p);
    addMaxBatchedTokensOption(p);
    p.addOptions({
        {QStringLiteral("prompt"),
         QStringLiteral("New tokens to prefill, on top of --context cached ones (default 0)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("json"), QStringLiteral("One JSON object in SI base units.")},
    });
    if (parseCommand(p, args, out))
        return 0;
    if (!p.isSet(QStringLiteral("prompt")))
        throw UsageError{QStringLiteral("--prompt: missing; how many tokens to prefill")};
    const qint64 prompt = tokenOption(p, QStringLiteral("prompt"), 1, limits::maxContext);
    Scenario s = scenarioFromOptions(p);
    // The cached context is the scenario's, 0 unless --context gives it.
    const qint64 cached = p.isSet(QStringLiteral("context")) ? s.context : 0;
    if (cached + prompt > limits::maxContext)
        throw UsageError{QStringLiteral("--prompt: %1 on top of --context %2 passes %3 tokens")
                             .arg(formatInteger(prompt), formatInteger(cached),
                                  formatInteger(limits::maxContext))};
    const qint64 chunk = maxBatchedTokensFromOptions(p);
    const Prefill r = prefill(s, prompt, cached, chunk);
    const QString bound = r.computeBound ? QStringLiteral("compute") : QStringLiteral("memory");

    if (p.isSet(QStringLiteral("json"))) {
        s.context = cached;
        const QJsonObject j{
            {QStringLiteral("scenario"), scenarioSummaryJson(s)},
            {QStringLiteral("prompt_tokens"), jsonNumber(double(prompt))},
            {QStringLiteral("cached_tokens"), jsonNumber(double(cached))},
            {QStringLiteral("max_batched_tokens"), jsonNumber(double(chunk))},
            {QStringLiteral("chunks"), jsonNumber(double(r.chunks))},
            {QStringLiteral("flops"), jsonNumber(r.flops)},
            {QStringLiteral("bytes"), jsonNumber(r.bytes)},
            {QStringLiteral("compute_seconds"), r.computeSeconds},
            {QStringLiteral("memory_seconds"), r.memorySeconds},
            {QStringLiteral("prefill_seconds"), r.seconds},
            {QStringLiteral("bound"), bound},
        };
        out << QJsonDocument(j).toJson(QJsonDocument::Indented);
        return 0;
    }
    const ByteUnits units = unitsFromOptions(p);
    out << shownText(s.model.name) << " on " << s.gpus << " × " << shownText(s.gpu.name)
        << ": prefill of " << formatInteger(prompt) << " tokens on top of " << formatInteger(cached)
        << " cached, " << r.chunks << (r.chunks == 1 ? " chunk" : " chunks") << " of up to "
        << formatInteger(chunk) << "\n\n"
        << "Time to prefill   " << formatSeconds(r.seconds) << " (" << bound << "-bound)\n"
        << "Compute           " << formatSeconds(r.computeSeconds) << ": "
        << formatNumber(r.flops, 4) << " FLOP at compute efficiency "
        << formatNumber(s.computeEfficiency, 3) << '\n'
        << "Memory            " << formatSeconds(r.memorySeconds) << ": "
        << formatBytes(r.bytes, units) << " at efficiency " << formatNumber(s.efficiency, 3)
        << '\n';
    return 0;
}

} // namespace kvl::cli
