#pragma once

#include <QCoreApplication>
#include <QString>

namespace kvl {

// What went wrong with a run of kvledger-probe, as a value: worded when it is shown, so that a
// switch of language rewords it.
class ProbeFailure
{
    Q_DECLARE_TR_FUNCTIONS(ProbeFailure)
public:
    enum class Kind
    {
        NotFound,   // program: where KV Ledger looked
        NotStarted, // program, detail: why QProcess could not start it
        Crashed,    // number: the signal; SIGKILL reads as the OOM killer's
        Hung,       // number: seconds without a line of output
        Exited,     // number: the probe's status, detail: what it printed on stderr
        Unreadable, // detail: why, excerpt: the output's start
        UnreadableList,
    };

    Kind kind = Kind::Exited;
    QString program;
    QString detail;
    QString excerpt;
    int number = 0;

    QString text() const;
    static QString signalName(int signal);
};

} // namespace kvl
