#pragma once

#include <QFont>
#include <algorithm>

namespace kvl {

// `font`, `scale` times its size, whether the desktop sets its type in points or in pixels (a
// font set in pixels has no point size to multiply).
inline QFont scaledFont(QFont font, qreal scale)
{
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * scale);
    else
        font.setPixelSize(std::max(1, qRound(font.pixelSize() * scale)));
    return font;
}

} // namespace kvl
