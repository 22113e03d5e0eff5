#pragma once

#include "headline.h"
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

class QAction;
class QMainWindow;
class QTabWidget;
class QWidget;

namespace kvl {

class HeadlineStrip;
class LedgerChart;
class ScenarioController;
class TourPanel;
class ViewSettings;

// The parts of the window presentation mode rearranges and reads.
struct PresentationParts
{
    QMainWindow *window;
    QTabWidget *views; // the central widget outside presentation mode
    TourPanel *tour;   // in a dock of `window`
    ScenarioController *controller;
    const ViewSettings *view;
    QList<LedgerChart *> charts; // every chart of every view
};

// Presentation mode, for a projector: full screen, no docks, menus, tool or status bars; one chart
// (or a pair) of the current view large, its three or four headline numbers above it in large
// type, and the tour's caption below while the tour runs. Type follows the screen: body text is
// 28 px at 1080 lines, in proportion on smaller screens.
// Keys (clickers send PageDown and PageUp): while the tour runs they move the tour; otherwise
// PageDown, PageUp, Right and Left step through the views' charts. Esc ends the tour first, then
// presentation mode; F11 toggles it.
class Presentation : public QObject
{
    Q_OBJECT
public:
    explicit Presentation(const PresentationParts &parts);
    ~Presentation() override;

    void setActive(bool on);

    // Body text in pixels for a screen `height` pixels high.
    static int bodyPixels(int height);
    int currentBodyPixels() const { return m_bodyPixels; }
    HeadlineStrip *headlineStrip() const { return m_strip; }
    // The charts shown large now; empty outside presentation mode.
    QList<LedgerChart *> shownCharts() const;
    // Outside the tour: the next or previous chart (or pair), across the views.
    void nextSlide();
    void previousSlide();

signals:
    void activeChanged(bool on);
    // Charts hidden to make room are visible again: the window brings them up to date.
    void chartsShown();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void enter();
    void leave();
    void applyScale();
    void showSlide();
    void isolate(QWidget *parent, const QList<QWidget *> &keep);
    void restoreHidden();
    void refreshHeadlines();
    QList<Headline> ledgerHeadlines() const;
    void fitTourDock();
    QList<QStringList> currentSlides() const;
    int slideOfTab(int tab) const;
    void goToSlide(int slide);
    int tabOf(const QStringList &chartIds) const;
    bool handleKey(QObject *watched, QEvent *event);

    PresentationParts m_parts;
    QWidget *m_stage;       // the central widget while active: the strip above the views
    HeadlineStrip *m_strip; // in the stage
    QWidget *m_blankTitle;  // the tour dock's title bar while active: none
    QStringList m_shownIds;
    int m_slide = 0;
    int m_slideCount = 0; // of currentSlides() when m_slide was set
    int m_bodyPixels = 0;
    bool m_active = false;
    bool m_menuBarWasVisible = true;
    bool m_statusBarWasVisible = true;
    Qt::WindowStates m_windowStateBefore;
    QList<QPointer<QWidget>> m_hiddenBars;   // docks and tool bars, shown again on leaving
    QList<QPointer<QWidget>> m_hiddenParts;  // parts of a view around its shown charts
    QList<QPointer<QAction>> m_addedActions; // menu shortcuts kept working without the menus
};

} // namespace kvl
