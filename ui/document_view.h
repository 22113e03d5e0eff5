#pragma once

#include "scenario_file.h"

#include <QStringList>

class QTabWidget;
class QWidget;

namespace kvl {

class MassPanel;
class RooflinePanel;
class StrategyPanel;
class ViewSettings;

// The parts of the window a .kvledger file keeps beside the scenario (ViewState): read when
// saving, set when opening, so that what-if work survives a save.
struct DocumentViews
{
    QTabWidget *tabs = nullptr;
    QStringList tabIds; // in tab order
    ViewSettings *view = nullptr;
    StrategyPanel *strategies = nullptr;
    RooflinePanel *roofline = nullptr;
    MassPanel *mass = nullptr;
    QWidget *session = nullptr; // the session page, with its turn fields
    QWidget *reality = nullptr; // the Reality page, with its quantity box
};

ViewState captureViewState(const DocumentViews &v);
// Parts the state does not hold stay as they are. A mass file that no longer exists is left
// unread (the panel says so when asked to analyse).
void applyViewState(const DocumentViews &v, const ViewState &state);

} // namespace kvl
