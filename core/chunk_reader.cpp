#include "chunk_reader.h"

#include "file_text.h"
#include "input_text.h"
#include "regular_file.h"
#include "units.h"

#include <QFileInfo>

namespace kvl {

bool ChunkReader::open(const QString &path, QString *error)
{
    const QString name = shownPath(QFileInfo(path).fileName());
    m_path = path;
    if (const QString what = notRegularFile(path); !what.isEmpty()) {
        *error = FileText::tr("%1: %2, not a file; not read").arg(name, what);
        return false;
    }
    // Unbuffered: a chunk goes from the page cache straight into m_buffer.
    QString why;
    if (!openNativeFile(m_file, path, QIODevice::Unbuffered, &why)) {
        *error = QStringLiteral("%1: %2").arg(name, why);
        return false;
    }
    m_size = m_file.size();
    m_position = 0;
    return true;
}

bool ChunkReader::openLike(const ChunkReader &other, QString *error)
{
    if (!other.m_file.isOpen()) {
        m_bytes = other.m_bytes;
        m_size = other.m_size;
        m_position = 0;
        return true;
    }
    // The file's name is the caller's to say, as for a failed read.
    QString why;
    if (!open(other.m_path, &why)) {
        *error = FileText::tr("could not be opened a second time (%1)").arg(why);
        return false;
    }
    if (m_size != other.m_size) {
        *error = FileText::tr("the file changed size while it was read (%1, then %2 bytes)")
                     .arg(formatInteger(other.m_size), formatInteger(m_size));
        return false;
    }
    return true;
}

bool ChunkReader::seek(qint64 position)
{
    if (position < 0 || position > m_size)
        return false;
    if (m_file.isOpen() && !m_file.seek(position)) {
        m_error = m_file.errorString();
        return false;
    }
    m_position = position;
    return true;
}

std::optional<QByteArrayView> ChunkReader::read(qint64 n)
{
    n = std::clamp<qint64>(n, 0, m_size - m_position);
    if (!m_file.isOpen()) {
        const QByteArrayView out = m_bytes.sliced(m_position, n);
        m_position += n;
        return out;
    }
    if (m_buffer.size() < n)
        m_buffer.resize(n);
    const qint64 got = m_file.read(m_buffer.data(), n);
    if (got < 0) {
        m_error = m_file.errorString();
        return std::nullopt;
    }
    if (got < n) {
        m_error = FileText::tr("the file got shorter while it was read (%1 of %2 bytes)")
                      .arg(formatInteger(m_position + got), formatInteger(m_size));
        return std::nullopt;
    }
    m_position += n;
    return QByteArrayView(m_buffer.constData(), n);
}

} // namespace kvl
