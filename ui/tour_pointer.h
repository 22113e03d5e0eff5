#pragma once

#include <QList>
#include <QString>

class QColor;
class QWidget;

namespace kvl {

class LedgerChart;

// Points at the chart a tour step talks about: framed in `frame`, scrolled into view in every
// scroll area around it (now and once the layout has settled: the tour's dock takes room as it
// opens), the other charts dimmed. An empty id clears every mark.
void pointAtChart(const QList<LedgerChart *> &charts, const QString &chartId, const QColor &frame);

// Scrolls the scroll areas around `w` so that it is in view: whole when it fits, else its top.
void scrollIntoView(QWidget *w);

} // namespace kvl
