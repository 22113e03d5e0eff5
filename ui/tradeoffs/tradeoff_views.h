#pragma once

#include <QList>

class QWidget;

namespace kvl {

class LedgerChart;
class ScenarioController;
class ViewPage;

// The trade-off explorer's tab pages, each complete (controls and charts laid out), and every
// chart they hold, for Export All and the PDF report. Each page refreshes as every ViewPage does.
struct TradeoffViews
{
    ViewPage *strategies = nullptr; // KV strategies compared: table, loss notes, two charts
    ViewPage *roofline = nullptr;   // the roofline with decode and prefill points
    ViewPage *mass = nullptr;       // the attention-mass analyzer and its two charts
    QList<LedgerChart *> charts;
};

TradeoffViews createTradeoffViews(ScenarioController *controller, QWidget *parent);

} // namespace kvl
