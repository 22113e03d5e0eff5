#pragma once

#include <QByteArray>
#include <QString>

class QSaveFile;

namespace kvl {

// Commits a QSaveFile only when all `expectedBytes` reached the disk. QSaveFile::commit() alone
// can report success after a short write (a full disk, a file-size limit), leaving a truncated
// file, and ignores a failed sync (an I/O error); this flushes, compares the size on disk and
// syncs (fdatasync) first. On failure the old file stays, no temporary is left, and *error names
// the path (shownPath) and the reason ("No space left on device", "Input/output error").
bool commitSaveFile(QSaveFile &file, qint64 expectedBytes, QString *error);

// Opens `file` for writing unless its path names something other than a regular file (a device
// node, a FIFO, a symlink to one): the commit's rename would replace that node with a file.
bool openSaveFile(QSaveFile &file, QString *error);

// Writes `data` to `path` atomically through QSaveFile and commitSaveFile; every save of the
// project comes here. A name with bytes that are not UTF-8 (nativePathText) is written under
// those bytes.
bool saveFileAtomically(const QString &path, const QByteArray &data, QString *error);

} // namespace kvl
