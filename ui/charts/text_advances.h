#pragma once

#include <QFont>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QHash>
#include <QString>

namespace kvl {

// Advances of strings in one font, each shaped once. A slider step re-measures what a view
// shows (column widths, a heading's lines as it wraps) though most of it did not change: a
// lookup here costs far less than shaping the text again. Metrics is QFontMetrics (whole pixels)
// or QFontMetricsF, whichever the layout measured with, so its results do not change.
template <class Metrics> class TextAdvances
{
public:
    using Advance = decltype(Metrics(QFont()).horizontalAdvance(QString()));

    Advance operator()(const QFont &font, const QString &text)
    {
        // A new font, or a long drag's worth of figures: start again.
        if (font != m_font || m_advances.size() > kMaxEntries) {
            m_font = font;
            m_advances.clear();
        }
        auto it = m_advances.constFind(text);
        if (it == m_advances.cend())
            it = m_advances.insert(text, Metrics(font).horizontalAdvance(text));
        return *it;
    }

private:
    static constexpr qsizetype kMaxEntries = 4096;
    QFont m_font;
    QHash<QString, Advance> m_advances;
};

} // namespace kvl
