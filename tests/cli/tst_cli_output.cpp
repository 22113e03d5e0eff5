// What kvledger-cli writes, and what it says when it cannot: standard output checked to the end,
// one locale, user text escaped, paths in messages escaped and cut, token counts read one way.
#include "cli_run.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <functional>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace {

using Setup = std::function<void()>; // run in the child, before the CLI starts

kvl::test::CliRun runWith(const QStringList &args, const QProcessEnvironment &env,
                          const Setup &setup = {}, const QString &outFile = {})
{
    QProcess p;
    p.setProcessEnvironment(env);
    if (!outFile.isEmpty())
        p.setStandardOutputFile(outFile);
    if (setup)
        p.setChildProcessModifier(setup);
    return kvl::test::runProcess(p, QStringLiteral(KVL_CLI), args);
}

kvl::test::CliRun run(const QStringList &args)
{
    return runWith(args, QProcessEnvironment::systemEnvironment());
}

// Through sh, for arguments that are bytes and not UTF-8: "$1" and "$2" of `script`.
kvl::test::CliRun runShell(const QString &script, const QStringList &args)
{
    QProcess p;
    return kvl::test::runProcess(
        p, QStringLiteral("sh"),
        QStringList{QStringLiteral("-c"), script, QStringLiteral(KVL_CLI)} + args);
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

bool hasControls(const QString &text)
{
    for (const QChar c : text)
        if ((c.unicode() < 0x20 && c != u'\n' && c != u'\t') || c.unicode() == 0x7f ||
            c.unicode() == 0x202e)
            return true;
    return false;
}

} // namespace

class TestCliOutput : public QObject
{
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase()
    {
        // A private runtime folder for the exports' QApplication (it warns on stderr without).
        const QString runtime = m_dir.filePath(QStringLiteral("runtime"));
        QVERIFY(QDir().mkpath(runtime));
        QFile(runtime).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                      QFileDevice::ExeOwner);
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime));
    }

    // Output that did not all arrive is no success: status 1 and one line naming the problem.
    void stdoutFailures_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<QString>("reason");
        QTest::addRow("file-size limit") << "limit" << QString::fromLocal8Bit(strerror(EFBIG));
        QTest::addRow("closed (>&-)") << "closed" << QString::fromLocal8Bit(strerror(EBADF));
        QTest::addRow("reader gone, SIGPIPE ignored")
            << "gone" << QString::fromLocal8Bit(strerror(EPIPE));
    }
    void stdoutFailures()
    {
        QFETCH(QString, how);
        QFETCH(QString, reason);
        const QString file = m_dir.filePath(QStringLiteral("out-%1.txt").arg(how));
        int pipeEnds[2] = {-1, -1};
        if (how == u"gone") {
            QCOMPARE(::pipe(pipeEnds), 0);
            ::close(pipeEnds[0]); // nobody will read
        }
        const Setup setup = [how, pipeEnds] {
            if (how == u"limit") {
                const rlimit limit{512, 512};
                ::setrlimit(RLIMIT_FSIZE, &limit);
            } else if (how == u"closed") {
                ::close(STDOUT_FILENO);
            } else {
                std::signal(SIGPIPE, SIG_IGN);
                ::dup2(pipeEnds[1], STDOUT_FILENO);
            }
        };
        const auto r = runWith({QStringLiteral("ledger")}, QProcessEnvironment::systemEnvironment(),
                               setup, how == u"limit" ? file : QString());
        if (pipeEnds[1] >= 0)
            ::close(pipeEnds[1]);
        QCOMPARE(r.exit, 1);
        QCOMPARE(r.err, QStringLiteral("kvledger-cli: standard output: %1\n").arg(reason));
    }

    // LANG does not reach the CLI's numbers or words: C, whatever the system says.
    void oneLocale()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"LANG", "LC_ALL", "LC_NUMERIC", "LC_MESSAGES"})
            env.insert(QLatin1String(name), QStringLiteral("de_DE.UTF-8"));
        const auto r = runWith({QStringLiteral("ledger")}, env);
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains(QStringLiteral("2 × 80 × 8 × 128 × 2 = 327,680 B")),
                 qPrintable(r.out));
        QVERIFY(!r.out.contains(QStringLiteral("327.680")));
        const auto missing = runWith(
            {QStringLiteral("ledger"), QStringLiteral("--scenario"), m_dir.filePath("none")}, env);
        QVERIFY2(missing.err.contains(QStringLiteral("No such file or directory")),
                 qPrintable(missing.err));
    }

    // A user preset's name is anyone's text: no terminal escape, bell, line break or bidi
    // override reaches the terminal from any text output.
    void userTextEscaped_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("presets") << QStringList{"presets"};
        QTest::addRow("ledger") << QStringList{"ledger", "--model", "evil", "--gpu", "evil-gpu"};
        QTest::addRow("compare") << QStringList{"compare", "--model", "evil", "--vs",
                                                "--gpu evil-gpu --model llama-3.1-8b"};
        QTest::addRow("session") << QStringList{"session",  "--model", "evil", "--gpu",
                                                "evil-gpu", "--turns", "2"};
        QTest::addRow("capacity") << QStringList{"capacity", "--model", "evil", "--gpu",
                                                 "evil-gpu"};
        QTest::addRow("roofline") << QStringList{"roofline", "--gpu", "evil-gpu"};
        QTest::addRow("prefill") << QStringList{"prefill", "--model", "evil", "--prompt", "1k"};
        QTest::addRow("strategies") << QStringList{"strategies", "--model", "evil"};
    }
    void userTextEscaped()
    {
        QFETCH(QStringList, args);
        const QString data = m_dir.filePath(QStringLiteral("evil-data"));
        const QString evil = QStringLiteral("Evil\x1b]0;owned\x07\x1b[2J\nfake line") +
                             QChar(0x202e) + QStringLiteral("lanigiro");
        QJsonObject model{{"id", "evil"},       {"name", evil},
                          {"layers", 2},        {"query_heads", 8},
                          {"kv_heads", 8},      {"head_dim", 64},
                          {"hidden_size", 512}, {"intermediate_size", 1024},
                          {"vocab_size", 1000}};
        writeFile(data + "/kvledger/presets/models/evil.json", QJsonDocument(model).toJson());
        QJsonObject gpu{{"id", "evil-gpu"},
                        {"name", evil},
                        {"memory_bytes", 80e9},
                        {"bandwidth_bytes_per_second", 3.35e12},
                        {"peak_flops", QJsonObject{{"bf16", 989e12}}}};
        writeFile(data + "/kvledger/presets/gpus/evil.json", QJsonDocument(gpu).toJson());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data);
        const auto r = runWith(args, env);
        QVERIFY2(r.exit == 0, qPrintable(r.err));
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QVERIFY2(!hasControls(r.out), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QStringLiteral("\nfake line")), qPrintable(r.out));
        QVERIFY2(
            r.out.contains(QStringLiteral("Evil\\x1b]0;owned\\x07\\x1b[2J\\nfake line\\u{202e}")),
            qPrintable(r.out));
    }

    // A user preset with a built-in's id is refused, and said on stderr by any command.
    void builtInIdSaid()
    {
        const QString data = m_dir.filePath(QStringLiteral("shadow-data"));
        const auto bundled = kvl::test::cliJson({"ledger", "--model", "llama-3.1-8b", "--json"});
        QJsonObject model{{"id", "llama-3.1-8b"}, {"name", "Llama 3.1 8B"},
                          {"layers", 1},          {"query_heads", 32},
                          {"kv_heads", 8},        {"head_dim", 128},
                          {"hidden_size", 4096},  {"intermediate_size", 14336},
                          {"vocab_size", 128256}};
        writeFile(data + "/kvledger/presets/models/llama.json", QJsonDocument(model).toJson());
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data);
        const auto r = runWith({"ledger", "--model", "llama-3.1-8b", "--json"}, env);
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.err.contains(QStringLiteral("kvledger-cli: user preset skipped: ")) &&
                     r.err.contains(QStringLiteral("llama.json: id \"llama-3.1-8b\" is a "
                                                   "built-in preset's")),
                 qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value("kv_bytes_per_token").toInteger(), 131072);
        QCOMPARE(o.value("kv_bytes_per_token"), bundled.value("kv_bytes_per_token"));
    }

    // One reader of token counts for every flag: a decimal comma where it can only be one, and a
    // reason when it refuses.
    void tokenCounts_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value"); // -1: refused
        QTest::addColumn<QString>("message");
        QTest::addRow("context 1,5M") << QStringList{"ledger", "--context", "1,5M", "--json"}
                                      << "kv_bytes" << 327680 * 1.5e6 << "";
        QTest::addRow("context 1,000,000")
            << QStringList{"ledger", "--context", "1,000,000", "--json"} << "kv_bytes"
            << 327680 * 1e6 << "";
        QTest::addRow("turn input 2,5k")
            << QStringList{"session", "--turns", "1", "--turn-input", "2,5k", "--json"}
            << "turn_input" << 2500.0 << "";
        QTest::addRow("context too large")
            << QStringList{"ledger", "--context", "9223372036854775807"} << "" << -1.0
            << "kvledger-cli: --context: \"9223372036854775807\" is too large\n";
        QTest::addRow("context not whole")
            << QStringList{"ledger", "--context", "1.5"} << "" << -1.0
            << "kvledger-cli: --context: \"1.5\" is not a whole number of tokens\n";
        QTest::addRow("context ambiguous")
            << QStringList{"ledger", "--context", "1,500k"} << "" << -1.0
            << "kvledger-cli: --context: \"1,500k\" could be 1500k or 1.5k: write one of them\n";
        QTest::addRow("response in bad groups")
            << QStringList{"ledger", "--response", "1,0000,000"} << "" << -1.0
            << "kvledger-cli: --response: \"1,0000,000\" is not a token count: group digits in "
               "threes (1,000,000) or not at all\n";
    }
    void tokenCounts()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, key);
        QFETCH(double, value);
        QFETCH(QString, message);
        const auto r = run(args);
        if (value < 0) {
            QCOMPARE(r.exit, 2);
            QCOMPARE(r.err, message);
            return;
        }
        QVERIFY2(r.exit == 0, qPrintable(r.err));
        QCOMPARE(QJsonDocument::fromJson(r.out.toUtf8()).object().value(key).toDouble(), value);
    }

    // Scenario B's options: an unclosed quote or a --vs inside --vs would leave B = A.
    void compareOptionsRefused_data()
    {
        QTest::addColumn<QString>("vs");
        QTest::addColumn<QString>("message");
        QTest::addRow("unclosed quote") << "--gpus \"8"
                                        << "has an unclosed quote";
        QTest::addRow("nested --vs") << "--vs \"--gpus 8\""
                                     << "holds another --vs";
        QTest::addRow("nested --vs=") << "--vs=--gpus=8"
                                      << "holds another --vs";
    }
    void compareOptionsRefused()
    {
        QFETCH(QString, vs);
        QFETCH(QString, message);
        const auto r = run({"compare", "--vs", vs});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.startsWith(QStringLiteral("kvledger-cli: --vs: ")) &&
                     r.err.contains(message),
                 qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    // A session's turns are bounded to what is useful, and the bound said.
    void sessionTurnsBounded()
    {
        const auto r = run({"session", "--turns", "1000000"});
        QCOMPARE(r.exit, 2);
        QCOMPARE(r.err, QStringLiteral("kvledger-cli: --turns: \"1000000\" is outside 1-10000\n"));
        QCOMPARE(run({"session", "--turns", "10000", "--json"}).exit, 0);
    }

    // Every option that names a file says its path escaped and cut.
    void pathsInMessages_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        const QString dir = m_dir.filePath(QStringLiteral("no-such-folder"));
        const QString evil = dir + QStringLiteral("/a\x1b]0;owned\x07") + QString(300, u'x') +
                             QStringLiteral("\nfake.json");
        QTest::addRow("--config") << QStringList{"ledger", "--config", evil} << "--config: ";
        QTest::addRow("--scenario") << QStringList{"ledger", "--scenario", evil} << "--scenario: ";
        QTest::addRow("--from-log")
            << QStringList{"capacity", "--from-log", evil} << "--from-log: ";
        QTest::addRow("mass FILE") << QStringList{"mass", evil} << "";
        QTest::addRow("--out") << QStringList{"export", "--chart", "memory", "--format",
                                              "csv",    "--out",   evil}
                               << "--out: ";
        QTest::addRow("--report") << QStringList{"export", "--report", evil + ".pdf"}
                                  << "--report: ";
    }
    void pathsInMessages()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const auto r = run(args);
        QVERIFY2(r.exit != 0, qPrintable(r.out));
        QVERIFY2(r.err.startsWith(QStringLiteral("kvledger-cli: ") + option), qPrintable(r.err));
        QVERIFY2(!hasControls(r.err.chopped(1)), qPrintable(r.err));
        QCOMPARE(r.err.count(u'\n'), 1);
        QVERIFY2(r.err.size() < 300, qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("fake.json")), qPrintable(r.err)); // the end kept
    }

    // A file name that is not UTF-8 is written and read under its own bytes.
    void namesThatAreNotUtf8()
    {
        const QString dir = m_dir.filePath(QStringLiteral("bytes"));
        QVERIFY(QDir().mkpath(dir));
        const auto written = runShell(
            QStringLiteral("exec \"$0\" export --chart memory --format csv --out \"$1/out$(printf "
                           "'\\377').csv\""),
            {dir});
        QVERIFY2(written.exit == 0, qPrintable(written.err));
        QVERIFY(QFile::exists(dir + QStringLiteral("/out") + QChar(0xfffd) + u".csv") == false);
        QVERIFY(::access(QByteArray(QFile::encodeName(dir) + "/out\xff.csv").constData(), R_OK) ==
                0);
        QVERIFY2(written.out.contains(QStringLiteral("out\\xff.csv")), qPrintable(written.out));
        // Read back by its bytes: an attention-mass CSV under the same kind of name.
        QFile::copy(QStringLiteral(KVL_TEST_DATA "/mass/mass.csv"), dir + "/plain.csv");
        QCOMPARE(::rename(QByteArray(QFile::encodeName(dir) + "/plain.csv").constData(),
                          QByteArray(QFile::encodeName(dir) + "/mass\xff.csv").constData()),
                 0);
        const auto read =
            runShell(QStringLiteral("exec \"$0\" mass \"$1/mass$(printf '\\377').csv\""), {dir});
        QVERIFY2(read.exit == 0, qPrintable(read.err));
    }

    // Impossible figures in a pasted vLLM log are refused by the line's name, with status 2.
    void impossibleLogFigures()
    {
        const QString log = m_dir.filePath(QStringLiteral("server.log"));
        writeFile(log, "INFO GPU KV cache size: 99999999999999999999999999 tokens\n"
                       "INFO Maximum concurrency for 8192 tokens per request: 9.26x\n");
        const auto r = run({"capacity", "--model", "llama-3.1-8b", "--from-log", log});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains(QStringLiteral("GPU KV cache size: \"99999999999999999999999999\" "
                                               "is too large")),
                 qPrintable(r.err));
    }

    // Smaller readers: a negative .npy dimension and a missing buffer size say what they are.
    void preciseFileMessages()
    {
        const QString npy = m_dir.filePath(QStringLiteral("negative.npy"));
        QByteArray header("{'descr': '<f4', 'fortran_order': False, 'shape': (-3, 4), }");
        header += QByteArray(64 - 10 - header.size() - 1, ' ') + '\n';
        writeFile(npy, QByteArray("\x93NUMPY\x01\x00", 8) + char(header.size()) + char(0) + header);
        const auto mass = run({"mass", npy});
        QCOMPARE(mass.exit, 2);
        QVERIFY2(mass.err.contains(QStringLiteral("a dimension of -3")), qPrintable(mass.err));

        // The corpus's scenario with a measurement that lacks its buffer size.
        QFile seed(QStringLiteral(KVL_TEST_DATA "/../fuzz/corpus/scenario/"
                                                "doc-view-mass-file.kvledger"));
        QVERIFY(seed.open(QIODevice::ReadOnly));
        QJsonObject doc = QJsonDocument::fromJson(seed.readAll()).object();
        doc.remove("view");
        doc.insert("measured",
                   QJsonObject{{"median_bytes_per_second", 1e12}, {"best_bytes_per_second", 1e12}});
        const QString file = m_dir.filePath(QStringLiteral("measured.kvledger"));
        writeFile(file, QJsonDocument(doc).toJson());
        const auto r = run({"ledger", "--scenario", file});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains(QStringLiteral("buffer_bytes: missing")), qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("-1")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliOutput)
#include "tst_cli_output.moc"
