#pragma once

#include <QList>

class QWidget;

namespace kvl {

class LedgerChart;
class ScenarioController;
class ViewPage;

// The serving economics tab pages, each complete, and the charts they hold (for Export All and
// the report).
struct ServingViews
{
    ViewPage *capacity = nullptr;  // capacity as vLLM computes it, latency against throughput,
                                   // published measurements beside the floor
    ViewPage *tokenCost = nullptr; // the cost of a token against batch and context
    ViewPage *session = nullptr;   // an agent session, prefix cache on and off
    ViewPage *reality = nullptr;   // measured runs against the calibrated prediction
    QList<LedgerChart *> charts;
};

ServingViews createServingViews(ScenarioController *controller, QWidget *parent);

} // namespace kvl
