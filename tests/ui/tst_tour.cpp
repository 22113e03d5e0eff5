// The guided tour: its order and content as `kvledger --tour-script` writes them in English and
// Portuguese, and offscreen, every step's tab, highlight and stated figure against what the window
// shows, what it points at and dims; the user's scenario, clean state, tab and units back after
// it; the clicker keys.
#include "controls_panel.h"
#include "decode_step_view.h"
#include "latency_chart.h"
#include "ledger_chart.h"
#include "ledger_view.h"
#include "main_window.h"
#include "mass_charts.h"
#include "mass_panel.h"
#include "mass_table_model.h"
#include "pages.h"
#include "roofline_panel.h"
#include "scenario_controller.h"
#include "strategy_panel.h"
#include "strategy_table_model.h"
#include "test_window.h"
#include "tour.h"
#include "tour_script.h"
#include "view_settings.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace kvl;
using kvl::test::seedWindow;

namespace {

// The step titles in the article's order: what the cache is, its size, GQA, the read and the
// ridge; the million-token ledger; what to do; the end game; measuring.
const QStringList kTitles = {"What the KV cache holds",
                             "Bytes per token",
                             "GQA, the one free factor",
                             "The read that cannot be skipped",
                             "Idle tensor cores",
                             "Hundreds of times below the ridge",
                             "A million tokens",
                             "GPUs just to fit",
                             "95 ms per token, at best",
                             "A whole answer",
                             "Eight GPUs",
                             "fp8: half the bytes",
                             "int4, for the capacity-desperate",
                             "Eviction is a bet",
                             "The safe money",
                             "The end game: reads skipped, memory kept",
                             "The end game ships today",
                             "Measure first"};
const QStringList kTitlesPt = {"O que o KV cache guarda",
                               "Bytes por token",
                               "GQA, o único fator de graça",
                               "A leitura que não dá para pular",
                               "Núcleos tensores ociosos",
                               "Centenas de vezes abaixo do ponto de equilíbrio",
                               "Um milhão de tokens",
                               "GPUs só para caber",
                               "95 ms por token, no melhor caso",
                               "Uma resposta inteira",
                               "Oito GPUs",
                               "fp8: metade dos bytes",
                               "int4, para casos desesperados por capacidade",
                               "Evicção é uma aposta",
                               "O dinheiro seguro",
                               "O jogo final: leituras puladas, memória mantida",
                               "O jogo final já está em produção",
                               "Meça primeiro"};

// The script of one language, run as a user runs it, split into its steps: "## N. Title" and the
// text under it.
QList<std::pair<QString, QString>> scriptSteps(const QString &language)
{
    static QHash<QString, QList<std::pair<QString, QString>>> cache;
    if (cache.contains(language))
        return cache.value(language);
    QTemporaryDir home;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path() + u"/config");
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path() + u"/data");
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), home.path());
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(KVL_GUI),
            {QStringLiteral("--seed"), QStringLiteral("--language"), language,
             QStringLiteral("--tour-script"), QStringLiteral("-")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    const QString script = QString::fromUtf8(p.readAllStandardOutput());
    QList<std::pair<QString, QString>> steps;
    static const QRegularExpression heading(QStringLiteral("^## (\\d+)\\. (.*)$"),
                                            QRegularExpression::MultilineOption);
    auto it = heading.globalMatch(script);
    QList<QRegularExpressionMatch> found;
    while (it.hasNext())
        found << it.next();
    for (qsizetype i = 0; i < found.size(); ++i) {
        const qsizetype end =
            i + 1 < found.size() ? found.at(i + 1).capturedStart() : script.size();
        steps << std::pair{found.at(i).captured(2),
                           script.mid(found.at(i).capturedEnd(), end - found.at(i).capturedEnd())};
    }
    cache.insert(language, steps);
    return steps;
}

} // namespace

class TestTour : public QObject
{
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    ScenarioController *controller() { return m_window->controller(); }
    TourPanel *tour() { return m_window->tour(); }

    static QString modelText(const QAbstractItemModel *m)
    {
        QString out;
        for (int r = 0; r < m->rowCount(); ++r)
            for (int c = 0; c < m->columnCount(); ++c)
                out += m->index(r, c).data().toString() + u'\n';
        return out;
    }
    // Every figure the window shows on the step's tab, ledger included.
    QString shownText(const QString &tab)
    {
        QString out = m_window->ledgerView()->displayedText();
        if (tab == u"roofline")
            out += modelText(m_window->findChild<RooflinePanel *>()->pointTable()->model());
        else if (tab == u"strategies")
            out += modelText(m_window->findChild<StrategyPanel *>()->model());
        else if (tab == u"mass")
            out += modelText(m_window->findChild<MassPanel *>()->model());
        return out;
    }
    // Inside its window and not scrolled out of its page: the chart's title is not all we see.
    static bool wholeInView(QWidget *w)
    {
        for (QWidget *p = w->parentWidget(); p; p = p->parentWidget()) {
            auto *area = qobject_cast<QScrollArea *>(p);
            if (!area || !area->widget() || !area->widget()->isAncestorOf(w))
                continue;
            const QRect r(w->mapTo(area->viewport(), QPoint(0, 0)), w->size());
            const QRect view = area->viewport()->rect();
            // Whole when it fits; else it starts at the top of the view.
            if (r.height() <= view.height() ? !view.contains(r) : r.top() != 0)
                return false;
        }
        return true;
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        m_window = seedWindow({1600, 1000});
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    // The script a speaker reads, in each language: every step in the article's order, with the
    // figures and the words the article uses (cost-model.md §10, as the window formats them).
    void scriptFollowsTheArticle_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("step");
        QTest::addColumn<QString>("title");
        QTest::addColumn<QStringList>("says");
        struct Row
        {
            int step;
            QStringList en, pt;
        };
        const QList<Row> rows = {
            {1,
             {"**1,000,000**", "> 1. The new token's query.", "kept", "recomputes"},
             {"**1.000.000**", "> 1. A query do novo token.", "recalcul"}},
            {2,
             {"**320 KiB**", "2 × 80 × 8 × 128 × 2 = 327,680 B", "“320 KB”"},
             {"**320 KiB**", "2 × 80 × 8 × 128 × 2 = 327.680 B", "“320 KB”"}},
            {3,
             {"**2,621,440 B**", "“≈2.6 MB”", "**8×**", "No other factor comes this free"},
             {"**2.621.440 B**", "“≈2,6 MB”", "**8×**", "de graça"}},
            {4,
             {"**327.7 GB**", "computed from the read itself", "one part in a million"},
             {"**327,7 GB**", "própria leitura", "uma parte em um milhão"}},
            {5, {"**295 FLOP/B**", "“about 300”"}, {"**295 FLOP/B**", "“cerca de 300”"}},
            {6,
             {"**36.9×**", "**295×**", "“hundreds of times”", "memory-bound"},
             {"**36,9×**", "**295×**", "“centenas de vezes”", "limitada por memória"}},
            {7,
             {"**327.7 GB**", "327.68 GB", "“order of 320 GB”"},
             {"**327,7 GB**", "327,68 GB", "“na ordem de 320 GB”"}},
            {8,
             {"**6**", "**8**", "**141.1 GB**", "“~140 GB”", "before a single concurrent request",
              "red banner"},
             {"**6**", "**8**", "**141,1 GB**", "“~140 GB”", "requisições concorrentes",
              "faixa vermelha"}},
            {9,
             {"**97.8 ms**", "95.5 ms", "**10.2**", "theoretical best case", "**140 ms**"},
             {"**97,8 ms**", "95,5 ms", "**10,2**", "melhor caso teórico", "**140 ms**"}},
            {10, {"**97.9 s**", "“~95 seconds”"}, {"**97,9 s**", "“~95 segundos”"}},
            {11,
             {"**12.2 ms**", "**40.96 GB**", "**327.7 GB**", "“~12 ms”"},
             {"**12,2 ms**", "**40,96 GB**", "**327,7 GB**", "“~12 ms”"}},
            {12,
             {"**160 KiB**", "**1.54×**", "one-line change", "vLLM", "TensorRT-LLM",
              "little quality cost"},
             {"**160 KiB**", "**1,54×**", "mudança de uma linha", "vLLM", "TensorRT-LLM",
              "pouco impacto de qualidade"}},
            {13,
             {"**92,160 B**", "**3.56×**", "81,920 B", "measuring recall"},
             {"**92.160 B**", "**3,56×**", "81.920 B", "recall"}},
            {14,
             {"**65.54 GB**", "**671.1 MB**", "999,968", "IDs"},
             {"**65,54 GB**", "**671,1 MB**", "999.968", "IDs"}},
            {15,
             {"**169.2 GB**", "**4**", "**163.8 GB**", "stale regions", "int4 is not"},
             {"**169,2 GB**", "**4**", "**163,8 GB**", "regiões obsoletas", "int4 não"}},
            {16,
             {"**20.98 GB**", "**348.2 GB**", "**7**", "saves reads, not memory"},
             {"**20,98 GB**", "**348,2 GB**", "**7**", "economiza leituras, não memória"}},
            // DeepSeek-V3.2 at a million tokens: 61 layers × (576 × 2 B latent + 132 B index key)
            // = 78,324 B per token, 78.324 GB held; a step reads every index key (61 × 132 B ×
            // 1,000,000 = 8.052 GB) and 2,048 latents per layer (61 × 2,048 × 1,152 B =
            // 143.9 MB): 8,195,917,056 B, 8.196 GB. Dense attention would read every latent:
            // 61 × 1,152 B × 1,000,000 = 70.272 GB, 70.272 / 8.196 = 8.57× more.
            {17,
             {"**8.196 GB**", "**78.32 GB**", "**8.57×**", "70.27 GB", "DeepSeek-V3.2",
              "2,048 latents", "saves reads, not memory"},
             {"**8,196 GB**", "**78,32 GB**", "**8,57×**", "70,27 GB", "DeepSeek-V3.2",
              "2.048 latents", "economiza leituras, não memória"}},
            {18,
             {"**6 of 8**", "**76.4%**", "**1%**",
              "replay a sample of your production "
              "conversations offline",
              "Synthetic"},
             {"**6 de 8**", "**76,4%**", "**1%**",
              "reexecute uma amostra das conversas de "
              "produção offline",
              "Sintético"}},
        };
        for (const Row &r : rows) {
            QTest::addRow("en %d", r.step) << "en" << r.step << kTitles.at(r.step - 1) << r.en;
            QTest::addRow("pt_BR %d", r.step)
                << "pt_BR" << r.step << kTitlesPt.at(r.step - 1) << r.pt;
        }
    }
    void scriptFollowsTheArticle()
    {
        QFETCH(QString, language);
        QFETCH(int, step);
        QFETCH(QString, title);
        QFETCH(QStringList, says);
        const auto steps = scriptSteps(language);
        QCOMPARE(steps.size(), kTitles.size());
        QCOMPARE(steps.at(step - 1).first, title);
        const QString &text = steps.at(step - 1).second;
        for (const QString &s : says)
            QVERIFY2(text.contains(s), qPrintable(s + u"\n---\n" + text));
        // The safe money keeps int4 off its figures; nothing English left in Portuguese.
        if (step == 15)
            QVERIFY(!text.mid(text.indexOf(QStringLiteral("\n- "))).contains(u"int4"));
        if (language == u"pt_BR")
            for (const char *english : {" the ", " of ", "per token", "Synthetic"})
                QVERIFY2(!text.contains(QLatin1String(english)), english);
    }

    void stepsAsData()
    {
        const QList<TourStep> steps = seedTourSteps();
        QStringList titles, ids;
        for (const TourStep &t : steps) {
            titles << t.title;
            QVERIFY2(!ids.contains(t.id), qPrintable(t.id));
            ids << t.id;
        }
        QCOMPARE(titles, kTitles);
        QStringList tabs;
        for (const TourStep &t : steps)
            if (tabs.isEmpty() || tabs.last() != t.tab)
                tabs << t.tab;
        // The ridge comes with "the expensive read", before the million-token ledger.
        QCOMPARE(tabs, (QStringList{"cost", "roofline", "cost", "strategies", "mass"}));
    }

    void stepShowsItsFigure_data()
    {
        QTest::addColumn<int>("step");
        const QList<TourStep> steps = seedTourSteps();
        for (int i = 0; i < steps.size(); ++i)
            QTest::addRow("%d %s", i + 1, qPrintable(steps.at(i).id)) << i;
    }
    void stepShowsItsFigure()
    {
        QFETCH(int, step);
        m_window->startTour();
        tour()->goTo(step);
        const TourStep &t = tour()->stepAt(step);
        QCOMPARE(tour()->step(), step);
        QCOMPARE(m_window->views()->currentIndex(), pageIds().indexOf(t.tab));
        QCOMPARE(m_window->ledgerView()->highlighted(), t.ledgerKey);
        QCOMPARE(m_window->ledgerView()->units(), t.units);
        Scenario s = Scenario::seed();
        t.apply(s);
        QCOMPARE(controller()->scenario(), s);

        // The text is core's for that scenario, and its figure is on screen.
        const TourText composed = t.compose(s, evaluate(s));
        QCOMPARE(tour()->text(), composed.text);
        QCOMPARE(tour()->figure(), composed.figure);
        QVERIFY(!tour()->figure().isEmpty());
        QVERIFY2(tour()->text().contains(tour()->figure()), qPrintable(tour()->text()));
        QTRY_VERIFY2(shownText(t.tab).contains(tour()->figure()), qPrintable(tour()->figure()));
        QCOMPARE(tour()->picture()->isVisible(), t.decodePicture);

        // Exactly the step's chart is framed, in view, and the others are veiled.
        for (LedgerChart *c : m_window->allCharts()) {
            QCOMPARE(c->property("tourHighlight").toBool(), c->id() == t.chartId);
            QCOMPARE(bool(c->findChild<QWidget *>(QStringLiteral("tourVeil"))),
                     c->id() != t.chartId);
        }
        LedgerChart *chart = m_window->chart(t.chartId);
        QVERIFY(chart);
        QTRY_VERIFY(chart->isVisible());
        QTRY_VERIFY2(wholeInView(chart), qPrintable(t.chartId));
        const QImage image = chart->grab().toImage();
        QCOMPARE(image.pixelColor(1, image.height() / 2),
                 m_window->palette().color(QPalette::Highlight));
    }

    // What each step points at inside its views.
    void stepPointsAtWhatItSays()
    {
        auto *latency = qobject_cast<LatencyChart *>(m_window->chart(QStringLiteral("latency")));
        auto *panel = m_window->findChild<StrategyPanel *>();
        auto *banner =
            m_window->ledgerView()->findChild<QWidget *>(QStringLiteral("deploymentWarning"));
        QVERIFY(latency && panel && banner);
        m_window->startTour();
        for (int i = 0; i < tour()->stepCount(); ++i) {
            const TourStep &t = tour()->stepAt(i);
            tour()->goTo(i);
            QApplication::processEvents();
            // The "cannot run" banner only where the text explains it.
            QCOMPARE(banner->isVisibleTo(m_window->ledgerView()), t.fitWarning);
            QCOMPARE(latency->kvOnlyMark(), t.kvOnlyMark);
            if (t.id == u"95ms")
                QCOMPARE(latency->markText(), QStringLiteral("97.8 ms: the KV read alone"));
            if (t.id == u"fp8")
                QVERIFY2(
                    !m_window->chart(QStringLiteral("precision"))->headline().contains(u"int4"),
                    qPrintable(m_window->chart(QStringLiteral("precision"))->headline()));
            // Strategy steps show their first strategy in the editor, never fp8 by default.
            if (!t.strategies.isEmpty())
                QCOMPARE(panel->currentRow(), panel->rowOf(t.strategies.first()));
            // The full cache alone: the heading names no strategy faster than it.
            if (t.fullCacheOnly)
                QVERIFY2(!m_window->chart(QStringLiteral("strategies"))
                              ->headline()
                              .contains(u"Full cache"),
                         qPrintable(m_window->chart(QStringLiteral("strategies"))->headline()));
        }
        tour()->stop();
        QVERIFY(banner->isVisibleTo(m_window->ledgerView())); // the seed cannot run on 1 GPU
        QVERIFY(!latency->kvOnlyMark());
    }

    // The measuring step's flat layers: their 1% is written above their bars.
    void flatLayersAreVisible()
    {
        m_window->startTour();
        tour()->goTo(tour()->stepCount() - 1);
        auto *top = qobject_cast<MassTopChart *>(m_window->chart(QStringLiteral("mass-top")));
        QVERIFY(top);
        QTRY_COMPARE(top->barLabels().size(), 8);
        QCOMPARE(top->barLabels().count(QStringLiteral("1%")), 2);
        QVERIFY(top->barLabels().contains(QStringLiteral("76.4%")));
    }

    void strategyStepsCheckTheirRows()
    {
        auto *panel = m_window->findChild<StrategyPanel *>();
        m_window->startTour();
        for (int i = 0; i < tour()->stepCount(); ++i) {
            const QStringList ids = tour()->stepAt(i).strategies;
            if (ids.isEmpty() && !tour()->stepAt(i).fullCacheOnly)
                continue;
            tour()->goTo(i);
            QList<int> rows;
            for (const QString &id : ids)
                rows << panel->rowOf(id);
            QVERIFY(!rows.contains(-1));
            for (int r = 0; r < panel->strategyCount(); ++r)
                QCOMPARE(panel->isChecked(r), rows.contains(r));
        }
        // The safe money is drawn: its row's results are on the chart's page.
        tour()->goTo(14);
        QVERIFY(modelText(panel->model()).contains(tour()->figure()));
        QVERIFY(!panel->isChecked(panel->rowOf(QStringLiteral("int4"))));
    }

    void exitRestoresTheUsersWork_data()
    {
        QTest::addColumn<bool>("byKey"); // Esc, or the Close path through stop()
        QTest::addRow("Esc") << true;
        QTest::addRow("stop") << false;
    }
    void exitRestoresTheUsersWork()
    {
        QFETCH(bool, byKey);
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        controller()->edit(QStringLiteral("gpus"), [](Scenario &s) { s.gpus = 2; });
        controller()->edit(QStringLiteral("context"), [](Scenario &s) { s.context = 32768; });
        controller()->undoStack()->setClean();
        controller()->edit(QStringLiteral("batch"), [](Scenario &s) { s.batch = 4; });
        const Scenario user = controller()->scenario();
        const int undoIndex = controller()->undoStack()->index();
        m_window->views()->setCurrentIndex(2);
        m_window->viewSettings()->setUnits(ByteUnits::Binary);
        auto *panel = m_window->findChild<StrategyPanel *>();
        QList<bool> checks;
        for (int r = 0; r < panel->strategyCount(); ++r)
            checks << panel->isChecked(r);
        panel->setCurrentRow(3);
        auto *mass = m_window->findChild<MassPanel *>();
        SyntheticMass uniform;
        uniform.kind = SyntheticKind::Uniform;
        mass->setSynthetic(uniform);
        const bool wasModified = m_window->isWindowModified();

        QSignalSpy finished(tour(), &TourPanel::finished);
        m_window->startTour();
        for (int i = 0; i < tour()->stepCount(); ++i)
            tour()->goTo(i);
        QVERIFY(controller()->scenario() != user);
        QCOMPARE(mass->synthetic().spec(), tourMassSource().spec());
        QCOMPARE(controller()->undoStack()->index(), undoIndex); // the tour adds no undo step
        auto *undo = m_window->findChild<QAction *>(QStringLiteral("undo"));
        QVERIFY(undo);
        QVERIFY(!undo->isEnabled()); // Ctrl+Z would replay the user's history over the tour
        if (byKey)
            QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget()
                                                        : m_window.get(),
                            Qt::Key_Escape);
        else
            tour()->stop();
        QCOMPARE(finished.count(), 1);
        QVERIFY(!tour()->isRunning());
        QCOMPARE(controller()->scenario(), user);
        QCOMPARE(controller()->undoStack()->index(), undoIndex);
        QVERIFY(!controller()->undoStack()->isClean()); // the user's own edit stays unsaved
        QCOMPARE(m_window->isWindowModified(), wasModified);
        QCOMPARE(m_window->views()->currentIndex(), 2);
        QCOMPARE(m_window->ledgerView()->units(), ByteUnits::Binary);
        QVERIFY(undo->isEnabled());
        for (int r = 0; r < panel->strategyCount(); ++r)
            QCOMPARE(panel->isChecked(r), checks.at(r));
        QCOMPARE(panel->currentRow(), 3);
        QCOMPARE(mass->synthetic().spec(), uniform.spec());
        for (LedgerChart *c : m_window->allCharts()) {
            QVERIFY(!c->property("tourHighlight").toBool());
            QVERIFY(!c->findChild<QWidget *>(QStringLiteral("tourVeil")));
        }
    }

    void cleanDocumentStaysClean()
    {
        QVERIFY(controller()->undoStack()->isClean());
        m_window->startTour();
        tour()->goTo(10); // eight GPUs
        QVERIFY(controller()->undoStack()->isClean());
        QVERIFY(!m_window->isWindowModified());
        tour()->stop();
        QCOMPARE(controller()->scenario(), Scenario::seed());
        QVERIFY(!m_window->isWindowModified());
    }

    void keys_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<bool>("inSpinBox"); // focus on a spin box of the controls
        QTest::addColumn<int>("stepAfter");  // -1: the tour has ended
        // From step 3 (index 2).
        QTest::addRow("PageDown") << int(Qt::Key_PageDown) << false << 3;
        QTest::addRow("PageUp") << int(Qt::Key_PageUp) << false << 1;
        QTest::addRow("Space") << int(Qt::Key_Space) << false << 3;
        QTest::addRow("Right") << int(Qt::Key_Right) << false << 3;
        QTest::addRow("Left") << int(Qt::Key_Left) << false << 1;
        QTest::addRow("Esc") << int(Qt::Key_Escape) << false << -1;
        // Clickers reach the tour whatever has focus; arrows stay with the spin box.
        QTest::addRow("PageDown in a spin box") << int(Qt::Key_PageDown) << true << 3;
        QTest::addRow("PageUp in a spin box") << int(Qt::Key_PageUp) << true << 1;
        QTest::addRow("Right in a spin box") << int(Qt::Key_Right) << true << 2;
        QTest::addRow("Left in a spin box") << int(Qt::Key_Left) << true << 2;
        QTest::addRow("Esc in a spin box") << int(Qt::Key_Escape) << true << -1;
    }
    void keys()
    {
        QFETCH(int, key);
        QFETCH(bool, inSpinBox);
        QFETCH(int, stepAfter);
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_window->startTour();
        tour()->goTo(2);
        QWidget *target = m_window.get();
        if (inSpinBox) {
            target = m_window->controls()->findChild<QAbstractSpinBox *>();
            QVERIFY(target);
            target->setFocus();
            QTRY_VERIFY(target->hasFocus());
        }
        QTest::keyClick(target, Qt::Key(key));
        if (stepAfter < 0) {
            QVERIFY(!tour()->isRunning());
        } else {
            QVERIFY(tour()->isRunning());
            QCOMPARE(tour()->step(), stepAfter);
        }
    }

    // Space stays with a focused button (it would press it); PageDown still moves the tour.
    void clickerKeysPassAFocusedButton()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_window->startTour();
        tour()->goTo(2);
        auto *button = m_window->controls()->findChild<QPushButton *>();
        QVERIFY(button);
        button->setFocus();
        QTRY_VERIFY(button->hasFocus());
        QTest::keyClick(button, Qt::Key_PageDown);
        QCOMPARE(tour()->step(), 3);
        QTest::keyClick(m_window.get(), Qt::Key_Escape);
        QVERIFY(!tour()->isRunning());
    }

    void anEditDuringTheTourEndsItAndStays()
    {
        const int undoIndex = controller()->undoStack()->index();
        m_window->startTour();
        tour()->goTo(10); // eight GPUs
        controller()->edit(QStringLiteral("context"), [](Scenario &s) { s.context = 65536; });
        QVERIFY(!tour()->isRunning());
        QCOMPARE(controller()->scenario().gpus, 8);
        QCOMPARE(controller()->scenario().context, 65536);
        QCOMPARE(controller()->undoStack()->index(), undoIndex + 1);
        QVERIFY(m_window->findChild<QAction *>(QStringLiteral("undo"))->isEnabled());
        controller()->undoStack()->undo(); // back to what the step showed
        QCOMPARE(controller()->scenario().context, Scenario::seed().context);
    }

    void keysAreInertOutsideTheTour()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        const int tab = m_window->views()->currentIndex();
        QTest::keyClick(m_window.get(), Qt::Key_PageDown);
        QVERIFY(!tour()->isRunning());
        QCOMPARE(m_window->views()->currentIndex(), tab);
        QCOMPARE(controller()->scenario(), Scenario::seed());
    }

    void firstStepTeachesTheCache()
    {
        m_window->startTour();
        QVERIFY(tour()->picture()->isVisible());
        const DecodeStep &d = tour()->picture()->step();
        QCOMPARE(d.tokens(), exampleDecodeStep().tokens());
        QVERIFY(tour()->text().contains(QString::number(d.tokens())));
        auto *action = m_window->findChild<QAction *>(QStringLiteral("tour"));
        QVERIFY(action && action->toolTip().contains(seedArticleTitle()));
        tour()->next();
        QVERIFY(!tour()->picture()->isVisible());
    }

    // The speaker's script in the window's process: the same steps, and the user's scenario
    // untouched.
    void scriptLeavesTheWindowAlone()
    {
        Scenario mine = Scenario::seed();
        mine.gpus = 2;
        mine.context = 64'000;
        controller()->replace(mine, QString());
        const QString script = tourScript();
        QCOMPARE(script.count(QStringLiteral("\n## ")), tour()->stepCount());
        QVERIFY(script.startsWith(u"# " + seedArticleTitle()));
        QVERIFY(!tour()->isRunning());
        QCOMPARE(controller()->scenario(), mine);
    }
};

QTEST_MAIN(TestTour)
#include "tst_tour.moc"
