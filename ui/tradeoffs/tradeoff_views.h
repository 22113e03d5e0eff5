#pragma once

#include <QList>

class QWidget;

namespace kvl {

class LedgerChart;
class ScenarioController;

// The trade-off explorer's tab pages, each complete (controls and charts laid out), and every
// chart they hold, for Export All and the PDF report. The pages bring their charts up to date on
// the controller's changed() while visible; a hidden page catches up when shown, or once an edit
// has settled (never during a drag), so exports never show an older scenario.
struct TradeoffViews
{
    QWidget *strategies = nullptr; // KV strategies compared: table, loss notes, two charts
    QWidget *roofline = nullptr;   // the roofline with decode and prefill points
    QWidget *mass = nullptr;       // the attention-mass analyzer and its two charts
    QList<LedgerChart *> charts;
};

TradeoffViews createTradeoffViews(ScenarioController *controller, QWidget *parent);

} // namespace kvl
