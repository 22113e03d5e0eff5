#pragma once

#include "parallel.h"
#include <QList>
#include <QString>
#include <optional>

namespace kvl {

// A GPU in the system it is served in: its links and its architecture (the key engine constants
// are fitted per). Bundled in resources/calibration/systems.json.
struct SystemInfo
{
    QString name;         // "h200_sxm", as the measured runs name it
    QString gpuId;        // the GPU preset: "h200"
    QString architecture; // "hopper", "blackwell"; empty when unknown
    Interconnect links;
    QString source;
};

const QList<SystemInfo> &bundledSystems();
std::optional<SystemInfo> systemByName(const QString &name);
// The system of a GPU preset; a GPU the file does not list gets PCIe-class links (64 GB/s one
// way within 8 GPUs, 25 GB/s beyond) and no architecture.
SystemInfo systemForGpu(const QString &gpuId);

} // namespace kvl
