#include "wrapped_label.h"

#include <algorithm>

namespace kvl {

WrappedLabel::WrappedLabel(QWidget *parent) : QLabel(parent) {}

int WrappedLabel::heightForWidth(int width) const
{
    Measured now{text(),   font(),       alignment(),       wordWrap(),     margin(),
                 indent(), frameWidth(), contentsMargins(), minimumWidth(), maximumWidth()};
    if (!(now == m_measured)) {
        m_measured = std::move(now);
        m_heights.clear();
    }
    const auto known = std::find_if(m_heights.cbegin(), m_heights.cend(),
                                    [width](const Height &h) { return h.width == width; });
    if (known != m_heights.cend())
        return known->height;
    if (m_heights.size() == kWidths)
        m_heights.remove(0);
    m_heights.append({width, QLabel::heightForWidth(width)});
    return m_heights.last().height;
}

} // namespace kvl
