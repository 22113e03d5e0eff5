#pragma once

#include <QIODevice>
#include <QString>

class QFile;

namespace kvl {

// What `path` is when it exists and is not a regular file (after following symlinks): "a FIFO
// (named pipe)", "a character device", "a block device", "a socket", "a directory". Empty for a
// regular file or a path that does not exist. Reading a FIFO blocks until a writer comes; saving
// onto a device node through a rename would replace the node. Both are refused by this test.
QString notRegularFile(const QString &path);

// Opens `file` (its fileName()) read-only if it is a regular file; otherwise sets *error to
// "PATH: REASON" (the path as shownPath() says it) and returns false without blocking. A name
// with bytes that are not UTF-8 (nativePathText) is opened by those bytes; the file then has no
// fileName().
bool openRegularFile(QFile &file, QString *error);
// Opens `path` read-only (with `mode` added) into `file`, by its bytes when Qt could not name it;
// false and *reason (the system's words) otherwise. No check that it is a regular file.
bool openNativeFile(QFile &file, const QString &path, QIODevice::OpenMode mode, QString *reason);

} // namespace kvl
