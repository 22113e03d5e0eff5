#pragma once

#include <QJsonObject>
#include <QList>
#include <algorithm>

// Median and 99th percentile of samples in nanoseconds, as a JSON object in microseconds.
inline QJsonObject benchStats(QList<qint64> ns)
{
    std::sort(ns.begin(), ns.end());
    const auto at = [&](double q) {
        return ns.at(std::min<qsizetype>(ns.size() - 1, qsizetype(q * ns.size()))) / 1000.0;
    };
    return QJsonObject{{QStringLiteral("runs"), ns.size()},
                       {QStringLiteral("median_us"), at(0.5)},
                       {QStringLiteral("p99_us"), at(0.99)},
                       {QStringLiteral("min_us"), ns.first() / 1000.0}};
}
