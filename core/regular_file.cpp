#include "regular_file.h"

#include "file_text.h"
#include <QDir>
#include <QFile>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace kvl {

QString notRegularFile(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {}; // absent (or unreachable: open() will say why)
    if (S_ISREG(st.st_mode))
        return {};
    if (S_ISFIFO(st.st_mode))
        return FileText::tr("a FIFO (named pipe)");
    if (S_ISCHR(st.st_mode))
        return FileText::tr("a character device");
    if (S_ISBLK(st.st_mode))
        return FileText::tr("a block device");
    if (S_ISSOCK(st.st_mode))
        return FileText::tr("a socket");
    if (S_ISDIR(st.st_mode))
        return FileText::tr("a directory");
    return FileText::tr("not a regular file");
#else
    const QFileInfo info(path);
    return info.exists() && !info.isFile() ? FileText::tr("not a regular file") : QString();
#endif
}

bool openRegularFile(QFile &file, QString *error)
{
    const QString shown = QDir::toNativeSeparators(file.fileName());
    if (const QString what = notRegularFile(file.fileName()); !what.isEmpty()) {
        if (error)
            *error = FileText::tr("%1: %2, not a file; not read").arg(shown, what);
        return false;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(shown, file.errorString());
        return false;
    }
    return true;
}

} // namespace kvl
