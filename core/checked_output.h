#pragma once

#include <QIODevice>
#include <QString>

namespace kvl {

// A file descriptor (standard output) as a QIODevice whose every write is checked: a write that
// fails or stops short (a full disk, a file-size limit, a closed descriptor, a reader gone with
// SIGPIPE ignored) is kept as problem(), and nothing more is written after it. finish() closes
// the descriptor and checks that too (a delayed error of a network file system). What writes
// through it writes text or bytes; the command's caller then says problem() in one line and
// exits non-zero.
class CheckedOutput : public QIODevice
{
public:
    // `name` names the output in problem(): "standard output". With `escapeControls`, a
    // character that would drive a terminal or reorder what it shows (C0 controls other than
    // newline and tab, DEL, C1, bidirectional overrides and isolates, zero-width marks, the BOM)
    // is written as \uXXXX: readable in text, and the same character in JSON, where it can only
    // stand inside a string. The outputs escape user text themselves (shownText); this is the
    // net under what they miss.
    CheckedOutput(int fd, QString name, bool escapeControls = false);
    ~CheckedOutput() override;

    // Standard input, output and error that were closed at start (">&-") are held on a read-only
    // /dev/null, so that no file the process opens takes their numbers and receives the output;
    // a write there then fails as for a closed descriptor. Call first thing in main().
    static void holdClosedStandardStreams();

    // Empty while every byte went out; else "standard output: No space left on device".
    QString problem() const { return m_problem; }
    // Closes the descriptor; true when everything written reached it.
    bool finish();

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *data, qint64 size) override;

private:
    void failed(int error);

    int m_fd;
    QString m_name;
    bool m_escape;
    QString m_problem;
    bool m_finished = false;
};

} // namespace kvl
