#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace kvl {

// One tab of the window, declared once: the window's tab bar, its retranslation, documents,
// --view, the tour and presentation mode all read this list.
struct PageInfo
{
    QString id;               // "cost": --view, .kvledger files and tour steps name the tab by it
    const char *title;        // untranslated; title() translates it
    const char *toolTip;      // likewise
    QStringList headlineKeys; // the ledger rows presentation mode shows large beside the tab

    QString translatedTitle() const;
    QString translatedToolTip() const;
};

// The tabs in their order.
const QList<PageInfo> &pageInfos();
QStringList pageIds();
// The tab's entry; nullptr for an id no tab has.
const PageInfo *pageInfo(const QString &id);

} // namespace kvl
