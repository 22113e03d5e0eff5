#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

namespace kvl::cli {

// Each command parses its own options from `args` (args[0] is the program, args[1] the command)
// and writes to `out`. Bad input throws UsageError.
int runLedger(const QStringList &args, QTextStream &out);
int runPresets(const QStringList &args, QTextStream &out);
int runSweep(const QStringList &args, QTextStream &out);
int runExport(const QStringList &args, QTextStream &out);
int runStrategies(const QStringList &args, QTextStream &out);
int runRoofline(const QStringList &args, QTextStream &out);
int runMass(const QStringList &args, QTextStream &out);
int runProbe(const QStringList &args, QTextStream &out);
int runCapacity(const QStringList &args, QTextStream &out);
int runPrefill(const QStringList &args, QTextStream &out);
int runSession(const QStringList &args, QTextStream &out);
int runCompare(const QStringList &args, QTextStream &out);
int runValidate(const QStringList &args, QTextStream &out);
int runCalibrate(const QStringList &args, QTextStream &out);

// Parses `args` with `p` (adding --help); returns true when help was printed. More than
// `maxPositional` positional arguments are a usage error.
bool parseCommand(QCommandLineParser &p, const QStringList &args, QTextStream &out,
                  int maxPositional = 0);

} // namespace kvl::cli
