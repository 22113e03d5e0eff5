#include "regular_file.h"

#include "file_text.h"
#include "input_text.h"
#include "native_path.h"
#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <cstring>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace kvl {

QString notRegularFile(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat st
    {
    };
    if (::stat(nativePathBytes(path).constData(), &st) != 0)
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

bool openNativeFile(QFile &file, const QString &path, QIODevice::OpenMode mode, QString *reason)
{
#ifdef Q_OS_UNIX
    if (!qtCanName(path)) {
        // Qt would open the name with U+FFFD in place of the byte: another file.
        const int fd = ::open(nativePathBytes(path).constData(), O_RDONLY | O_CLOEXEC);
        if (fd < 0 || !file.open(fd, mode | QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
            *reason = QString::fromLocal8Bit(std::strerror(fd < 0 ? errno : EBADF));
            if (fd >= 0)
                ::close(fd);
            return false;
        }
        return true;
    }
#endif
    file.setFileName(path);
    if (file.open(mode | QIODevice::ReadOnly))
        return true;
    *reason = file.errorString();
    return false;
}

bool openRegularFile(QFile &file, QString *error)
{
    const QString path = file.fileName();
    if (const QString what = notRegularFile(path); !what.isEmpty()) {
        if (error)
            *error = FileText::tr("%1: %2, not a file; not read").arg(shownPath(path), what);
        return false;
    }
    QString reason;
    if (!openNativeFile(file, path, QIODevice::ReadOnly, &reason)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(shownPath(path), reason);
        return false;
    }
    return true;
}

} // namespace kvl
