#include "systems.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kvl {

namespace {
QList<SystemInfo> readSystems()
{
    QFile f(QStringLiteral(":/calibration/systems.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QList<SystemInfo> out;
    const QJsonArray list =
        QJsonDocument::fromJson(f.readAll()).object().value(u"systems").toArray();
    for (const QJsonValue v : list) {
        const QJsonObject o = v.toObject();
        SystemInfo sys;
        sys.name = o.value(u"name").toString();
        sys.gpuId = o.value(u"gpu").toString();
        sys.architecture = o.value(u"architecture").toString();
        sys.links.nvlinkBandwidth = o.value(u"nvlink_bytes_per_second").toDouble();
        sys.links.networkBandwidth = o.value(u"network_bytes_per_second").toDouble();
        sys.links.domainGpus = o.value(u"domain_gpus").toInt(1);
        sys.source = o.value(u"source").toString();
        out << sys;
    }
    return out;
}
} // namespace

const QList<SystemInfo> &bundledSystems()
{
    static const QList<SystemInfo> systems = readSystems();
    return systems;
}

std::optional<SystemInfo> systemByName(const QString &name)
{
    for (const SystemInfo &s : bundledSystems())
        if (s.name == name)
            return s;
    return std::nullopt;
}

SystemInfo systemForGpu(const QString &gpuId)
{
    for (const SystemInfo &s : bundledSystems())
        if (s.gpuId == gpuId)
            return s;
    SystemInfo pcie;
    pcie.gpuId = gpuId;
    pcie.links = {64e9, 25e9, 8};
    pcie.source = QStringLiteral("assumed PCIe 5.0 x16 links");
    return pcie;
}

} // namespace kvl
