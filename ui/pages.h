#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QWidget;

namespace kvl {

class LedgerChart;
class ScenarioController;
class ViewPage;
class ViewSettings;

// Builds a tab's page under `parent`, complete (controls and charts laid out, refreshed as every
// ViewPage is), and adds the charts it draws to `charts`: Export All, the report, presentation
// mode and the drag's interactive state go through them. Parts other than charts that show bytes
// read the units from `view`; the window hands `view` to the charts itself.
using PageFactory = ViewPage *(*)(ScenarioController *controller, const ViewSettings *view,
                                  QWidget *parent, QList<LedgerChart *> &charts);

// One tab of the window, declared once: the window's tab bar, its retranslation, documents,
// --view, the tour and presentation mode all read this list.
struct PageInfo
{
    QString id;               // "cost": --view, .kvledger files and tour steps name the tab by it
    const char *title;        // untranslated; title() translates it
    const char *toolTip;      // likewise
    QStringList headlineKeys; // the ledger rows presentation mode shows large beside the tab
    // Presentation mode's slides on this tab outside the tour, by chart id: each group side by
    // side where the screen is wide enough, else one chart at a time.
    QList<QStringList> slides;
    PageFactory create;
    // The window scrolls a page larger than its room; a page that scrolls its own parts (the
    // cost charts' grid) says false.
    bool scrolled = true;

    QString translatedTitle() const;
    QString translatedToolTip() const;
};

// The tabs in their order.
const QList<PageInfo> &pageInfos();
QStringList pageIds();
// The tab's entry; nullptr for an id no tab has.
const PageInfo *pageInfo(const QString &id);

} // namespace kvl
