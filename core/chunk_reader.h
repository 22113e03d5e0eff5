#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QFile>
#include <QString>
#include <optional>

namespace kvl {

// Bytes read front to back in chunks: a file through one reused buffer, or bytes already in
// memory (no copy). A file is read, not memory-mapped: one cut short while it is read gives a
// short read, reported, where a mapping would kill the process with SIGBUS; and the analyzer's
// memory stays one chunk whatever the file's size.
class ChunkReader
{
public:
    explicit ChunkReader(QByteArrayView bytes = {}) : m_bytes(bytes), m_size(bytes.size()) {}

    // false and *error ("name: reason") when `path` is not a regular file or cannot be opened.
    bool open(const QString &path, QString *error);
    // A second reader of `other`'s bytes or file, at its start, to read another part at once;
    // false and *error when the file cannot be opened again or its size changed.
    bool openLike(const ChunkReader &other, QString *error);
    qint64 size() const { return m_size; } // as when opened
    qint64 position() const { return m_position; }
    bool seek(qint64 position);
    // The next min(n, size() - position()) bytes, valid until the next call; nullopt when the
    // file cannot be read or got shorter since it was opened: error() says so.
    std::optional<QByteArrayView> read(qint64 n);
    QString error() const { return m_error; }

private:
    QFile m_file;
    QString m_path; // m_file has no name when opened by a name's bytes
    QByteArrayView m_bytes;
    QByteArray m_buffer;
    qint64 m_size = 0;
    qint64 m_position = 0;
    QString m_error;
};

} // namespace kvl
