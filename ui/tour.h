#pragma once

#include "scenario.h"
#include <QList>
#include <QWidget>
#include <functional>

class QLabel;
class QPushButton;

namespace kvl {

class ScenarioController;

// One stop of the guided tour of the seed article: what it sets, which number it points at.
struct TourStep
{
    QString title;
    QString text;
    std::function<void(Scenario &)> apply; // starting from the seed scenario
    QString ledgerKey;                     // row to highlight
    QString chartId;                       // chart to highlight
};

QList<TourStep> seedTourSteps();

// The tour: sets the controls for each step, highlights the number in question, explains it in
// a sentence or two. Alt+Right / Alt+Left (or the buttons) move, Esc closes.
class TourPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TourPanel(ScenarioController *controller, QWidget *parent = nullptr);

    int step() const { return m_step; }
    int stepCount() const { return int(m_steps.size()); }
    void start();
    void goTo(int step);
    void next() { goTo(m_step + 1); }
    void back() { goTo(m_step - 1); }

signals:
    void highlightRequested(const QString &ledgerKey, const QString &chartId);
    void finished();

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();
    void show(int step);

    ScenarioController *m_controller;
    QList<TourStep> m_steps;
    int m_step = -1;
    QLabel *m_counter;
    QLabel *m_title;
    QLabel *m_text;
    QPushButton *m_back;
    QPushButton *m_next;
    QPushButton *m_close;
};

} // namespace kvl
