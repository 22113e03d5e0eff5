#pragma once

#include "headline.h"
#include "ledger.h"
#include "scenario.h"
#include "units.h"
#include <QList>
#include <QWidget>
#include <functional>
#include <optional>

class QLabel;
class QPushButton;

namespace kvl {

class MassPanel;
class RooflineChart;
class ScenarioController;
class StrategyPanel;

// What a step's text may read from: the scenario and ledger the tour set, and the panels of the
// other tabs (null in a tour without them).
struct TourContext
{
    const Scenario &scenario;
    const Ledger &ledger;
    const StrategyPanel *strategies = nullptr;
    const RooflineChart *roofline = nullptr;
    const MassPanel *mass = nullptr;
};

// A step's words, the one number it points at (as the highlighted view shows it), and the three
// or four numbers presentation mode shows large beside the chart.
struct TourText
{
    QString text;
    QString figure;
    QList<Headline> headlines;
};

// One stop of the guided tour of the article: what it sets, which tab and number it points at.
struct TourStep
{
    QString title;
    std::function<void(Scenario &)> apply; // starting from the seed scenario
    QString tab;                           // one of MainWindow::tabIds()
    QString ledgerKey;                     // row to highlight
    QString chartId;                       // chart to highlight
    ByteUnits units = ByteUnits::SI;
    QList<int> strategyRows; // rows of the Strategies panel to check; the others unchecked
    std::function<TourText(const TourContext &)> compose; // from core's values, never typed digits
};

QList<TourStep> seedTourSteps();
// Whether the focused widget uses Left, Right and Space itself (a spin box, a slider, a text
// field, a list, a button): the tour and presentation mode then leave those keys to it.
bool focusUsesArrowKeys(const QWidget *focus);
// The article the tour follows, as it titles itself.
QString seedArticleTitle();

// The tour: sets the controls for each step, highlights the number in question, explains it in
// a sentence or two. PageDown/Space/Right (or the buttons) move on, PageUp/Left back, Esc closes.
class TourPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TourPanel(ScenarioController *controller, QWidget *parent = nullptr);

    // Panels of the other tabs whose figures the steps read and set.
    void setViews(StrategyPanel *strategies, RooflineChart *roofline, MassPanel *mass);

    int step() const { return m_step; }
    int stepCount() const { return int(m_steps.size()); }
    bool isRunning() const { return m_running; }
    const TourStep &stepAt(int i) const { return m_steps.at(i); }
    // The text and figure of the current step, as shown.
    QString text() const;
    QString figure() const { return m_figure; }
    const QList<Headline> &headlines() const { return m_headlines; }

    void start();
    void goTo(int step);
    void next() { goTo(m_step + 1); }
    void back() { goTo(m_step - 1); }
    // Moves on, or finishes after the last step.
    void forward();
    // Leaves the tour; the window restores the user's scenario on finished().
    void stop();

signals:
    void started();
    void stepShown(int step);
    void highlightRequested(const QString &ledgerKey, const QString &chartId);
    // The step's text and headlines were composed again (a new step, or its figures changed).
    void composed();
    void finished();

protected:
    void changeEvent(QEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;
    void showEvent(QShowEvent *e) override;
    bool eventFilter(QObject *watched, QEvent *e) override;

private:
    void begin();
    void retranslate();
    void applyFonts();
    void fitText();
    void show(int step);
    void recompose();

    ScenarioController *m_controller;
    StrategyPanel *m_strategies = nullptr;
    RooflineChart *m_roofline = nullptr;
    MassPanel *m_mass = nullptr;
    QList<TourStep> m_steps;
    QList<bool> m_savedChecks; // the user's strategy choices, restored on stop()
    int m_step = -1;
    bool m_running = false;
    QString m_figure;
    QList<Headline> m_headlines;
    QLabel *m_counter;
    QLabel *m_title;
    QLabel *m_text;
    QPushButton *m_back;
    QPushButton *m_next;
    QPushButton *m_close;
};

} // namespace kvl
