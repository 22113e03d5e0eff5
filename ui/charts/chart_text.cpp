#include "chart_text.h"

#include <cmath>
#include <limits>

namespace kvl {

QString twoLines(const QString &text, const QFontMetricsF &fm, qreal room)
{
    if (fm.horizontalAdvance(text) <= room)
        return text;
    qsizetype best = -1;
    qreal bestDifference = std::numeric_limits<qreal>::infinity();
    for (qsizetype i = text.indexOf(u' '); i > 0; i = text.indexOf(u' ', i + 1)) {
        const qreal d =
            std::abs(fm.horizontalAdvance(text.left(i)) - fm.horizontalAdvance(text.mid(i + 1)));
        if (d < bestDifference) {
            bestDifference = d;
            best = i;
        }
    }
    if (best < 0)
        return text;
    return text.left(best).toHtmlEscaped() + u"<br>" + text.mid(best + 1).toHtmlEscaped();
}

} // namespace kvl
