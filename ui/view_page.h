#pragma once

#include <QWidget>
#include <functional>

namespace kvl {

struct Ledger;
struct Scenario;
class ScenarioController;

// A tab page of the window, with the one refresh policy every tab follows: it redraws on each
// change while visible (or while its window was never shown: tests and screenshots have no later
// moment); a hidden page only marks itself stale and redraws when shown, or when asked to catch up
// (exports and the report do, so that they never show an older scenario). A change thus costs the
// visible tab's series alone, however many tabs there are.
class ViewPage : public QWidget
{
    Q_OBJECT
public:
    using Refresh = std::function<void(const Scenario &, const Ledger &)>;
    ViewPage(ScenarioController *controller, const QString &name, QWidget *parent);

    void setRefresh(Refresh refresh);
    // Redraws now.
    void refresh();
    // Redraws now if a change was missed (before an export).
    void catchUp();

protected:
    bool event(QEvent *e) override;

private:
    ScenarioController *m_controller;
    Refresh m_refresh;
    bool m_stale = true;
};

} // namespace kvl
