#pragma once

#include <QList>
#include <QPointF>
#include <QString>
#include <optional>

namespace kvl {

struct Scenario;

// A streaming-read measurement from the GPU panel (or kvledger-cli probe), kept with the scenario
// so the charts can set reality beside the datasheet.
struct MeasuredBandwidth
{
    QString device;     // "host", "cuda:0", "all"
    QString deviceName; // "NVIDIA H200", "AMD EPYC ... (2 threads)"
    double medianBytesPerSecond = 0;
    double bestBytesPerSecond = 0;
    qint64 bufferBytes = 0;
    QList<QPointF> sweep; // buffer bytes → median bytes/s

    QString validate() const; // empty when usable
    friend bool operator==(const MeasuredBandwidth &, const MeasuredBandwidth &) = default;
};

// The scenario with its efficiency set to measured / datasheet, so that core's ledger gives the
// time per token at the measured bandwidth. Unchanged when nothing was measured.
Scenario atMeasuredBandwidth(const Scenario &s);
// measured / datasheet, or nullopt.
std::optional<double> measuredEfficiency(const Scenario &s);

} // namespace kvl
