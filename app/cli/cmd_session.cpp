#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "json_number.h"
#include "ledger_json.h"
#include "scenario_options.h"
#include "session.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kvl::cli {

int runSession(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        QStringLiteral("An agent's session: turns that each append input, prefill it and answer "
                       "--response tokens; time and cost per turn and in all."));
    addScenarioOptions(p);
    addMaxBatchedTokensOption(p);
    p.addOptions({
        {QStringLiteral("turns"), QStringLiteral("Turns in the session (at least 1)."),
         QStringLiteral("N")},
        {QStringLiteral("turn-input"),
         QStringLiteral("Tokens each turn appends before answering (default 0)."),
         QStringLiteral("TOKENS")},
        {QStringLiteral("prefix-cache"),
         QStringLiteral("on (default): prefill only the new tokens; off: re-prefill the whole "
                        "context every turn."),
         QStringLiteral("on|off")},
        {QStringLiteral("json"), QStringLiteral("One JSON object in SI base units and USD.")},
    });
    if (parseCommand(p, args, out))
        return 0;
    if (!p.isSet(QStringLiteral("turns")))
        throw UsageError{QStringLiteral("--turns: missing; how many turns the session has")};
    SessionOptions o;
    o.turns = intOption(p, QStringLiteral("turns"), 1, SessionOptions::maxTurns);
    if (p.isSet(QStringLiteral("turn-input")))
        o.turnInput = tokenOption(p, QStringLiteral("turn-input"), 0, limits::maxContext);
    if (p.isSet(QStringLiteral("prefix-cache"))) {
        const QString v = p.value(QStringLiteral("prefix-cache"));
        if (v != u"on" && v != u"off")
            throw UsageError{
                QStringLiteral("--prefix-cache: \"%1\" is not on or off").arg(shownInput(v))};
        o.prefixCache = v == u"on";
    }
    o.maxBatchedTokens = maxBatchedTokensFromOptions(p);
    Scenario s = scenarioFromOptions(p);
    // The session starts at --context (default 0) and answers --response tokens a turn.
    o.startContext = p.isSet(QStringLiteral("context")) ? s.context : 0;
    o.response = s.responseTokens;
    if (const QString e = o.validate(); !e.isEmpty())
        throw UsageError{QStringLiteral("--context, --turns, --turn-input, --response: ") + e};
    s.context = o.startContext;
    const Session r = simulateSession(s, o);

    if (p.isSet(QStringLiteral("json"))) {
        QJsonArray turns;
        for (const SessionTurn &t : r.turns)
            turns.append(QJsonObject{{QStringLiteral("context"), jsonNumber(double(t.context))},
                                     {QStringLiteral("prefill_seconds"), t.prefillSeconds},
                                     {QStringLiteral("decode_seconds"), t.decodeSeconds},
                                     {QStringLiteral("cost"), t.cost}});
        const QJsonObject j{
            {QStringLiteral("scenario"), scenarioSummaryJson(s)},
            {QStringLiteral("turn_input"), jsonNumber(double(o.turnInput))},
            {QStringLiteral("response_tokens"), jsonNumber(double(o.response))},
            {QStringLiteral("prefix_cache"), o.prefixCache},
            {QStringLiteral("max_batched_tokens"), jsonNumber(double(o.maxBatchedTokens))},
            {QStringLiteral("session_seconds"), r.seconds},
            {QStringLiteral("prefill_seconds"), r.prefillSeconds},
            {QStringLiteral("decode_seconds"), r.decodeSeconds},
            {QStringLiteral("session_cost"), r.cost},
            {QStringLiteral("first_turn_not_fitting"),
             r.firstTurnNotFitting > 0 ? QJsonValue(r.firstTurnNotFitting) : QJsonValue()},
            {QStringLiteral("turns"), turns},
        };
        out << QJsonDocument(j).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << shownText(s.model.name) << " on " << s.gpus << " × " << shownText(s.gpu.name) << " at $"
        << formatNumber(s.gpuHourPrice, 4) << " per GPU-hour, prefix cache "
        << (o.prefixCache ? "on" : "off") << ": " << o.turns << " turns of "
        << formatInteger(o.turnInput) << " tokens in, " << formatInteger(o.response)
        << " out, from " << formatInteger(o.startContext) << " tokens\n\n";
    out << QStringLiteral("turn").rightJustified(6) << QStringLiteral("context").rightJustified(14)
        << QStringLiteral("prefill").rightJustified(12)
        << QStringLiteral("decode").rightJustified(12) << QStringLiteral("cost").rightJustified(12)
        << '\n';
    for (qsizetype i = 0; i < r.turns.size(); ++i) {
        const SessionTurn &t = r.turns.at(i);
        out << QString::number(i + 1).rightJustified(6)
            << formatInteger(t.context).rightJustified(14)
            << formatSeconds(t.prefillSeconds).rightJustified(12)
            << formatSeconds(t.decodeSeconds).rightJustified(12)
            << QString(u'$' + formatNumber(t.cost, 3)).rightJustified(12) << '\n';
    }
    out << "\nSession  " << formatSeconds(r.seconds) << " (prefill "
        << formatSeconds(r.prefillSeconds) << ", decode " << formatSeconds(r.decodeSeconds)
        << "), $" << formatNumber(r.cost, 4) << '\n';
    if (r.firstTurnNotFitting > 0)
        out << "From turn " << r.firstTurnNotFitting << " the context no longer fits " << s.gpus
            << " × " << shownText(s.gpu.name) << '\n';
    return 0;
}

} // namespace kvl::cli
