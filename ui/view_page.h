#pragma once

#include <QWidget>
#include <functional>

class QTimer;

namespace kvl {

struct Ledger;
struct Scenario;
class ScenarioController;

// A tab page of the window, with the one refresh policy every tab follows: it redraws on each
// change while visible (or while its window was never shown); a hidden page catches up when shown,
// or once an edit has settled (after a drag, or a moment after a discrete edit), so that exports
// never show an older scenario.
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
    QTimer *m_catchUp;
    Refresh m_refresh;
    bool m_stale = true;
};

} // namespace kvl
