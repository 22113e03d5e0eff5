#include "safe_save.h"

#include "file_text.h"
#include "regular_file.h"

#include <QDir>
#include <QSaveFile>

namespace kvl {

static bool fail(QSaveFile &file, const QString &reason, QString *error)
{
    if (error)
        *error = QStringLiteral("%1: %2").arg(file.fileName(), reason);
    file.cancelWriting();
    file.commit(); // removes the temporary file
    return false;
}

bool commitSaveFile(QSaveFile &file, QString *error)
{
    const qint64 written = file.pos();
    if (file.error() != QFileDevice::NoError)
        return fail(file, file.errorString(), error);
    if (!file.flush() || file.size() != written)
        return fail(file,
                    FileText::tr("only part of the data was written (disk full or file too large)"),
                    error);
    if (!file.commit()) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(file.fileName(), file.errorString());
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
    return commitSaveFile(file, error);
}

} // namespace kvl
