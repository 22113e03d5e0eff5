#pragma once

#include <QList>

class QWidget;

namespace kvl {

class LedgerChart;
class ScenarioController;
class ViewPage;
class ViewSettings;

// The Cost tab: the four cost charts (memory, time per token, GQA against MHA, precision) in two
// columns, one on a narrow screen, scrolled where the rows do not fit, drawn from one computation
// of core's series per change.
ViewPage *costPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                   QList<LedgerChart *> &charts);

} // namespace kvl
