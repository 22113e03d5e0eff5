#pragma once

#include <QList>

class QWidget;

namespace kvl {

class LedgerChart;
class ScenarioController;
class ViewPage;
class ViewSettings;

// The trade-off explorer's tab pages (pages.h lists them), each complete: controls and charts
// laid out, its charts added to `charts`, refreshed as every ViewPage is.
// KV strategies compared: table, loss notes, two charts.
ViewPage *strategiesPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                         QList<LedgerChart *> &charts);
// The roofline with the decode and prefill points.
ViewPage *rooflinePage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                       QList<LedgerChart *> &charts);
// The attention-mass analyzer and its two charts.
ViewPage *massPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                   QList<LedgerChart *> &charts);

} // namespace kvl
