#pragma once

#include <QByteArrayView>
#include <QString>
#include <QStringView>

namespace kvl {

// Text from the input as an error message may quote it: control characters (an escape sequence
// would reach the terminal), bidirectional overrides and other invisible format characters are
// written as \n, \t, \xNN or \u{NNNN}, and anything past `maxChars` is cut, saying how much.
QString shownInput(QStringView text, qsizetype maxChars = 60);
// UTF-8 input; only the start is decoded (a 1 MB field costs nothing).
QString shownInput(QByteArrayView utf8, qsizetype maxChars = 60);

} // namespace kvl
