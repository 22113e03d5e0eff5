#include "safe_save.h"

#include "file_text.h"
#include "regular_file.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <cerrno>
#include <cstring>

#ifdef Q_OS_UNIX
#include <sys/resource.h>
#include <sys/statvfs.h>
#endif

namespace kvl {

namespace {

// Why `bytes` did not all reach the file. Qt reports a short write as "Unknown error" (and a
// later write may fail without a word), so the limits that stop a write are checked by name.
QString writeFailure(const QSaveFile &file, qint64 bytes)
{
#ifdef Q_OS_UNIX
    rlimit limit{};
    if (getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
        bytes > qint64(limit.rlim_cur))
        return FileText::tr("%1 (a limit of %2 bytes per file)")
            .arg(QString::fromLocal8Bit(std::strerror(EFBIG)))
            .arg(qint64(limit.rlim_cur));
    struct statvfs disk
    {
    };
    const QString dir = QFileInfo(file.fileName()).absolutePath();
    if (statvfs(QFile::encodeName(dir).constData(), &disk) == 0 &&
        double(disk.f_bavail) * double(disk.f_frsize) < double(bytes))
        return QString::fromLocal8Bit(std::strerror(ENOSPC));
#endif
    if (file.error() != QFileDevice::NoError && file.error() != QFileDevice::UnspecifiedError)
        return file.errorString();
    return FileText::tr("only part of the data was written (disk full or file too large)");
}

bool fail(QSaveFile &file, const QString &reason, QString *error)
{
    if (error)
        *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(file.fileName()), reason);
    file.cancelWriting();
    file.commit(); // removes the temporary file
    return false;
}

} // namespace

bool commitSaveFile(QSaveFile &file, qint64 expectedBytes, QString *error)
{
    // The size on disk, not pos(): after a failed write pos() may still count the lost bytes or
    // match a truncated file.
    if (file.error() != QFileDevice::NoError || !file.flush() || file.size() != expectedBytes)
        return fail(file, writeFailure(file, expectedBytes), error);
    if (!file.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(file.fileName()),
                                                  file.errorString());
        return false;
    }
    return true;
}

bool openSaveFile(QSaveFile &file, QString *error)
{
    const QString shown = QDir::toNativeSeparators(file.fileName());
    if (const QString what = notRegularFile(file.fileName()); !what.isEmpty()) {
        if (error)
            *error = FileText::tr("%1: %2, not a file; left as it is").arg(shown, what);
        return false;
    }
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(shown, file.errorString());
        return false;
    }
    return true;
}

bool saveFileAtomically(const QString &path, const QByteArray &data, QString *error)
{
    QSaveFile file(path);
    if (!openSaveFile(file, error))
        return false;
    file.write(data);
    return commitSaveFile(file, data.size(), error);
}

} // namespace kvl
