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
int runProbe(const QStringList &args, QTextStream &out);

// Parses `args` with `p` (adding --help); returns true when help was printed.
bool parseCommand(QCommandLineParser &p, const QStringList &args, QTextStream &out);

} // namespace kvl::cli
