#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>
#include <QStringView>

namespace kvl {

// A file name is bytes. Qt 6 reads them as UTF-8 and turns a byte that is not UTF-8 into U+FFFD,
// which names another file: "out\xff.csv" would be written as "out\uFFFD.csv" and not found when
// read. These keep such a byte (0x80-0xFF) as the lone surrogate U+DC00 + byte (as Python's
// surrogateescape does) and give it back on the way out. Valid UTF-8 reads as Qt reads
// it. shownPath() writes a kept byte as \xNN.
QString nativePathText(QByteArrayView bytes);
QByteArray nativePathBytes(QStringView path);
// False when Qt's own file functions would not reach `path`: it holds a byte kept as above.
bool qtCanName(QStringView path);

} // namespace kvl
