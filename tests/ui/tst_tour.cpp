// The guided tour, offscreen: every step's tab, highlight and stated figure against what the window
// shows; the user's scenario, clean state, tab and units back after it; the clicker keys.
#include "controls_panel.h"
#include "ledger_chart.h"
#include "ledger_view.h"
#include "main_window.h"
#include "mass_panel.h"
#include "mass_table_model.h"
#include "roofline_panel.h"
#include "scenario_controller.h"
#include "strategy_panel.h"
#include "strategy_table_model.h"
#include "test_window.h"
#include "tour.h"
#include "tour_script.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

using namespace kvl;
using kvl::test::seedWindow;

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

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        m_window = seedWindow({1600, 1000});
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    void enoughStepsInTheArticlesOrder()
    {
        const QList<TourStep> steps = seedTourSteps();
        QVERIFY(steps.size() >= 12);
        QStringList tabs;
        for (const TourStep &t : steps)
            if (tabs.isEmpty() || tabs.last() != t.tab)
                tabs << t.tab;
        QCOMPARE(tabs, (QStringList{"cost", "roofline", "cost", "strategies", "mass"}));
    }

    void stepShowsItsFigure_data()
    {
        QTest::addColumn<int>("step");
        QTest::addColumn<QString>("expected"); // cost-model.md §10, as the window formats it
        const QHash<int, QString> exact = {
            {0, QStringLiteral("320 KiB")},  {1, QStringLiteral("2,621,440 B")},
            {3, QStringLiteral("6")},        {5, QStringLiteral("97.8 ms")},
            {7, QStringLiteral("12.2 ms")},  {8, QStringLiteral("295")},
            {10, QStringLiteral("160 KiB")}, {11, QStringLiteral("92,160 B")},
        };
        const QList<TourStep> steps = seedTourSteps();
        for (int i = 0; i < steps.size(); ++i)
            QTest::addRow("%d %s", i + 1, qPrintable(steps.at(i).title)) << i << exact.value(i);
    }
    void stepShowsItsFigure()
    {
        QFETCH(int, step);
        QFETCH(QString, expected);
        m_window->startTour();
        tour()->goTo(step);
        const TourStep &t = tour()->stepAt(step);
        QCOMPARE(tour()->step(), step);
        QCOMPARE(m_window->views()->currentIndex(), MainWindow::tabIds().indexOf(t.tab));
        QCOMPARE(m_window->ledgerView()->highlighted(), t.ledgerKey);
        QCOMPARE(m_window->ledgerView()->units(), t.units);
        Scenario s = Scenario::seed();
        t.apply(s);
        QCOMPARE(controller()->scenario(), s);

        // Asynchronous panels (the attention mass) fill the figure when their result arrives.
        QTRY_VERIFY(!tour()->figure().isEmpty());
        QVERIFY2(tour()->text().contains(tour()->figure()), qPrintable(tour()->text()));
        QTRY_VERIFY2(shownText(t.tab).contains(tour()->figure()), qPrintable(tour()->figure()));
        if (!expected.isEmpty())
            QCOMPARE(tour()->figure(), expected);

        // Exactly the step's chart is highlighted, and the border is drawn.
        for (LedgerChart *c : m_window->allCharts())
            QCOMPARE(c->property("tourHighlight").toBool(), c->id() == t.chartId);
        LedgerChart *chart = m_window->chart(t.chartId);
        QVERIFY(chart);
        QTRY_VERIFY(chart->isVisible());
        const QImage image = chart->grab().toImage();
        QCOMPARE(image.pixelColor(1, image.height() / 2),
                 m_window->palette().color(QPalette::Highlight));
    }

    void strategyStepsCheckTheirRows()
    {
        auto *panel = m_window->findChild<StrategyPanel *>();
        m_window->startTour();
        for (int i = 0; i < tour()->stepCount(); ++i) {
            const QList<int> rows = tour()->stepAt(i).strategyRows;
            if (rows.isEmpty())
                continue;
            tour()->goTo(i);
            for (int r = 0; r < panel->strategyCount(); ++r)
                QCOMPARE(panel->isChecked(r), rows.contains(r));
        }
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
        m_window->ledgerView()->setUnits(ByteUnits::Binary);
        emit m_window->ledgerView()->unitsChanged(ByteUnits::Binary);
        auto *panel = m_window->findChild<StrategyPanel *>();
        QList<bool> checks;
        for (int r = 0; r < panel->strategyCount(); ++r)
            checks << panel->isChecked(r);
        const bool wasModified = m_window->isWindowModified();

        QSignalSpy finished(tour(), &TourPanel::finished);
        m_window->startTour();
        for (int i = 0; i < tour()->stepCount(); ++i)
            tour()->goTo(i);
        QVERIFY(controller()->scenario() != user);
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
        for (LedgerChart *c : m_window->allCharts())
            QVERIFY(!c->property("tourHighlight").toBool());
    }

    void cleanDocumentStaysClean()
    {
        QVERIFY(controller()->undoStack()->isClean());
        m_window->startTour();
        tour()->goTo(7); // eight GPUs
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
        tour()->goTo(7); // eight GPUs
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

    void firstStepNamesTheArticle()
    {
        m_window->startTour();
        QVERIFY(tour()->text().contains(seedArticleTitle()));
        QVERIFY(!tour()->text().contains(QStringLiteral("seed"), Qt::CaseInsensitive));
        auto *action = m_window->findChild<QAction *>(QStringLiteral("tour"));
        QVERIFY(action && action->toolTip().contains(seedArticleTitle()));
    }

    // The speaker's script: every step with its title and the figures it shows, the user's
    // scenario given back afterwards.
    void scriptHasEveryStep()
    {
        Scenario mine = Scenario::seed();
        mine.gpus = 2;
        mine.context = 64'000;
        controller()->replace(mine, QString());
        const QString script = tourScript(tour());
        QCOMPARE(script.count(QStringLiteral("\n## ")), tour()->stepCount());
        for (int i = 0; i < tour()->stepCount(); ++i)
            QVERIFY2(script.contains(
                         QStringLiteral("## %1. %2").arg(i + 1).arg(tour()->stepAt(i).title)),
                     qPrintable(tour()->stepAt(i).title));
        for (const char *figure :
             {"**320 KiB**", "**2,621,440 B**", "**97.8 ms**", "**7.15**", "**12.2 ms**",
              "**295 FLOP/B**", "**÷1.54**", "**92,160 B**", "**6 of 8**"})
            QVERIFY2(script.contains(QString::fromUtf8(figure)), figure);
        QVERIFY(!tour()->isRunning());
        QCOMPARE(controller()->scenario(), mine);
    }
};

QTEST_MAIN(TestTour)
#include "tst_tour.moc"
