#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "json_number.h"
#include "ledger_json.h"
#include "scenario_compare.h"
#include "scenario_options.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace kvl::cli {

namespace {

void setUp(QCommandLineParser &p)
{
    p.setApplicationDescription(QStringLiteral(
        "Two scenarios side by side: A from the options, B from A's options with --vs's on top; "
        "without --vs, A is the baseline a --scenario file pinned and B its scenario. "
        "Every figure of both ledgers with its change, and for each input that differs what that "
        "change alone does (applied in turn from A towards B)."));
    addScenarioOptions(p);
    p.addOptions({
        {QStringLiteral("vs"),
         QStringLiteral(
             "Scenario B's options, quoted as one argument: --vs \"--kv-precision fp8\"."),
         QStringLiteral("OPTIONS")},
        {QStringLiteral("json"),
         QStringLiteral(
             "{\"a\": ledger, \"b\": ledger, \"ratio\": {key: b/a}, \"changes\": [...]}.")},
    });
}

// b / a for every numeric key the two ledgers share (null where a is 0).
QJsonObject ratios(const QJsonObject &a, const QJsonObject &b)
{
    QJsonObject out;
    for (auto it = a.begin(); it != a.end(); ++it) {
        const QJsonValue vb = b.value(it.key());
        if (!it->isDouble() || !vb.isDouble())
            continue;
        const double x = it->toDouble();
        out.insert(it.key(), x != 0 ? jsonNumber(vb.toDouble() / x) : QJsonValue());
    }
    return out;
}

// --vs's text split as a shell would (double quotes group words). An unclosed quote would take
// the rest as one word, and a --vs inside --vs would be read as B's --vs and dropped, leaving
// B = A: both are refused.
QStringList scenarioBOptions(const QString &text)
{
    if (text.count(u'"') % 2 != 0)
        throw UsageError{
            QStringLiteral("--vs: \"%1\" has an unclosed quote").arg(shownInput(text))};
    QStringList words = QProcess::splitCommand(text);
    for (const QString &w : words)
        if (w == u"--vs" || w.startsWith(u"--vs="))
            throw UsageError{QStringLiteral("--vs: \"%1\" holds another --vs; give scenario B's "
                                            "options once, without --vs")
                                 .arg(shownInput(text))};
    return words;
}

} // namespace

int runCompare(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    setUp(p);
    if (parseCommand(p, args, out))
        return 0;
    Scenario a, b;
    if (!p.isSet(QStringLiteral("vs"))) {
        // A file that pinned a baseline compares with it: A the baseline, B the scenario.
        const std::optional<Scenario> baseline = baselineFromOptions(p);
        if (!baseline)
            throw UsageError{QStringLiteral("--vs: give scenario B's options, for example --vs "
                                            "\"--kv-precision fp8\" (or a --scenario file with a "
                                            "baseline)")};
        a = *baseline;
        b = scenarioFromOptions(p);
    } else {
        a = scenarioFromOptions(p);
        // B: A's arguments, then --vs's (a later value wins).
        const QStringList vs = scenarioBOptions(p.value(QStringLiteral("vs")));
        QCommandLineParser pb;
        setUp(pb);
        try {
            QTextStream none;
            if (parseCommand(pb, args + vs, none))
                throw UsageError{QStringLiteral("--vs: --help is not an option of scenario B")};
            b = scenarioFromOptions(pb);
        } catch (const UsageError &e) {
            throw UsageError{QStringLiteral("--vs: ") + e.message};
        }
    }

    const ByteUnits units = unitsFromOptions(p);
    const Comparison c = compareScenarios(a, b);
    if (p.isSet(QStringLiteral("json"))) {
        const QJsonObject ja = ledgerToJson(a, c.a), jb = ledgerToJson(b, c.b);
        QJsonArray changes;
        for (const InputChange &ch : c.changes)
            changes.append(QJsonObject{{QStringLiteral("input"), scenarioInputKey(ch.input)},
                                       {QStringLiteral("from"), ch.from},
                                       {QStringLiteral("to"), ch.to},
                                       {QStringLiteral("why"), compareSentence(ch, units)}});
        out << QJsonDocument(QJsonObject{{QStringLiteral("a"), ja},
                                         {QStringLiteral("b"), jb},
                                         {QStringLiteral("ratio"), ratios(ja, jb)},
                                         {QStringLiteral("changes"), changes}})
                   .toJson(QJsonDocument::Indented);
        return 0;
    }
    out << QStringLiteral("%1  %2  %3  %4\n")
               .arg(QStringLiteral("quantity").leftJustified(32),
                    QStringLiteral("A").rightJustified(18), QStringLiteral("B").rightJustified(18),
                    QStringLiteral("change"));
    for (const QuantityChange &q : c.quantities) {
        if (!shownInComparison(c, q.quantity))
            continue;
        const QString unit = quantityUnit(q.quantity);
        const auto shown = [&](double v) {
            const QString text = formatNumber(v, 4) + (unit.isEmpty() ? QString() : u' ' + unit);
            return text.rightJustified(18);
        };
        out << QStringLiteral("%1  %2  %3  %4\n")
                   .arg(quantityKey(q.quantity).leftJustified(32), shown(q.a), shown(q.b),
                        changeFactor(q.a, q.b));
    }
    out << '\n';
    if (c.changes.isEmpty())
        out << "The two scenarios are the same.\n";
    for (const InputChange &ch : c.changes)
        out << "- " << compareSentence(ch, units) << '\n';
    return 0;
}

} // namespace kvl::cli
