#pragma once

#include <QFontMetricsF>
#include <QString>

namespace kvl {

// `text` as it fits `room` pixels: as it is when it does, else as rich text on two lines broken
// at the space that balances them best (Qt Charts would cut it to "Time per tok…").
QString twoLines(const QString &text, const QFontMetricsF &fm, qreal room);

} // namespace kvl
