#include "mapped_file.h"

#include "file_text.h"
#include "regular_file.h"

#include <QFileInfo>

namespace kvl {

bool MappedFile::open(const QString &path, QString *error)
{
    const QString name = QFileInfo(path).fileName();
    m_file.setFileName(path);
    if (const QString what = notRegularFile(path); !what.isEmpty()) {
        *error = FileText::tr("%1: %2, not a file; not read").arg(name, what);
        return false;
    }
    if (!m_file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("%1: %2").arg(name, m_file.errorString());
        return false;
    }
    const qint64 size = m_file.size();
    if (size == 0) {
        m_bytes = {};
        return true; // an empty file: the reader says so
    }
    const uchar *map = m_file.map(0, size);
    if (!map) {
        *error = FileText::tr("%1: cannot be mapped (%2)").arg(name, m_file.errorString());
        return false;
    }
    m_bytes = QByteArrayView(reinterpret_cast<const char *>(map), size);
    return true;
}

} // namespace kvl
