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

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <functional>

#include <sys/stat.h>

using namespace kvl;

namespace {
using Reader = std::function<bool(const QString &path, QString *error)>;

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
};

QTEST_GUILESS_MAIN(TestRegularFiles)
#include "tst_regular_files.moc"
