#pragma once

#include <QByteArrayView>
#include <QFile>
#include <QString>

namespace kvl {

// A file memory-mapped read-only with QFile::map: the OS pages it in as it is read, so files of
// several GB are streamed, never loaded whole. Unmapped when destroyed.
class MappedFile
{
public:
    // false and *error ("name: reason") when the file cannot be opened or mapped.
    bool open(const QString &path, QString *error);
    QByteArrayView bytes() const { return m_bytes; }

private:
    QFile m_file;
    QByteArrayView m_bytes;
};

} // namespace kvl
