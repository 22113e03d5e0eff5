// A presentation clicker's keys: F5 starts presentation mode with the tour from its first step,
// Shift+F5 from the step it is on (or was last on), B and '.' blank and unblank the screen, Esc
// as before; keys typed into a field stay letters.
#include "controls_panel.h"
#include "main_window.h"
#include "screen_blank.h"
#include "test_window.h"
#include "tour.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTest>

using namespace kvl;

class TestClicker : public QObject
{
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    TourPanel *tour() { return m_window->tour(); }
    ScreenBlank *blank() { return m_window->findChild<ScreenBlank *>(); }
    void key(Qt::Key k, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        QWidget *focus = QApplication::focusWidget();
        QTest::keyClick(focus ? focus : m_window.get(), k, mods);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        m_window = test::seedWindow({1280, 720});
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    void f5StartsTheTourInPresentation()
    {
        key(Qt::Key_F5);
        QVERIFY(m_window->presentationMode());
        QVERIFY(tour()->isRunning());
        QCOMPARE(tour()->step(), 0);
        key(Qt::Key_PageDown);
        key(Qt::Key_PageDown);
        QCOMPARE(tour()->step(), 2);
        key(Qt::Key_F5); // from the start again
        QCOMPARE(tour()->step(), 0);
    }

    void shiftF5GoesOnFromTheCurrentStep()
    {
        m_window->startTour();
        tour()->goTo(5);
        key(Qt::Key_F5, Qt::ShiftModifier);
        QVERIFY(m_window->presentationMode());
        QCOMPARE(tour()->step(), 5);
        // Esc ends the tour; Shift+F5 comes back to where it was.
        key(Qt::Key_Escape);
        QVERIFY(!tour()->isRunning());
        key(Qt::Key_F5, Qt::ShiftModifier);
        QVERIFY(tour()->isRunning());
        QCOMPARE(tour()->step(), 5);
    }

    void shiftF5WithNoTourYetStartsAtTheFirstStep()
    {
        key(Qt::Key_F5, Qt::ShiftModifier);
        QVERIFY(m_window->presentationMode());
        QCOMPARE(tour()->step(), 0);
    }

    void blankKeys_data()
    {
        QTest::addColumn<int>("blankKey");
        QTest::addColumn<int>("backKey");
        QTest::addRow("B, B") << int(Qt::Key_B) << int(Qt::Key_B);
        QTest::addRow("., .") << int(Qt::Key_Period) << int(Qt::Key_Period);
        QTest::addRow("B, .") << int(Qt::Key_B) << int(Qt::Key_Period);
        QTest::addRow("., Esc") << int(Qt::Key_Period) << int(Qt::Key_Escape);
    }
    void blankKeys()
    {
        QFETCH(int, blankKey);
        QFETCH(int, backKey);
        key(Qt::Key_F5);
        tour()->goTo(3);
        QVERIFY(blank());
        key(Qt::Key(blankKey));
        QVERIFY(blank()->isBlank());
        QCOMPARE(blank()->geometry(), m_window->rect());
        // While blank a stray click moves nothing unseen.
        key(Qt::Key_PageDown);
        QCOMPARE(tour()->step(), 3);
        key(Qt::Key(backKey));
        QVERIFY(!blank()->isBlank());
        // Esc that unblanks leaves the tour and presentation mode as they were.
        QVERIFY(tour()->isRunning());
        QVERIFY(m_window->presentationMode());
        key(Qt::Key_PageDown);
        QCOMPARE(tour()->step(), 4);
    }

    // Outside presentation mode and the tour, and in a field that takes text, B is a letter.
    void bIsALetterElsewhere()
    {
        key(Qt::Key_B);
        QVERIFY(!blank()->isBlank());
        m_window->startTour();
        auto *spin = m_window->controls()->findChild<QAbstractSpinBox *>();
        QVERIFY(spin);
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        QTest::keyClick(spin, Qt::Key_Period);
        QVERIFY(!blank()->isBlank());
        QVERIFY(tour()->isRunning());
    }
};

QTEST_MAIN(TestClicker)
#include "tst_clicker.moc"
