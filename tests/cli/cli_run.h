#pragma once

// Runs the kvledger-cli binary under test (KVL_CLI) and captures what it printed.
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace kvl::test {

struct CliRun
{
    int exit = -1; // -2: crashed; -1: did not finish
    QString out;
    QString err;
};

// Starts `program` in `p` (set up as the caller needs: environment, redirections) and waits.
inline CliRun runProcess(QProcess &p, const QString &program, const QStringList &args)
{
    p.start(program, args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

inline CliRun runCli(const QStringList &args)
{
    QProcess p;
    return runProcess(p, QStringLiteral(KVL_CLI), args);
}

inline QJsonObject cliJson(const QStringList &args)
{
    return QJsonDocument::fromJson(runCli(args).out.toUtf8()).object();
}

} // namespace kvl::test
