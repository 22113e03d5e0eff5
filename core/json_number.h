#pragma once

#include "units.h"
#include <QJsonValue>
#include <cmath>

namespace kvl {

// Whole numbers a double holds exactly are written as JSON integers (327680, not 3.2768e+05).
inline QJsonValue jsonNumber(double v)
{
    if (v == std::floor(v) && std::fabs(v) < kExactIntegerLimit)
        return QJsonValue(qint64(v));
    return QJsonValue(v);
}

} // namespace kvl
