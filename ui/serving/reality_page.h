#pragma once

#include <QList>

class QWidget;

namespace kvl {

class LedgerChart;
class ScenarioController;
class ViewPage;
class ViewSettings;

// The Reality tab: every bundled measured run against its calibrated prediction (time per
// output token or to the first token), the scenario's architecture on its GPU ringed, and what
// each engine reaches: its error and the share of the floor's speed.
ViewPage *realityPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                      QList<LedgerChart *> &charts);

} // namespace kvl
