#pragma once

#include <QString>

class QFile;

namespace kvl {

// What `path` is when it exists and is not a regular file (after following symlinks): "a FIFO
// (named pipe)", "a character device", "a block device", "a socket", "a directory". Empty for a
// regular file or a path that does not exist. Reading a FIFO blocks until a writer comes; saving
// onto a device node through a rename would replace the node. Both are refused by this test.
QString notRegularFile(const QString &path);

// Opens `file` (its fileName()) read-only if it is a regular file; otherwise sets *error to
// "PATH: REASON" and returns false without blocking.
bool openRegularFile(QFile &file, QString *error);

} // namespace kvl
