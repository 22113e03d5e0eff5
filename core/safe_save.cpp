#include "safe_save.h"

#include "file_text.h"
#include "input_text.h"
#include "native_path.h"
#include "regular_file.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>
#include <atomic>
#include <cerrno>
#include <cstring>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/statvfs.h>
#include <unistd.h>
#endif

namespace kvl {

namespace {

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// Why `bytes` did not all reach the file. Qt reports a short write as "Unknown error" (and a
// later write may fail without a word), so the limits that stop a write are checked by name.
QString writeFailure(const QSaveFile &file, qint64 bytes)
{
#ifdef Q_OS_UNIX
    rlimit limit{};
    if (getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
        bytes > qint64(limit.rlim_cur))
        return FileText::tr("%1 (a limit of %2 bytes per file)")
            .arg(systemError(EFBIG))
            .arg(qint64(limit.rlim_cur));
    struct statvfs disk
    {
    };
    const QString dir = QFileInfo(file.fileName()).absolutePath();
    if (statvfs(QFile::encodeName(dir).constData(), &disk) == 0 &&
        double(disk.f_bavail) * double(disk.f_frsize) < double(bytes))
        return systemError(ENOSPC);
#endif
    if (file.error() != QFileDevice::NoError && file.error() != QFileDevice::UnspecifiedError)
        return file.errorString();
    return FileText::tr("only part of the data was written (disk full or file too large)");
}

bool fail(QSaveFile &file, const QString &shown, const QString &reason, QString *error)
{
    if (error)
        *error = QStringLiteral("%1: %2").arg(shown, reason);
    file.cancelWriting();
    file.commit(); // removes the temporary file
    return false;
}

// commitSaveFile, its messages naming `shown`.
bool commitAs(QSaveFile &file, const QString &shown, qint64 expectedBytes, QString *error)
{
    // The size on disk, not pos(): after a failed write pos() may still count the lost bytes or
    // match a truncated file.
    if (file.error() != QFileDevice::NoError || !file.flush() || file.size() != expectedBytes)
        return fail(file, shown, writeFailure(file, expectedBytes), error);
#ifdef Q_OS_UNIX
    // commit() syncs as well but ignores a failure: an I/O error would then be renamed over the
    // old file and reported as saved. EINVAL is a file system that cannot sync at all.
    if (::fdatasync(file.handle()) != 0 && errno != EINVAL)
        return fail(file, shown, systemError(errno), error);
#endif
    if (!file.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(shown, file.errorString());
        return false;
    }
    return true;
}

QString refusal(const QString &shown, const QString &what)
{
    return FileText::tr("%1: %2, not a file; left as it is").arg(shown, what);
}

// A name Qt cannot say (bytes that are not UTF-8, kept by nativePathText): QSaveFile writes and
// commits under a name it can say in the same folder, reached through the folder's descriptor,
// and one rename then puts the file under its own name, replacing the old one at once.
bool saveByBytes(const QString &path, const QByteArray &data, QString *error)
{
    const QString shown = shownPath(path);
#ifdef Q_OS_LINUX
    if (const QString what = notRegularFile(path); !what.isEmpty()) {
        if (error)
            *error = refusal(shown, what);
        return false;
    }
    const QByteArray bytes = nativePathBytes(path);
    const qsizetype slash = bytes.lastIndexOf('/');
    const QByteArray dir = slash < 0 ? QByteArray(".") : slash == 0 ? "/" : bytes.left(slash);
    const QByteArray name = bytes.sliced(slash + 1);
    const int folder = ::open(dir.constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(shown, systemError(errno));
        return false;
    }
    static std::atomic_int serial{0};
    const QByteArray staged = QStringLiteral(".kvledger-save-%1-%2")
                                  .arg(QCoreApplication::applicationPid())
                                  .arg(serial++)
                                  .toUtf8();
    QSaveFile file(QStringLiteral("/proc/self/fd/%1/%2").arg(folder).arg(QLatin1String(staged)));
    bool ok = file.open(QIODevice::WriteOnly);
    if (!ok && error)
        *error = QStringLiteral("%1: %2").arg(shown, file.errorString());
    if (ok) {
        file.write(data);
        ok = commitAs(file, shown, data.size(), error);
    }
    if (ok && ::renameat(folder, staged.constData(), folder, name.constData()) != 0) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(shown, systemError(errno));
        ::unlinkat(folder, staged.constData(), 0);
        ok = false;
    }
    ::close(folder);
    return ok;
#else
    Q_UNUSED(data);
    if (error)
        *error = FileText::tr("%1: the name is not UTF-8; give another").arg(shown);
    return false;
#endif
}

} // namespace

bool commitSaveFile(QSaveFile &file, qint64 expectedBytes, QString *error)
{
    return commitAs(file, shownPath(file.fileName()), expectedBytes, error);
}

bool openSaveFile(QSaveFile &file, QString *error)
{
    const QString shown = shownPath(file.fileName());
    if (const QString what = notRegularFile(file.fileName()); !what.isEmpty()) {
        if (error)
            *error = refusal(shown, what);
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
    if (!qtCanName(path))
        return saveByBytes(path, data, error);
    QSaveFile file(path);
    if (!openSaveFile(file, error))
        return false;
    file.write(data);
    return commitSaveFile(file, data.size(), error);
}

} // namespace kvl
