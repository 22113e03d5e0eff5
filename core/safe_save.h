#pragma once

#include <QByteArray>
#include <QString>

class QSaveFile;

namespace kvl {

// Commits a QSaveFile only when all `expectedBytes` reached the disk. QSaveFile::commit() alone
// can report success after a short write (a full disk, a file-size limit), leaving a truncated
// file; this flushes and compares the size on disk first. On failure the old file stays, no
// temporary is left, and *error names the path and the reason ("No space left on device").
bool commitSaveFile(QSaveFile &file, qint64 expectedBytes, QString *error);

// Opens `file` for writing unless its path names something other than a regular file (a device
// node, a FIFO, a symlink to one): the commit's rename would replace that node with a file.
bool openSaveFile(QSaveFile &file, QString *error);

// Writes `data` to `path` atomically through QSaveFile and commitSaveFile.
bool saveFileAtomically(const QString &path, const QByteArray &data, QString *error);

} // namespace kvl
