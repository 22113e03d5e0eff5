// Presentation mode and small screens, offscreen: what a projector at 1920 × 1080, 1280 × 720 or
// 1024 × 768 shows, and that the normal window fits those screens with nothing clipped.
#include "chart_label.h"
#include "decode_step_view.h"
#include "headline_strip.h"
#include "ledger_chart.h"
#include "main_window.h"
#include "pages.h"
#include "presentation.h"
#include "scenario_controller.h"
#include "tour.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTextDocument>
#include <QToolBar>
#include <QUndoStack>

using namespace kvl;

namespace {

// Text drawn in a chart's scene, where it is drawn and in which font.
struct SceneText
{
    QString text;
    QRectF rect;
    QFont font;
};

// Where the letters are: a line's box less the room above capitals and below the baseline (tick
// labels are digits and capitals), so lines that only touch at their spacing do not overlap;
// a pixel of antialiasing aside.
QRectF ink(const QRectF &box, const QFont &font)
{
    const QFontMetricsF fm(font);
    return box.adjusted(1, fm.ascent() - fm.capHeight() + 1, -1, -fm.descent() - 1);
}

QList<SceneText> sceneTexts(LedgerChart *chart)
{
    QList<SceneText> out;
    for (QGraphicsItem *item : chart->scene()->items()) {
        if (!item->isVisible() || item->effectiveOpacity() == 0)
            continue;
        if (auto *t = dynamic_cast<QGraphicsTextItem *>(item)) {
            // Transparent: the token axis's own labels, kept only for their room.
            if (t->toPlainText().isEmpty() || t->defaultTextColor().alpha() == 0)
                continue;
            const qreal m = t->document()->documentMargin();
            out << SceneText{t->toPlainText(), t->sceneBoundingRect().adjusted(m, m, -m, -m),
                             t->font()};
        } else if (auto *l = dynamic_cast<ChartLabel *>(item)) {
            if (!l->text().isEmpty())
                out << SceneText{l->text(), l->sceneBoundingRect().adjusted(4, 4, -4, -4),
                                 l->font()};
        }
    }
    return out;
}

QString describe(const SceneText &t)
{
    return QStringLiteral("\"%1\" at %2,%3 %4×%5")
        .arg(t.text)
        .arg(t.rect.x())
        .arg(t.rect.y())
        .arg(t.rect.width())
        .arg(t.rect.height());
}

// Really on screen: the widget and every ancestor shown, with a size, inside its window.
bool onScreen(const QWidget *w)
{
    return w->isVisible() && !w->size().isEmpty() &&
           w->window()->rect().intersects(QRect(w->mapTo(w->window(), QPoint(0, 0)), w->size()));
}

// A label or button whose text does not fit the room it was given, or that its parent cuts off.
QString clipped(const QWidget *w, const QWidget *window)
{
    const QSize hint = w->sizeHint();
    const auto *label = qobject_cast<const QLabel *>(w);
    if (label && label->wordWrap() && label->hasHeightForWidth()) {
        if (label->heightForWidth(label->width()) > label->height() + 1)
            return QStringLiteral("needs %1 px of height, has %2")
                .arg(label->heightForWidth(label->width()))
                .arg(label->height());
    } else if (hint.width() > w->width() + 1 || hint.height() > w->height() + 1) {
        return QStringLiteral("needs %1×%2, has %3×%4")
            .arg(hint.width())
            .arg(hint.height())
            .arg(w->width())
            .arg(w->height());
    }
    // Parents clip; a scroll area's viewport only across (its rows scroll).
    QRect r = w->rect();
    for (const QWidget *p = w; p != window && p->parentWidget(); p = p->parentWidget()) {
        r.translate(p->pos());
        const QWidget *parent = p->parentWidget();
        const bool viewport =
            qobject_cast<const QAbstractScrollArea *>(parent->parentWidget()) &&
            static_cast<const QAbstractScrollArea *>(parent->parentWidget())->viewport() == parent;
        const QRect room = parent->rect();
        // Inside a scroll area: what is inside its scrolled widget counts, not the viewport.
        if (viewport)
            break;
        if (r.left() < room.left() - 1 || r.right() > room.right() + 1 ||
            r.top() < room.top() - 1 || r.bottom() > room.bottom() + 1)
            return QStringLiteral("cut off by %1").arg(parent->metaObject()->className());
    }
    return {};
}

QString name(const QWidget *w)
{
    QString text;
    if (const auto *l = qobject_cast<const QLabel *>(w))
        text = l->text();
    else if (const auto *b = qobject_cast<const QAbstractButton *>(w))
        text = b->text();
    return QStringLiteral("%1 \"%2\"").arg(w->metaObject()->className(), text.left(60));
}

} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;

    void open(const QSize &size)
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setQuietErrors(true);
        m_window->controller()->replace(Scenario::seed(), QString());
        m_window->controller()->undoStack()->clear();
        m_window->resize(size);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    }
    // The docks' layout settles over a few posted events, more of them when a step changes the
    // model: wait until no visible widget has moved or resized for 200 ms (at most 10 s), not
    // for a fixed time that a loaded machine can outrun.
    void settle() const
    {
        QList<QRect> last;
        int stable = 0;
        QElapsedTimer clock;
        clock.start();
        while (stable < 4 && clock.elapsed() < 10000) {
            QTest::qWait(50);
            QList<QRect> now;
            for (const QWidget *w : m_window->findChildren<QWidget *>())
                if (w->isVisible())
                    now << QRect(w->mapTo(m_window.get(), QPoint()), w->size());
            stable = now == last ? stable + 1 : 0;
            last = now;
        }
    }
    QDockWidget *dock(const char *name) const
    {
        return m_window->findChild<QDockWidget *>(QLatin1String(name));
    }
    QList<QDockWidget *> visibleDocks() const
    {
        QList<QDockWidget *> out;
        for (QDockWidget *d : m_window->findChildren<QDockWidget *>())
            if (d->isVisible())
                out << d;
        return out;
    }
    // The first label or button on screen whose text does not fit where it is; empty when none.
    // `checked` counts the widgets looked at.
    QString firstClipped(int *checked) const
    {
        for (QWidget *w : m_window->findChildren<QWidget *>()) {
            const auto *button = qobject_cast<QAbstractButton *>(w);
            if (!qobject_cast<QLabel *>(w) && !(button && !button->text().isEmpty()))
                continue; // icon buttons (a dock's close button) are drawn to their size
            if (!onScreen(w) || w->window() != m_window.get())
                continue;
            ++*checked;
            const QString why = clipped(w, m_window.get());
            if (!why.isEmpty())
                return name(w) + u": " + why;
        }
        return {};
    }
    // Every label and button on screen fits where it is, once the layout has settled: a new
    // font or text relayouts over posted events and timers, which a loaded machine runs late.
    void verifyNothingClipped()
    {
        int checked = 0;
        QString why;
        QTRY_VERIFY2_WITH_TIMEOUT((checked = 0, why = firstClipped(&checked)).isEmpty(),
                                  qPrintable(why), 10000);
        QVERIFY(checked > 5);
    }
    // The shown charts' text: large enough, inside the chart, whole, and no two on each other.
    void verifyChartText(LedgerChart *chart, qreal minPixels)
    {
        const QRectF area = chart->chart()->mapRectToScene(chart->chart()->rect());
        const QList<SceneText> texts = sceneTexts(chart);
        QVERIFY2(texts.size() > 5, qPrintable(chart->id()));
        for (const SceneText &t : texts) {
            const QString where = chart->id() + u": " + describe(t);
            QVERIFY2(
                QFontInfo(t.font).pixelSize() >= minPixels,
                qPrintable(where + QStringLiteral(" is %1 px").arg(QFontInfo(t.font).pixelSize())));
            QVERIFY2(area.adjusted(-1, -1, 1, 1).contains(t.rect), qPrintable(where + u" outside"));
            QVERIFY2(!t.text.endsWith(u"...") && !t.text.contains(u'…'),
                     qPrintable(where + u" truncated"));
        }
        for (int i = 0; i < texts.size(); ++i)
            for (int j = i + 1; j < texts.size(); ++j)
                QVERIFY2(!ink(texts.at(i).rect, texts.at(i).font)
                              .intersects(ink(texts.at(j).rect, texts.at(j).font)),
                         qPrintable(chart->id() + u": " + describe(texts.at(i)) + u" on " +
                                    describe(texts.at(j))));
    }
    void verifyPresentationScreen(const QSize &size)
    {
        QCOMPARE(m_window->size(), size); // offscreen: the window stands for the screen
        QVERIFY(!m_window->menuBar()->isVisible());
        QVERIFY(!m_window->statusBar()->isVisible());
        for (QToolBar *t : m_window->findChildren<QToolBar *>())
            QVERIFY(!t->isVisible());
        for (QDockWidget *d : visibleDocks())
            QCOMPARE(d->objectName(), QStringLiteral("tourDock"));

        const qreal minPixels = 28.0 * size.height() / 1080;
        HeadlineStrip *strip = m_window->presentation()->headlineStrip();
        QVERIFY(onScreen(strip));
        QVERIFY(strip->headlines().size() >= 3 && strip->headlines().size() <= 4);
        static const QRegularExpression digit(QStringLiteral("\\d"));
        for (const Headline &h : strip->headlines()) {
            QVERIFY2(h.value.contains(digit), qPrintable(h.value));
            QVERIFY(!h.label.isEmpty());
        }
        for (QLabel *l : strip->labels())
            QVERIFY2(QFontInfo(l->font()).pixelSize() >= minPixels, qPrintable(l->text()));
        if (m_window->tour()->isRunning()) {
            auto *title = m_window->tour()->findChild<QLabel *>(QStringLiteral("tourTitle"));
            auto *text = m_window->tour()->findChild<QLabel *>(QStringLiteral("tourText"));
            QVERIFY(onScreen(title) && onScreen(text));
            QVERIFY(QFontInfo(text->font()).pixelSize() >= minPixels);
            QVERIFY(QFontInfo(title->font()).pixelSize() > QFontInfo(text->font()).pixelSize());
        }

        const QList<LedgerChart *> shown = m_window->presentation()->shownCharts();
        QVERIFY(!shown.isEmpty() && shown.size() <= 2);
        const QRect window = m_window->rect();
        QList<QRect> boxes;
        for (LedgerChart *c : shown) {
            QVERIFY2(onScreen(c), qPrintable(c->id()));
            const QRect box(c->mapTo(m_window.get(), QPoint(0, 0)), c->size());
            QVERIFY2(window.contains(box), qPrintable(c->id()));
            // Large: at least half the window's height, and a third of its width.
            QVERIFY2(box.height() >= size.height() / 2 && box.width() >= size.width() / 3,
                     qPrintable(c->id()));
            for (const QRect &other : std::as_const(boxes))
                QVERIFY(!box.intersects(other));
            boxes << box;
            verifyChartText(c, minPixels);
            if (QTest::currentTestFailed())
                return;
        }
        for (LedgerChart *c : m_window->allCharts())
            if (!shown.contains(c))
                QVERIFY2(!onScreen(c), qPrintable(c->id()));
        verifyNothingClipped();
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup()
    {
        m_window.reset();
        QVERIFY(!QApplication::activePopupWidget());
    }

    void bodyPixelsFollowTheScreen()
    {
        QCOMPARE(Presentation::bodyPixels(1080), 28);
        QCOMPARE(Presentation::bodyPixels(720), 19);
        QCOMPARE(Presentation::bodyPixels(768), 20);
        QCOMPARE(Presentation::bodyPixels(2160), 56);
    }

    // Each slide outside the tour, and a tour step of each tab, at each projector size.
    void presentationScreens_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("tourStep"); // 0: no tour
        for (const QSize size : {QSize(1920, 1080), QSize(1280, 720), QSize(1024, 768)}) {
            const QByteArray s =
                QByteArray::number(size.width()) + 'x' + QByteArray::number(size.height());
            QTest::addRow("%s", s.constData()) << size << 0;
            // One of each kind: the decode-step picture, the KV-only mark, the roofline, the
            // memory and precision charts, each strategies step, the mass.
            for (int step : {1, 4, 6, 8, 9, 12, 14, 15, 16, 17, 18})
                QTest::addRow("%s tour step %d", s.constData(), step) << size << step;
        }
    }
    void presentationScreens()
    {
        QFETCH(QSize, size);
        QFETCH(int, tourStep);
        open(size);
        const QList<QDockWidget *> docksBefore = visibleDocks();
        m_window->setPresentationMode(true);
        QVERIFY(m_window->presentationMode());
        if (tourStep > 0) {
            m_window->startTour();
            m_window->tour()->goTo(tourStep - 1);
            QTRY_VERIFY(!m_window->tour()->headlines().isEmpty()); // the mass report is async
        }
        settle();
        if (tourStep > 0) {
            verifyPresentationScreen(size);
            if (QTest::currentTestFailed())
                return;
            QCOMPARE(m_window->presentation()->headlineStrip()->headlines(),
                     m_window->tour()->headlines());
            const QString chartId = m_window->tour()->stepAt(tourStep - 1).chartId;
            QCOMPARE(m_window->presentation()->shownCharts().value(0)->id(), chartId);
            // The decode-step picture's smallest labels grow with the room's type: at least
            // 80% of the text beside it (one pixel for rounding) where the chart's half of the
            // screen leaves the room (1080 lines); never under 12 px.
            const DecodeStepView *picture = m_window->tour()->picture();
            if (m_window->tour()->stepAt(tourStep - 1).decodePicture) {
                QVERIFY(picture->isVisible());
                const int body = m_window->presentation()->currentBodyPixels();
                const int least = size.height() >= 1080 ? int(0.8 * body) - 1 : 12;
                QVERIFY2(picture->labelPixels() >= least,
                         qPrintable(QStringLiteral("%1 px labels beside %2 px text")
                                        .arg(picture->labelPixels())
                                        .arg(body)));
            }
        } else {
            // Every slide, PageDown after PageDown.
            QStringList seen;
            for (int i = 0; i < 10; ++i) {
                verifyPresentationScreen(size);
                if (QTest::currentTestFailed())
                    return;
                const QString id = m_window->presentation()->shownCharts().first()->id();
                if (seen.contains(id))
                    break; // the last slide stays
                seen << id;
                QTest::keyClick(m_window.get(), Qt::Key_PageDown);
                settle();
            }
            QCOMPARE(seen.size() >= 5, true);
            QVERIFY(seen.contains(QStringLiteral("mass-curve")));
        }

        // Esc ends the tour first, then presentation mode, and everything comes back.
        if (tourStep > 0) {
            QTest::keyClick(m_window.get(), Qt::Key_Escape);
            QVERIFY(!m_window->tour()->isRunning());
            QVERIFY(m_window->presentationMode());
        }
        QTest::keyClick(m_window.get(), Qt::Key_Escape);
        QVERIFY(!m_window->presentationMode());
        QVERIFY(m_window->menuBar()->isVisible());
        QCOMPARE(visibleDocks(), docksBefore);
        for (LedgerChart *c : m_window->charts())
            QVERIFY(!c->isHidden() && !c->presentation());
        QCOMPARE(QFontInfo(m_window->font()).pixelSize(),
                 QFontInfo(QApplication::font()).pixelSize());
        // The normal window comes back whole: the ledger's rows laid out for the normal type.
        verifyNothingClipped();
    }

    // A clicker: PageDown/PageUp, and the keyboard's Space, Right and Left, move the tour.
    void tourKeysInPresentation()
    {
        open(QSize(1280, 720));
        m_window->setPresentationMode(true);
        m_window->startTour();
        TourPanel *tour = m_window->tour();
        const auto key = [this](Qt::Key k) { QTest::keyClick(m_window.get(), k); };
        key(Qt::Key_PageDown);
        QCOMPARE(tour->step(), 1);
        key(Qt::Key_Space);
        QCOMPARE(tour->step(), 2);
        key(Qt::Key_Right);
        QCOMPARE(tour->step(), 3);
        key(Qt::Key_Left);
        QCOMPARE(tour->step(), 2);
        key(Qt::Key_PageUp);
        QCOMPARE(tour->step(), 1);
        QCOMPARE(m_window->presentation()->headlineStrip()->headlines(), tour->headlines());
        // F11 works without the menus: it leaves, and the tour goes on in the normal window.
        key(Qt::Key_F11);
        QVERIFY(!m_window->presentationMode());
        QVERIFY(tour->isRunning());
        key(Qt::Key_F11);
        QVERIFY(m_window->presentationMode());
        key(Qt::Key_Escape);
        QVERIFY(!tour->isRunning());
        QVERIFY(m_window->presentationMode());
        key(Qt::Key_Escape);
        QVERIFY(!m_window->presentationMode());
    }

    // Outside the tour the strip shows the current view's ledger numbers, in its units.
    void headlinesFollowTheView()
    {
        open(QSize(1280, 720));
        m_window->setPresentationMode(true);
        HeadlineStrip *strip = m_window->presentation()->headlineStrip();
        QCOMPARE(strip->headlines().size(), 4);
        const QString gpus = QString::number(m_window->controller()->ledger().gpusToFit);
        QVERIFY(std::any_of(strip->headlines().cbegin(), strip->headlines().cend(),
                            [&](const Headline &h) { return h.value == gpus; }));
        m_window->controller()->edit(QString(), [](Scenario &s) { s.context /= 2; });
        QVERIFY(strip->headlines().at(1).value.contains(
            formatBytes(m_window->controller()->ledger().kvBytes, ByteUnits::SI)));
        m_window->views()->setCurrentIndex(2); // roofline
        QVERIFY(strip->headlines().first().value.contains(u"FLOP/B"));
    }

    // Every step has three or four numbers to show large, from core's values.
    void tourHeadlinesEveryStep()
    {
        open(QSize(1280, 720));
        m_window->startTour();
        TourPanel *tour = m_window->tour();
        static const QRegularExpression digit(QStringLiteral("\\d"));
        for (int i = 0; i < tour->stepCount(); ++i) {
            tour->goTo(i);
            QTRY_VERIFY(!tour->headlines().isEmpty());
            const QList<Headline> &h = tour->headlines();
            QVERIFY2(h.size() >= 3 && h.size() <= HeadlineStrip::kMaxHeadlines,
                     qPrintable(tour->stepAt(i).title));
            for (const Headline &x : h) {
                QVERIFY2(!x.label.isEmpty(), qPrintable(tour->stepAt(i).title));
                QVERIFY2(x.value.contains(digit), qPrintable(x.label + u": " + x.value));
            }
        }
    }

    // The normal window on small screens: it fits, the ledger and the GPU panel are both in
    // view, and no label or button is cut.
    void normalWindowFits_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("tab");
        for (const QSize size : {QSize(1280, 720), QSize(1024, 768)})
            for (int tab = 0; tab < 4; ++tab)
                QTest::addRow("%dx%d %s", size.width(), size.height(),
                              qPrintable(pageIds().at(tab)))
                    << size << tab;
    }
    void normalWindowFits()
    {
        QFETCH(QSize, size);
        QFETCH(int, tab);
        open(size);
        m_window->views()->setCurrentIndex(tab);
        QApplication::processEvents();
        const QSize min = m_window->minimumSizeHint().expandedTo(m_window->minimumSize());
        QVERIFY2(min.width() <= 1024 && min.height() <= 720,
                 qPrintable(QStringLiteral("%1×%2").arg(min.width()).arg(min.height())));
        QCOMPARE(m_window->size(), size);
        QDockWidget *ledger = dock("ledgerDock");
        QDockWidget *gpu = dock("gpuDock");
        QVERIFY(ledger->isVisible() && gpu->isVisible());
        QVERIFY(m_window->tabifiedDockWidgets(ledger).isEmpty());
        QVERIFY(!ledger->geometry().intersects(gpu->geometry()));
        for (QDockWidget *d : visibleDocks()) {
            const QSize dmin = d->minimumSizeHint().expandedTo(d->minimumSize());
            QVERIFY2(dmin.width() <= d->width() && dmin.height() <= d->height(),
                     qPrintable(d->objectName()));
            QVERIFY(m_window->rect().contains(d->geometry()));
        }
        verifyNothingClipped();
        // The tour's dock below fits too, its text whole.
        m_window->startTour();
        m_window->tour()->goTo(5);
        QApplication::processEvents();
        QCOMPARE(m_window->size(), size);
        verifyNothingClipped();
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
