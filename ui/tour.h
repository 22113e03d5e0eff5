#pragma once

#include "attention_mass.h"
#include "tour_steps.h"

#include <QList>
#include <QWidget>
#include <optional>

class QLabel;
class QPushButton;

namespace kvl {

class DecodeStepView;
class MassPanel;
class ScenarioController;
class StrategyPanel;

// Whether the focused widget uses Left, Right and Space itself (a spin box, a slider, a text
// field, a list, a button): the tour and presentation mode then leave those keys to it.
bool focusUsesArrowKeys(const QWidget *focus);
// The tour: sets the controls for each step (tour_steps.h), highlights the number in question,
// explains it in a few sentences, beside a picture of one decode step where the step draws on it.
// PageDown/Space/Right (or the buttons) move on, PageUp/Left back, Esc closes.
class TourPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TourPanel(ScenarioController *controller, QWidget *parent = nullptr);

    // Panels of the other tabs the steps set (checked strategies, the mass source); the user's
    // settings come back when the tour ends.
    void setViews(StrategyPanel *strategies, MassPanel *mass);

    int step() const { return m_step; }
    int stepCount() const { return int(m_steps.size()); }
    bool isRunning() const { return m_running; }
    const TourStep &stepAt(int i) const { return m_steps.at(i); }
    // The text and figure of the current step, as shown.
    QString text() const;
    QString figure() const { return m_figure; }
    const QList<Headline> &headlines() const { return m_headlines; }
    DecodeStepView *picture() const { return m_picture; }

    void start();
    // Goes on from the step shown, or back to the one last shown (the first if none).
    void resume();
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
    void showViews(const TourStep &t);
    void restoreViews();

    ScenarioController *m_controller;
    StrategyPanel *m_strategies = nullptr;
    MassPanel *m_mass = nullptr;
    QList<TourStep> m_steps;
    // The user's strategy choices and mass source, given back on stop().
    QList<bool> m_savedChecks;
    int m_savedRow = -1;
    struct SavedMass
    {
        QString file; // empty: the synthetic source below
        SyntheticMass synthetic;
        MassOptions options;
    };
    std::optional<SavedMass> m_savedMass; // only once a step changed it
    int m_step = -1;
    int m_lastStep = 0; // the step shown last, kept after the tour ends
    bool m_running = false;
    QString m_figure;
    QList<Headline> m_headlines;
    QLabel *m_counter;
    QLabel *m_title;
    QLabel *m_text;
    DecodeStepView *m_picture;
    QPushButton *m_back;
    QPushButton *m_next;
    QPushButton *m_close;
};

} // namespace kvl
