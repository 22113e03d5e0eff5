#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "ledger_json.h"
#include "ledger_text.h"
#include "scenario_options.h"

#include <QJsonDocument>

namespace kvl::cli {

// Parses `args` with `p`; --help prints and returns true. Unknown options are usage errors.
bool parseCommand(QCommandLineParser &p, const QStringList &args, QTextStream &out,
                  int maxPositional)
{
    p.addHelpOption();
    QStringList rest = args;
    rest.removeAt(1); // the command name
    if (!p.parse(rest))
        throw UsageError{p.errorText()};
    if (p.isSet(QStringLiteral("help"))) {
        out << p.helpText();
        return true;
    }
    if (p.positionalArguments().size() > maxPositional)
        throw UsageError{QStringLiteral("unexpected argument \"%1\"")
                             .arg(shownInput(p.positionalArguments().at(maxPositional)))};
    return false;
}

int runLedger(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("The KV-cache ledger of one scenario."));
    addScenarioOptions(p);
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object in SI base units.")});
    if (parseCommand(p, args, out))
        return 0;
    const Scenario s = scenarioFromOptions(p);
    const ByteUnits units = unitsFromOptions(p);
    const Ledger l = evaluate(s);
    if (p.isSet(QStringLiteral("json")))
        out << QJsonDocument(ledgerToJson(s, l)).toJson(QJsonDocument::Indented);
    else
        out << ledgerText(s, l, units);
    return 0;
}

} // namespace kvl::cli
