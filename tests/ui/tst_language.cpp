// Languages at run time: every tab retranslated after a switch (and back), numbers typed in the
// reader's notation, and the sentences core composes coming out translated.
#include "attention_mass.h"
#include "chart_label.h"
#include "controls_panel.h"
#include "kv_strategy.h"
#include "language.h"
#include "ledger_chart.h"
#include "ledger_text.h"
#include "main_window.h"
#include "mass_panel.h"
#include "mass_table_model.h"
#include "presets.h"
#include "roofline.h"
#include "scenario_controller.h"
#include "scenario_file.h"
#include "slider_field.h"
#include "strategy_presets.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QActionGroup>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsScene>
#include <QGroupBox>
#include <QHeaderView>
#include <QJsonObject>
#include <QLabel>
#include <QLegendMarker>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QTextDocumentFragment>
#include <QUndoStack>
#include <QXmlStreamReader>

using namespace kvl;
using namespace Qt::StringLiterals;

namespace {

// Lower-case words of `text`; specs ("recency:layers=32,blocks=4096") and file names are
// machine notation and stay as they are in every language.
QStringList words(QString text)
{
    static const QRegularExpression spec(QStringLiteral(R"([\w.-]+[:=][^\s]*)"));
    // What the system says about its devices comes as it is ("host", the CUDA runtime's errors,
    // the gpu/ layer's "built without CUDA": plain C++ without Qt, so without translations).
    static const QRegularExpression system(
        QStringLiteral(R"(\bhost\b|no CUDA driver.*|built without CUDA.*|(?:^|\s)/\S+)"));
    // What vLLM itself prints (its version, its refusals) is quoted as it prints it.
    static const QRegularExpression engine(QStringLiteral(R"(vLLM: “[^”]*”)"));
    text.remove(engine);
    // Unit symbols read the same in both languages.
    static const QRegularExpression units(QStringLiteral(R"(\d\s*min\b)"));
    text.remove(units);
    text.remove(system);
    text.remove(spec);
    QStringList out;
    QString word;
    const QString padded = text + u' ';
    for (const QChar c : padded) {
        if (c.isLetter()) {
            word += c.toLower();
        } else {
            if (word.size() >= 2)
                out << word;
            word.clear();
        }
    }
    return out;
}

// Words only the English sources use, and words only the Portuguese translations use, as the
// translation file has them: whatever the sources and translations share (KV, GPU, tokens,
// model names) is allowed in either language.
struct Vocabulary
{
    QSet<QString> english;
    QSet<QString> portuguese;
};

Vocabulary vocabulary()
{
    QFile file(QStringLiteral(KVL_TS_FILE));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", KVL_TS_FILE);
    QSet<QString> sources, translations;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == u"source")
            for (const QString &w : words(xml.readElementText()))
                sources << w;
        else if (xml.name() == u"translation")
            for (const QString &w :
                 words(xml.readElementText(QXmlStreamReader::IncludeChildElements)))
                translations << w; // plural forms included
    }
    if (xml.hasError())
        qFatal("%s: %s at line %lld", KVL_TS_FILE, qPrintable(xml.errorString()), xml.lineNumber());
    return {sources - translations, translations - sources};
}

QString plain(const QString &text)
{
    return Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
}

void addModel(QStringList &out, const QAbstractItemModel *m, bool verticalHeader)
{
    if (!m)
        return;
    for (int c = 0; c < m->columnCount(); ++c)
        out << m->headerData(c, Qt::Horizontal).toString();
    for (int r = 0; r < m->rowCount(); ++r) {
        if (verticalHeader)
            out << m->headerData(r, Qt::Vertical).toString();
        for (int c = 0; c < m->columnCount(); ++c)
            out << m->data(m->index(r, c)).toString();
    }
}

void addChart(QStringList &out, const QChart *chart)
{
    out << chart->title();
    for (const QAbstractAxis *a : chart->axes())
        out << a->titleText();
    for (const QLegendMarker *marker : chart->legend()->markers())
        if (marker->isVisible())
            out << marker->label();
    for (const QGraphicsItem *item : chart->scene()->items())
        if (const auto *label = dynamic_cast<const ChartLabel *>(item); label && label->isVisible())
            out << label->text();
}

// What a person sees in `window` now: labels, buttons, group boxes, tabs, combo boxes, spin
// boxes, tables, charts, menus and dock titles. Tooltips are left out.
QStringList visibleTexts(QMainWindow *window)
{
    QStringList out;
    for (QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisibleTo(window))
            continue;
        if (const auto *l = qobject_cast<QLabel *>(w))
            out << plain(l->text());
        else if (const auto *b = qobject_cast<QAbstractButton *>(w))
            out << b->text();
        else if (const auto *t = qobject_cast<QTabBar *>(w))
            for (int i = 0; i < t->count(); ++i)
                out << t->tabText(i);
        else if (const auto *c = qobject_cast<QComboBox *>(w))
            out << c->currentText();
        else if (const auto *s = qobject_cast<QAbstractSpinBox *>(w))
            out << s->text();
        else if (const auto *v = qobject_cast<QAbstractItemView *>(w);
                 v && !qobject_cast<const QHeaderView *>(w))
            addModel(out, v->model(), false);
        else if (const auto *chart = qobject_cast<QChartView *>(w))
            addChart(out, chart->chart());
        if (const auto *g = qobject_cast<QGroupBox *>(w))
            out << g->title();
        if (const auto *d = qobject_cast<QDockWidget *>(w))
            out << d->windowTitle();
    }
    for (const QMenu *menu : window->menuBar()->findChildren<QMenu *>()) {
        out << menu->title();
        for (const QAction *a : menu->actions())
            out << a->text();
    }
    return out;
}

// Each text with a word of `foreign`, with that word.
QStringList offenders(const QStringList &texts, const QSet<QString> &foreign)
{
    QStringList out;
    for (const QString &t : texts)
        for (const QString &w : words(t))
            if (foreign.contains(w)) {
                out << QStringLiteral("%1 in \"%2\"").arg(w, t.left(160));
                break;
            }
    out.removeDuplicates();
    return out;
}

} // namespace

class TestLanguage : public QObject
{
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    Vocabulary m_vocabulary;

    // Every tab shown in turn (hidden pages catch up when shown), its texts collected.
    QStringList textsOfEveryTab()
    {
        auto *tabs = m_window->findChild<QTabWidget *>();
        QStringList texts;
        for (int i = 0; i < tabs->count(); ++i) {
            tabs->setCurrentIndex(i);
            if (auto *mass = m_window->findChild<MassPanel *>())
                (void)QTest::qWaitFor([mass] { return !mass->isRunning(); });
            QTest::qWait(50);
            texts << visibleTexts(m_window.get());
        }
        tabs->setCurrentIndex(0);
        return texts;
    }
    SliderField *context() { return m_window->controls()->field(QStringLiteral("context")); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_vocabulary = vocabulary();
        // The vocabularies must be real for the walk below to mean anything.
        QVERIFY(m_vocabulary.english.contains(QStringLiteral("the")));
        QVERIFY(m_vocabulary.portuguese.contains(QStringLiteral("não")));
    }
    void init()
    {
        language::apply(QStringLiteral("en"));
        m_window = std::make_unique<MainWindow>();
        m_window->setQuietErrors(true);
        m_window->controller()->replace(Scenario::seed(), QString());
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup()
    {
        m_window.reset();
        language::apply(QStringLiteral("en"));
    }

    // English, then Portuguese at run time: no English word left on any tab; then back.
    void everyTabRetranslates()
    {
        // An edit, so the Edit menu names an undo step.
        context()->spinBox()->selectAll();
        QTest::keyClicks(context()->spinBox(), "64k");
        QTest::keyClick(context()->spinBox(), Qt::Key_Return);
        QVERIFY(offenders(textsOfEveryTab(), m_vocabulary.portuguese).isEmpty());

        m_window->setLanguage(QStringLiteral("pt_BR"));
        QCoreApplication::processEvents();
        const QStringList english = offenders(textsOfEveryTab(), m_vocabulary.english);
        if (!english.isEmpty())
            QFAIL(qPrintable(u"English left after the switch:\n"_s + english.join(u'\n')));

        m_window->setLanguage(QStringLiteral("en"));
        QCoreApplication::processEvents();
        const QStringList portuguese = offenders(textsOfEveryTab(), m_vocabulary.portuguese);
        if (!portuguese.isEmpty())
            QFAIL(
                qPrintable(u"Portuguese left after switching back:\n"_s + portuguese.join(u'\n')));
    }

    void undoTextFollowsTheLanguage()
    {
        m_window->controller()->undoStack()->clear();
        context()->spinBox()->selectAll();
        QTest::keyClicks(context()->spinBox(), "64k");
        QTest::keyClick(context()->spinBox(), Qt::Key_Return);
        auto *undo = m_window->findChild<QAction *>(QStringLiteral("undo"));
        QCOMPARE(undo->text(), QStringLiteral("&Undo Context length"));
        m_window->setLanguage(QStringLiteral("pt_BR"));
        QTRY_COMPARE(undo->text(), QStringLiteral("&Desfazer Tamanho do contexto"));
        m_window->setLanguage(QStringLiteral("en"));
        QTRY_COMPARE(undo->text(), QStringLiteral("&Undo Context length"));
    }

    void menuChecksTheLanguageInEffect_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addRow("pt_BR") << "pt_BR";
        QTest::addRow("en") << "en";
        QTest::addRow("system") << "";
    }
    void menuChecksTheLanguageInEffect()
    {
        QFETCH(QString, code);
        const auto checked = [this] {
            for (QActionGroup *g : m_window->findChildren<QActionGroup *>())
                if (g->actions().size() == 3 && g->checkedAction())
                    for (QAction *a : g->actions())
                        if (a->data().toString() == u"pt_BR")
                            return g->checkedAction()->data().toString();
            return QStringLiteral("none");
        };
        // As --language does it: applied before the window is made.
        m_window.reset();
        language::apply(code);
        m_window = std::make_unique<MainWindow>();
        QCOMPARE(checked(), code);
        // And after a switch.
        const QString other = code == u"pt_BR" ? QStringLiteral("en") : QStringLiteral("pt_BR");
        m_window->setLanguage(other);
        QCOMPARE(checked(), other);
    }

    // "%n" messages take their count's plural form in either language, an unknown language's too
    // (it falls back to English).
    void pluralForms_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("expected");
        QTest::addRow("en, 1") << "en" << 1 << "Host memory, 1 thread; last-level cache 32 MiB.";
        QTest::addRow("en, 2") << "en" << 2 << "Host memory, 2 threads; last-level cache 32 MiB.";
        QTest::addRow("unknown, 2")
            << "xx" << 2 << "Host memory, 2 threads; last-level cache 32 MiB.";
        QTest::addRow("pt_BR, 1") << "pt_BR" << 1
                                  << "Memória do host, 1 thread; cache de último nível 32 MiB.";
        QTest::addRow("pt_BR, 2") << "pt_BR" << 2
                                  << "Memória do host, 2 threads; cache de último nível 32 MiB.";
    }
    void pluralForms()
    {
        QFETCH(QString, code);
        QFETCH(int, count);
        QFETCH(QString, expected);
        language::apply(code);
        QCOMPARE(QCoreApplication::translate("kvl::GpuPanel",
                                             "Host memory, %n thread(s); last-level cache %1.",
                                             nullptr, count)
                     .arg(QStringLiteral("32 MiB")),
                 expected);
    }

    // The context field reads numbers as the reader writes them.
    void contextEntry_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("tokens"); // 0: refused
        QTest::addRow("pt_BR grouped") << "pt_BR"
                                       << "128.000" << 128'000;
        QTest::addRow("pt_BR decimal comma") << "pt_BR"
                                             << "1,5M" << 1'500'000;
        QTest::addRow("pt_BR million") << "pt_BR"
                                       << "1.000.000" << 1'000'000;
        QTest::addRow("pt_BR suffix") << "pt_BR"
                                      << "128k" << 128'000;
        // One parser for every field and flag: a decimal mark reads where it can only be one.
        QTest::addRow("pt_BR English decimal point") << "pt_BR"
                                                     << "1.5M" << 1'500'000;
        QTest::addRow("pt_BR ambiguous") << "pt_BR"
                                         << "1.500k" << 0;
        QTest::addRow("pt_BR bad grouping") << "pt_BR"
                                            << "12.34" << 0;
        QTest::addRow("en grouped") << "en"
                                    << "128,000" << 128'000;
        QTest::addRow("en decimal point") << "en"
                                          << "1.5M" << 1'500'000;
        QTest::addRow("en Portuguese decimal comma") << "en"
                                                     << "1,5M" << 1'500'000;
        QTest::addRow("en ambiguous") << "en"
                                      << "1,500k" << 0;
        QTest::addRow("en words") << "en"
                                  << "lots" << 0;
        QTest::addRow("en too large") << "en"
                                      << "200M" << 0;
    }
    void contextEntry()
    {
        QFETCH(QString, code);
        QFETCH(QString, typed);
        QFETCH(int, tokens);
        m_window->setLanguage(code);
        QCoreApplication::processEvents();
        const qint64 before = m_window->controller()->scenario().context;
        MappedSpinBox *spin = context()->spinBox();
        spin->selectAll();
        QTest::keyClicks(spin, typed);
        QTest::keyClick(spin, Qt::Key_Return);
        if (tokens > 0) {
            QCOMPARE(m_window->controller()->scenario().context, qint64(tokens));
            QVERIFY(context()->errorText().isEmpty());
            QCOMPARE(spin->text(), QLocale(code).toString(tokens));
        } else {
            QCOMPARE(m_window->controller()->scenario().context, before);
            QVERIFY2(!context()->errorText().isEmpty(), "refused without a reason");
            QVERIFY(context()->errorText().contains(typed) ||
                    context()->errorText().contains(u"100"));
        }
    }

    // Plain spin boxes (the GPU panel's buffer) follow the language's notation too.
    void gpuBufferEntry_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("mib");
        QTest::addRow("pt_BR grouped") << "pt_BR"
                                       << "4.096" << 4096;
        QTest::addRow("pt_BR plain") << "pt_BR"
                                     << "2048" << 2048;
        QTest::addRow("en grouped") << "en"
                                    << "4,096" << 4096;
    }
    void gpuBufferEntry()
    {
        QFETCH(QString, code);
        QFETCH(QString, typed);
        QFETCH(int, mib);
        m_window->setLanguage(code);
        QCoreApplication::processEvents();
        auto *box = m_window->findChild<QSpinBox *>(QStringLiteral("bufferMiB"));
        QVERIFY(box);
        QCOMPARE(box->locale(), QLocale(code));
        box->selectAll();
        QTest::keyClicks(box, typed);
        QTest::keyClick(box, Qt::Key_Return);
        QCOMPARE(box->value(), mib);
    }

    // The field's text follows a switch: "1.000.000" in Portuguese, "1,000,000" in English.
    void contextTextFollowsTheLanguage()
    {
        m_window->controller()->edit(QStringLiteral("x"),
                                     [](Scenario &s) { s.context = 1'000'000; });
        QCOMPARE(context()->spinBox()->text(), QStringLiteral("1,000,000"));
        m_window->setLanguage(QStringLiteral("pt_BR"));
        QTRY_COMPARE(context()->spinBox()->text(), QStringLiteral("1.000.000"));
    }

    void ledgerNotesFollowTheLanguage()
    {
        // A ledger's notes are worded when read: one worked out in English reads in Portuguese
        // after a switch, with no new evaluation.
        const Ledger l = evaluate(Scenario::seed());
        QVERIFY2(l.planNote().contains(u"splits the weights and the 8 KV heads"),
                 qPrintable(l.planNote()));
        QVERIFY2(l.tpNote().contains(u"GPUs hold the bytes"), qPrintable(l.tpNote()));
        language::apply(QStringLiteral("pt_BR"));
        QVERIFY2(l.planNote().contains(u"divide os pesos e as 8 cabeças KV"),
                 qPrintable(l.planNote()));
        QVERIFY2(l.tpNote().contains(u"GPUs comportam os bytes"), qPrintable(l.tpNote()));
        language::apply(QStringLiteral("en"));
        QVERIFY2(l.planNote().contains(u"splits the weights"), qPrintable(l.planNote()));
    }

    // Sentences composed in core, in Portuguese once the translator is in.
    void coreTextIsTranslated_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("portuguese");
        QTest::addRow("strategy note") << "note"
                                       << "Each layer keeps"
                                       << "Cada camada mantém";
        QTest::addRow("preset citation") << "citation"
                                         << "rolling window"
                                         << "janela deslizante";
        QTest::addRow("roofline point") << "roofline"
                                        << "Decode attention"
                                        << "Atenção na decodificação";
        QTest::addRow("roofline formula") << "formula"
                                          << "2 / 0.5625"
                                          << "2 / 0,5625";
        QTest::addRow("mass verdict") << "verdict"
                                      << "concentrated"
                                      << "concentrada";
        QTest::addRow("mass savings") << "projection"
                                      << "would cut KV reads"
                                      << "leituras de KV";
        QTest::addRow("precision label") << "precision"
                                         << "(g32, 4.5 bits)"
                                         << "(g32, 4,5 bits)";
        QTest::addRow("bits per element") << "ledger"
                                          << "4.5 bits"
                                          << "4,5 bits";
        QTest::addRow("scenario file error") << "scenario file"
                                             << "not valid JSON at byte"
                                             << "JSON inválido no byte";
        QTest::addRow("preset field error") << "preset"
                                            << "layers: expected an integer, got a string"
                                            << "layers: esperava um inteiro, veio um texto";
    }
    void coreTextIsTranslated()
    {
        QFETCH(QString, what);
        QFETCH(QString, english);
        QFETCH(QString, portuguese);
        const auto text = [&what] {
            Scenario s = Scenario::seed();
            s.kvPrecision = *Precision::parse(QStringLiteral("int4:g32")); // 4.5 bits
            if (what == u"note")
                return evaluateStrategy(s, *KvStrategy::parse(QStringLiteral("h2o"))).lossNote;
            if (what == u"citation")
                return strategyPreset(QStringLiteral("streamingllm"))->citation;
            if (what == u"roofline")
                return roofline(s).points.first().label;
            if (what == u"formula")
                return roofline(s).points.first().formula;
            if (what == u"precision")
                return s.kvPrecision.label();
            QString why;
            if (what == u"scenario file")
                return readScenario("{", &why) ? QString() : why;
            if (what == u"preset")
                return modelFromJson(QJsonObject{{QStringLiteral("layers"), QStringLiteral("80")}},
                                     &why)
                           ? QString()
                           : why;
            if (what == u"verdict")
                return MassTableModel::verdictName(MassVerdict::Concentrated);
            if (what == u"ledger") {
                QString all;
                for (const LedgerRow &r : ledgerRows(s, evaluate(s), ByteUnits::SI))
                    all += r.note + u'\n';
                return all;
            }
            MassReport r;
            MassStats layer;
            layer.blocks = 100;
            layer.blocksFor99 = 10;
            layer.totalMass = 1;
            r.layers << layer;
            return projectReads(s, r).text();
        };
        QVERIFY2(text().contains(english), qPrintable(text()));
        language::apply(QStringLiteral("pt_BR"));
        QVERIFY2(text().contains(portuguese), qPrintable(text()));
        language::apply(QStringLiteral("en"));
        QVERIFY2(text().contains(english), qPrintable(text()));
    }
};

QTEST_MAIN(TestLanguage)
#include "tst_language.moc"
