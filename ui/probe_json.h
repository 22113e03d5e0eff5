#pragma once

#include "bandwidth_probe.h"
#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace kvl {

// kvledger-probe's --json output read back: what a measurement, a sweep and --list print. Output
// that is not what the probe writes gives nullopt and says why (translated), never a guess.
class ProbeJson
{
    Q_DECLARE_TR_FUNCTIONS(ProbeJson)
public:
    // One measurement (an object) or a sweep (an array of them).
    static std::optional<std::vector<gpu::Measurement>> measurements(const QByteArray &json,
                                                                     QString *error);
    static std::optional<gpu::DeviceList> devices(const QByteArray &json, QString *error);
};

} // namespace kvl
