#pragma once

#include <QList>

class QWidget;

namespace kvl {

// Tab moves through `regions` in the order given (the scenario on the left, the views in the
// centre, then the ledger and the GPU panel on the right), each region's own order kept, rather
// than in the order they were built.
void orderFocus(const QList<QWidget *> &regions);

} // namespace kvl
