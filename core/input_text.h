#pragma once

#include <QByteArrayView>
#include <QString>
#include <QStringView>

namespace kvl {

// A character shownInput writes out rather than passes: C0 and C1 controls, DEL, and the format
// characters that reorder or hide text (bidirectional overrides and isolates, zero-width marks,
// the BOM).
bool isInvisible(char32_t c);

// Text from the input as an error message may quote it: control characters (an escape sequence
// would reach the terminal), bidirectional overrides and other invisible format characters are
// written as \n, \t, \xNN or \u{NNNN}, and anything past `maxChars` is cut, saying how much.
QString shownInput(QStringView text, qsizetype maxChars = 60);
// UTF-8 input; only the start is decoded (a 1 MB field costs nothing).
QString shownInput(QByteArrayView utf8, qsizetype maxChars = 60);

// Text from a file or a flag that an output prints whole (a model's or a GPU's name, a note):
// escaped as shownInput escapes it, never cut, so that it can neither drive the terminal nor
// start a line of its own.
QString shownText(QStringView text);

// A file's path as a message names it: native separators, escaped as shownInput escapes input (a
// byte that was not UTF-8 as \xNN), and past `maxChars` characters cut in the middle, keeping
// its start and its end, the file's name: "/home/ana/…/runs/attention.npy". Every message that
// names a path says it through this.
QString shownPath(const QString &path, qsizetype maxChars = 80);

} // namespace kvl
