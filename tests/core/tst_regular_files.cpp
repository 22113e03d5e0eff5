// Readers and writers meet only regular files: a FIFO would block a read until a writer comes,
// and a save's rename would replace a FIFO or a device node with a file. Tests use FIFOs (and
// symlinks to them) in a temporary folder, never real device files.
#include "attention_mass.h"
#include "hf_config.h"
#include "presets.h"
#include "regular_file.h"
#include "safe_save.h"
#include "scenario.h"
#include "scenario_file.h"

#include "native_path.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cerrno>
#include <cstring>
#include <functional>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace kvl;

// A disk whose sync fails (EIO), in this process only: the test's own fdatasync stands before the
// C library's for the saves linked in here, and for Qt's.
namespace {
bool g_failSync = false;
} // namespace

extern "C" int fdatasync(int fd)
{
    if (g_failSync) {
        errno = EIO;
        return -1;
    }
    return int(::syscall(SYS_fdatasync, fd));
}

namespace {
using Reader = std::function<bool(const QString &path, QString *error)>;

// Names in `dir` by their bytes (QDir would list a name that is not UTF-8 under another).
QList<QByteArray> entries(const QString &dir)
{
    QList<QByteArray> out;
    if (DIR *d = ::opendir(QFile::encodeName(dir).constData())) {
        while (const dirent *e = ::readdir(d))
            if (qstrcmp(e->d_name, ".") != 0 && qstrcmp(e->d_name, "..") != 0)
                out << QByteArray(e->d_name);
        ::closedir(d);
    }
    return out;
}

bool isFifo(const QString &path)
{
    struct stat st
    {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISFIFO(st.st_mode);
}
} // namespace

class TestRegularFiles : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_fifo, m_link, m_folder;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_fifo = m_dir.filePath(QStringLiteral("pipe"));
        QCOMPARE(::mkfifo(QFile::encodeName(m_fifo).constData(), 0600), 0);
        m_link = m_dir.filePath(QStringLiteral("link-to-pipe"));
        QVERIFY(QFile::link(m_fifo, m_link));
        m_folder = m_dir.filePath(QStringLiteral("folder"));
        QVERIFY(QDir().mkpath(m_folder));
    }

    void whatIsNotAFile_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        QTest::addRow("FIFO") << m_fifo << QStringLiteral("a FIFO (named pipe)");
        QTest::addRow("symlink to a FIFO") << m_link << QStringLiteral("a FIFO (named pipe)");
        QTest::addRow("directory") << m_folder << QStringLiteral("a directory");
        QTest::addRow("absent") << m_dir.filePath(QStringLiteral("none")) << QString();
    }
    void whatIsNotAFile()
    {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        QCOMPARE(notRegularFile(path), expected);
    }

    // Each reader answers at once with the reason, instead of waiting for a writer.
    void readersRefuseFifos_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<Reader>("read");
        const QList<std::pair<const char *, Reader>> readers = {
            {"scenario", [](const QString &p, QString *e) { return bool(loadScenarioFile(p, e)); }},
            {"config.json",
             [](const QString &p, QString *e) { return bool(importHfConfigFile(p, e)); }},
            {"attention mass",
             [](const QString &p, QString *e) { return bool(analyzeMassFile(p, {}, e)); }},
        };
        for (const auto &[name, read] : readers) {
            QTest::addRow("%s from a FIFO", name) << m_fifo << read;
            QTest::addRow("%s from a symlink to a FIFO", name) << m_link << read;
        }
    }
    void readersRefuseFifos()
    {
        QFETCH(QString, target);
        QFETCH(Reader, read);
        QElapsedTimer timer;
        timer.start();
        QString error;
        QVERIFY(!read(target, &error));
        QVERIFY2(error.contains(QStringLiteral("FIFO")), qPrintable(error));
        QVERIFY(timer.elapsed() < 5000); // a blocked open would never return
    }

    void userPresetFifoIsReported()
    {
        const QString models = m_dir.filePath(QStringLiteral("presets/models"));
        QVERIFY(QDir().mkpath(models));
        const QString fifo = models + QStringLiteral("/broken.json");
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const PresetLibrary library =
            PresetLibrary::load({m_dir.filePath(QStringLiteral("presets"))});
        QVERIFY2(library.errors().join(u'\n').contains(QStringLiteral("FIFO")),
                 qPrintable(library.errors().join(u'\n')));
    }

    void savesLeaveFifosAlone_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addRow("FIFO") << m_fifo;
        QTest::addRow("symlink to a FIFO") << m_link;
        QTest::addRow("directory") << m_folder;
    }
    void savesLeaveFifosAlone()
    {
        QFETCH(QString, target);
        QString error;
        QVERIFY(!saveFileAtomically(target, "data", &error));
        QVERIFY2(error.contains(QStringLiteral("left as it is")), qPrintable(error));
        QVERIFY(!saveScenarioFile(Scenario::seed(), target, &error));
        QVERIFY(isFifo(m_fifo));
        QVERIFY(QFileInfo(m_link).isSymLink());
        QVERIFY(QFileInfo(m_folder).isDir());
    }

    // A failed sync is a failed save: said, the old file kept, no temporary left.
    void failedSyncKeepsOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("scenario.kvledger"));
        QString error;
        QVERIFY(saveFileAtomically(path, "old", &error));
        g_failSync = true;
        const bool saved = saveFileAtomically(path, "new and longer", &error);
        g_failSync = false;
        QVERIFY(!saved);
        QVERIFY2(error.endsWith(QString::fromLocal8Bit(std::strerror(EIO))), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("scenario.kvledger: ")), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("old"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("scenario.kvledger")});
    }

    // A name that is not UTF-8 keeps its bytes: written under them, read back by them.
    void namesThatAreNotUtf8()
    {
        QTemporaryDir dir;
        const QByteArray bytes = QFile::encodeName(dir.path()) + "/out\xff.kvledger";
        const QString path = nativePathText(bytes);
        QVERIFY(!qtCanName(path));
        QCOMPARE(nativePathBytes(path), bytes);
        QString error;
        QVERIFY2(saveScenarioFile(Scenario::seed(), path, &error), qPrintable(error));
        struct stat st
        {
        };
        QCOMPARE(::stat(bytes.constData(), &st), 0); // the very bytes, not out\uFFFD
        QCOMPARE(entries(dir.path()), QList<QByteArray>{"out\xff.kvledger"});
        const auto back = loadScenarioFile(path, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->context, Scenario::seed().context);
        // Saved again: replaced in place, the old bytes gone.
        Scenario other = Scenario::seed();
        other.context = 4096;
        QVERIFY2(saveScenarioFile(other, path, &error), qPrintable(error));
        QCOMPARE(loadScenarioFile(path, &error)->context, qint64(4096));
        QCOMPARE(entries(dir.path()), QList<QByteArray>{"out\xff.kvledger"});
        // Missing, it is named with the byte as it is: \xff.
        QVERIFY(!loadScenarioFile(
            nativePathText(QByteArray(QFile::encodeName(dir.path()) + "/none\xfe")), &error));
        QVERIFY2(error.contains(QStringLiteral("none\\xfe")), qPrintable(error));
        // Refused as a FIFO by its bytes too.
        const QByteArray fifo = QFile::encodeName(dir.path()) + "/pipe\xff";
        QCOMPARE(::mkfifo(fifo.constData(), 0600), 0);
        QVERIFY(!saveFileAtomically(nativePathText(fifo), "data", &error));
        QVERIFY2(error.contains(QStringLiteral("FIFO")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestRegularFiles)
#include "tst_regular_files.moc"
