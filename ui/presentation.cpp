#include "presentation.h"

#include "headline_strip.h"
#include "ledger_chart.h"
#include "ledger_text.h"
#include "pages.h"
#include "scenario_controller.h"
#include "tour.h"
#include "view_settings.h"

#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSplitterHandle>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <cmath>

namespace kvl {

namespace {

// Body text at 1080 lines, the size that still reads from the back of a lecture room.
constexpr double kBodyPixelsAt1080 = 28;

// A chart beside another needs about this many body-text heights of width for its labels.
constexpr int kChartWidthInLines = 32;

// What presentation mode steps through outside the tour: each tab's slides in the tabs' order,
// a group side by side where the screen is wide enough, else one chart at a time (the
// strategies' bars and the mass charts need the screen's whole height for their labels at full
// size, so pages.cpp groups only the cost charts).
QList<QStringList> slides(bool pairs)
{
    QList<QStringList> s;
    for (const PageInfo &page : pageInfos())
        for (const QStringList &group : page.slides) {
            if (pairs)
                s << group;
            else
                for (const QString &id : group)
                    s << QStringList{id};
        }
    return s;
}

// The ledger rows shown large outside the tour, per view (the cost tab's for an unknown one).
QStringList headlineKeys(const QString &tab)
{
    const PageInfo *page = pageInfo(tab);
    return (page ? *page : pageInfos().first()).headlineKeys;
}

QDockWidget *dockOf(QWidget *w)
{
    return w ? qobject_cast<QDockWidget *>(w->parentWidget()) : nullptr;
}

// The offscreen platform has no screen to fill: the window's own size stands for it, so tests
// and screenshots get the size they ask for.
bool hasRealScreen()
{
    return QGuiApplication::platformName() != u"offscreen";
}

} // namespace

Presentation::Presentation(const PresentationParts &parts)
    : QObject(parts.window), m_parts(parts), m_stage(new QWidget(parts.window)),
      m_strip(new HeadlineStrip(m_stage)), m_blankTitle(new QWidget(parts.window))
{
    m_stage->setObjectName(QStringLiteral("presentationStage"));
    auto *layout = new QVBoxLayout(m_stage);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_strip);
    m_stage->hide();
    m_blankTitle->hide();

    TourPanel *tour = m_parts.tour;
    connect(m_parts.views, &QTabWidget::currentChanged, this, &Presentation::showSlide);
    // After the window's own handlers: the tab is the step's by then.
    connect(tour, &TourPanel::stepShown, this, &Presentation::showSlide);
    connect(tour, &TourPanel::finished, this, &Presentation::showSlide);
    connect(tour, &TourPanel::composed, this, [this] {
        refreshHeadlines();
        fitTourDock();
    });
    tour->installEventFilter(this); // its text's height changes with its width
    connect(tour, &TourPanel::finished, this, &Presentation::refreshHeadlines);
    connect(m_parts.controller, &ScenarioController::changed, this,
            &Presentation::refreshHeadlines);
    connect(m_parts.view, &ViewSettings::unitsChanged, this, &Presentation::refreshHeadlines);
    m_parts.window->installEventFilter(this);
}

Presentation::~Presentation()
{
    qApp->removeEventFilter(this);
}

int Presentation::bodyPixels(int height)
{
    return int(std::ceil(kBodyPixelsAt1080 * height / 1080 - 1e-9));
}

void Presentation::setActive(bool on)
{
    if (on == m_active)
        return;
    if (on)
        enter();
    else
        leave();
    emit activeChanged(on);
}

void Presentation::enter()
{
    m_active = true;
    m_windowStateBefore = m_parts.window->windowState();
    // A plain high-contrast palette for a projector in a lit room.
    const QPalette normal = QApplication::palette();
    const bool dark = normal.color(QPalette::Window).lightness() < 128;
    QPalette p = normal;
    const QColor bg = dark ? Qt::black : Qt::white;
    const QColor fg = dark ? Qt::white : Qt::black;
    for (auto role : {QPalette::Window, QPalette::Base, QPalette::Button})
        p.setColor(role, bg);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(role, fg);
    p.setColor(QPalette::PlaceholderText, dark ? QColor(220, 220, 220) : QColor(40, 40, 40));
    m_parts.window->setPalette(p);

    QDockWidget *tourDock = dockOf(m_parts.tour);
    const auto hide = [this](QWidget *w) {
        if (w->isHidden())
            return;
        w->hide();
        m_hiddenBars << w;
    };
    for (QDockWidget *d : m_parts.window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly))
        if (d != tourDock)
            hide(d);
    for (QToolBar *t : m_parts.window->findChildren<QToolBar *>(Qt::FindDirectChildrenOnly))
        hide(t);
    m_menuBarWasVisible = !m_parts.window->menuBar()->isHidden();
    m_statusBarWasVisible = !m_parts.window->statusBar()->isHidden();
    m_parts.window->menuBar()->hide();
    m_parts.window->statusBar()->hide();
    // Hidden menus take their shortcuts with them (F11, F1, Ctrl+S…); the window keeps them.
    QList<QAction *> actions;
    for (QAction *top : m_parts.window->menuBar()->actions()) {
        QList<QMenu *> menus{top->menu()};
        while (!menus.isEmpty()) {
            QMenu *menu = menus.takeLast();
            if (!menu)
                continue;
            for (QAction *a : menu->actions()) {
                if (a->menu())
                    menus << a->menu();
                else if (!a->shortcut().isEmpty() && !m_parts.window->actions().contains(a))
                    actions << a;
            }
        }
    }
    for (QAction *a : std::as_const(actions)) {
        m_parts.window->addAction(a);
        m_addedActions << a;
    }
    if (tourDock)
        tourDock->setTitleBarWidget(m_blankTitle);

    QWidget *views = m_parts.window->takeCentralWidget();
    m_stage->layout()->addWidget(views);
    m_parts.window->setCentralWidget(m_stage);
    m_stage->show();
    views->show();

    applyScale(); // the charts follow the view settings' presentation flag themselves
    m_shownIds.clear();
    showSlide();
    refreshHeadlines();
    qApp->installEventFilter(this);
    if (hasRealScreen())
        m_parts.window->showFullScreen();
}

void Presentation::leave()
{
    m_active = false;
    qApp->removeEventFilter(this);
    restoreHidden();
    m_shownIds.clear();

    QWidget *stage = m_parts.window->takeCentralWidget();
    Q_ASSERT(stage == m_stage);
    m_parts.window->setCentralWidget(m_parts.views);
    m_parts.views->show();
    m_stage->setParent(m_parts.window);
    m_stage->hide();

    if (QDockWidget *tourDock = dockOf(m_parts.tour)) {
        tourDock->setTitleBarWidget(nullptr);
        m_blankTitle->hide();
    }
    for (const QPointer<QWidget> &w : std::as_const(m_hiddenBars))
        if (w)
            w->show();
    m_hiddenBars.clear();
    m_parts.window->menuBar()->setVisible(m_menuBarWasVisible);
    m_parts.window->statusBar()->setVisible(m_statusBarWasVisible);
    for (const QPointer<QAction> &a : std::as_const(m_addedActions))
        if (a)
            m_parts.window->removeAction(a);
    m_addedActions.clear();

    m_parts.window->setFont(QFont());
    m_parts.window->setPalette(QPalette());
    if (hasRealScreen())
        m_parts.window->setWindowState(m_windowStateBefore & ~Qt::WindowFullScreen);
    emit chartsShown();
}

// Type for the window's height: full screen, the screen's.
void Presentation::applyScale()
{
    const int pixels = bodyPixels(m_parts.window->height());
    if (pixels == m_bodyPixels && m_parts.window->font().resolveMask() != 0)
        return;
    m_bodyPixels = pixels;
    QFont f = QApplication::font();
    f.setPointSizeF(pixels * 72.0 / m_parts.window->logicalDpiY());
    m_parts.window->setFont(f);
    for (LedgerChart *c : m_parts.charts)
        c->setPresentationTextPixels(pixels);
    fitTourDock();
}

QList<LedgerChart *> Presentation::shownCharts() const
{
    QList<LedgerChart *> out;
    if (!m_active)
        return out;
    for (const QString &id : m_shownIds)
        if (LedgerChart *c = chartWithId(m_parts.charts, id))
            out << c;
    return out;
}

int Presentation::tabOf(const QStringList &chartIds) const
{
    const QTabWidget *views = m_parts.views;
    LedgerChart *c = chartIds.isEmpty() ? nullptr : chartWithId(m_parts.charts, chartIds.first());
    for (int i = 0; c && i < views->count(); ++i)
        if (views->widget(i)->isAncestorOf(c))
            return i;
    return -1;
}

QList<QStringList> Presentation::currentSlides() const
{
    return slides(m_parts.window->width() >= 2 * kChartWidthInLines * m_bodyPixels);
}

int Presentation::slideOfTab(int tab) const
{
    const QList<QStringList> s = currentSlides();
    for (int i = 0; i < s.size(); ++i)
        if (tabOf(s.at(i)) == tab)
            return i;
    return 0;
}

void Presentation::nextSlide()
{
    goToSlide(m_slide + 1);
}

void Presentation::previousSlide()
{
    goToSlide(m_slide - 1);
}

// Stops at either end: a clicker pressed once too often stays on the last chart.
void Presentation::goToSlide(int slide)
{
    const QList<QStringList> s = currentSlides();
    if (slide < 0 || slide >= s.size())
        return;
    m_slide = slide;
    m_parts.views->setCurrentIndex(tabOf(s.at(slide)));
    showSlide();
}

// The tour's chart alone while the tour runs; otherwise the current slide's chart or pair.
void Presentation::showSlide()
{
    if (!m_active)
        return;
    const int tab = m_parts.views->currentIndex();
    QStringList ids;
    const TourPanel *tour = m_parts.tour;
    if (tour->isRunning() && tour->step() >= 0) {
        const QString id = tour->stepAt(tour->step()).chartId;
        if (tabOf({id}) == tab)
            ids = {id};
    }
    if (ids.isEmpty()) {
        const QList<QStringList> s = currentSlides();
        // A resize between pairs and single charts: the slide that holds what was shown.
        if (s.size() != m_slideCount) {
            for (int i = 0; !m_shownIds.isEmpty() && i < s.size(); ++i)
                if (s.at(i).contains(m_shownIds.first()))
                    m_slide = i;
            m_slideCount = int(s.size());
        }
        m_slide = std::clamp(m_slide, 0, int(s.size()) - 1);
        if (tabOf(s.at(m_slide)) != tab)
            m_slide = slideOfTab(tab);
        ids = s.at(m_slide);
    }
    if (ids == m_shownIds)
        return;
    restoreHidden();
    QList<QWidget *> keep;
    for (const QString &id : std::as_const(ids))
        if (LedgerChart *c = chartWithId(m_parts.charts, id))
            keep << c;
    if (QWidget *page = m_parts.views->currentWidget())
        isolate(page, keep);
    m_shownIds = ids;
    emit chartsShown();
    refreshHeadlines();
}

// Hides every part of `parent` that neither is nor holds one of `keep`; the layouts and splitters
// give the room to what is left.
void Presentation::isolate(QWidget *parent, const QList<QWidget *> &keep)
{
    for (QWidget *child : parent->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (child->isWindow() || child->isHidden() || qobject_cast<QSplitterHandle *>(child) ||
            keep.contains(child))
            continue;
        const bool holds = std::any_of(keep.cbegin(), keep.cend(),
                                       [child](QWidget *k) { return child->isAncestorOf(k); });
        if (holds) {
            isolate(child, keep);
        } else {
            child->hide();
            m_hiddenParts << child;
        }
    }
}

void Presentation::restoreHidden()
{
    for (const QPointer<QWidget> &w : std::as_const(m_hiddenParts))
        if (w)
            w->show();
    m_hiddenParts.clear();
}

QList<Headline> Presentation::ledgerHeadlines() const
{
    const ScenarioController *c = m_parts.controller;
    const ByteUnits units = m_parts.view->units();
    const QString tab = pageIds().value(m_parts.views->currentIndex());
    const QList<LedgerRow> rows = ledgerRows(c->scenario(), c->ledger(), units);
    QList<Headline> out;
    for (const QString &key : headlineKeys(tab)) {
        for (const LedgerRow &r : rows) {
            if (r.key != key)
                continue;
            // The ledger writes this row as its formula; the strip shows the result.
            out << Headline{r.label, key == u"kv_bytes_per_token"
                                         ? formatBytes(double(c->ledger().kvBytesPerToken), units)
                                         : r.value};
            break;
        }
    }
    return out;
}

void Presentation::refreshHeadlines()
{
    if (!m_active)
        return;
    const TourPanel *tour = m_parts.tour;
    const bool touring = tour->isRunning() && !tour->headlines().isEmpty();
    m_strip->setHeadlines(touring ? tour->headlines() : ledgerHeadlines());
}

// The caption as tall as its text, no taller: the chart keeps the rest (in the normal window
// too, where a dock would otherwise keep the height of its longest step).
void Presentation::fitTourDock()
{
    QDockWidget *dock = dockOf(m_parts.tour);
    if (!dock || dock->isHidden() || dock->isFloating())
        return;
    m_parts.window->resizeDocks({dock}, {dock->minimumSizeHint().height()}, Qt::Vertical);
}

bool Presentation::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_parts.tour && event->type() == QEvent::Resize)
        QTimer::singleShot(0, this, &Presentation::fitTourDock);
    if (watched == m_parts.window && event->type() == QEvent::Resize && m_active) {
        applyScale();
        showSlide(); // pairs or single charts for the new width
    } else if (watched == m_parts.window && event->type() == QEvent::LanguageChange) {
        refreshHeadlines();
    }
    if (handleKey(watched, event))
        return true;
    return QObject::eventFilter(watched, event);
}

// While the tour runs its own keys drive it (Esc included, which ends it); otherwise these.
bool Presentation::handleKey(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress || !m_active || m_parts.tour->isRunning())
        return false;
    auto *w = qobject_cast<QWidget *>(watched);
    if (!w || w->window() != m_parts.window)
        return false;
    const auto *k = static_cast<QKeyEvent *>(event);
    if ((k->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier)
        return false;
    switch (k->key()) {
    case Qt::Key_Escape:
        setActive(false);
        return true;
    case Qt::Key_PageDown:
        nextSlide();
        return true;
    case Qt::Key_PageUp:
        previousSlide();
        return true;
    case Qt::Key_Right:
    case Qt::Key_Left:
        if (focusUsesArrowKeys(QApplication::focusWidget()))
            return false;
        k->key() == Qt::Key_Right ? nextSlide() : previousSlide();
        return true;
    default:
        return false;
    }
}

} // namespace kvl
