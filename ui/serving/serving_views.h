#pragma once

#include <QList>

class QWidget;

namespace kvl {

class LedgerChart;
class ScenarioController;
class ViewPage;
class ViewSettings;

// The serving economics tab pages (pages.h lists them; the Reality tab is reality_page.h's),
// each complete, its charts added to `charts`.
// Capacity as vLLM computes it, latency against throughput, published measurements beside the
// floor.
ViewPage *capacityPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                       QList<LedgerChart *> &charts);
// The cost of a token against the batch and the context.
ViewPage *tokenCostPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                        QList<LedgerChart *> &charts);
// An agent session turn by turn, prefix cache on and off.
ViewPage *sessionPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                      QList<LedgerChart *> &charts);

} // namespace kvl
