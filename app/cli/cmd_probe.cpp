#include "bandwidth_probe.h"
#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "scenario_options.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kvl::cli {

// A measurement whose checksum failed has no rates: null, never a number.
static QJsonValue rate(const gpu::Measurement &m, double gbps)
{
    return m.checksumOk ? QJsonValue(gbps) : QJsonValue(QJsonValue::Null);
}

static QJsonObject toJson(const gpu::Measurement &m)
{
    return QJsonObject{{QStringLiteral("device"), QString::fromStdString(m.device)},
                       {QStringLiteral("bytes"), qint64(m.bytes)},
                       {QStringLiteral("median_gbps"), rate(m, m.medianGBps)},
                       {QStringLiteral("best_gbps"), rate(m, m.bestGBps)},
                       {QStringLiteral("samples"), m.samples},
                       {QStringLiteral("checksum_ok"), m.checksumOk},
                       {QStringLiteral("below_cache"), m.belowCache},
                       {QStringLiteral("method"), QString::fromStdString(m.method)}};
}

int runProbe(const QStringList &args, QTextStream &out)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Measure streaming-read bandwidth: a CUDA GPU when one is present, else host memory."));
    p.addOptions({
        {QStringLiteral("device"),
         QStringLiteral("cuda:N, a set measured at once (cuda:0,1), all, or host (default: cuda:0 "
                        "when present)."),
         QStringLiteral("DEVICE")},
        {QStringLiteral("bytes"),
         QStringLiteral("Buffer size, e.g. 2Gi or 512Mi (default: 4x the cache)."),
         QStringLiteral("N")},
        {QStringLiteral("samples"), QStringLiteral("Timed samples (default 20)."),
         QStringLiteral("N")},
        {QStringLiteral("sweep"), QStringLiteral("Measure a series of buffer sizes.")},
        {QStringLiteral("json"), QStringLiteral("JSON output.")},
    });
    if (parseCommand(p, args, out))
        return 0;
    gpu::MeasureRequest r;
    const gpu::DeviceList cuda = gpu::cudaDevices();
    r.device = cuda.devices.empty() ? "host" : "cuda:0";
    if (p.isSet(QStringLiteral("device"))) {
        r.device = p.value(QStringLiteral("device")).toStdString();
        if (!gpu::parseDevice(r.device))
            throw UsageError{QStringLiteral("--device: \"%1\" is not cuda:N, cuda:N,M, all or host")
                                 .arg(shownInput(p.value(QStringLiteral("device"))))};
    }
    if (p.isSet(QStringLiteral("bytes")))
        r.bytes = uint64_t(tokenOption(p, QStringLiteral("bytes"), 4096, qint64(1) << 40));
    if (p.isSet(QStringLiteral("samples")))
        r.samples = intOption(p, QStringLiteral("samples"), 3, 10000);
    QTextStream err(stderr);
    if (r.device == "host" && !cuda.reason.empty() && !p.isSet(QStringLiteral("device")))
        err << "kvledger-cli: " << QString::fromStdString(cuda.reason)
            << "; measuring host memory\n";

    QJsonArray series;
    if (p.isSet(QStringLiteral("sweep"))) {
        auto result = gpu::sweep(r, 0, r.bytes, 0);
        if (!result.ok()) {
            err << "kvledger-cli: probe: " << QString::fromStdString(result.error) << '\n';
            return 1;
        }
        for (const auto &m : *result.value)
            series.append(toJson(m));
    } else {
        auto result = gpu::measure(r);
        if (!result.ok()) {
            err << "kvledger-cli: probe: " << QString::fromStdString(result.error) << '\n';
            return 1;
        }
        series.append(toJson(*result.value));
    }
    bool checksumsOk = true;
    for (const auto &v : series)
        checksumsOk = checksumsOk && v.toObject().value(QStringLiteral("checksum_ok")).toBool();
    if (p.isSet(QStringLiteral("json"))) {
        out << (p.isSet(QStringLiteral("sweep"))
                    ? QJsonDocument(series).toJson()
                    : QJsonDocument(series.first().toObject()).toJson());
    } else {
        for (const auto &v : series) {
            const QJsonObject o = v.toObject();
            const auto gbps = [&o](const QString &key) {
                const QJsonValue v = o.value(key);
                return v.isNull() ? QStringLiteral("void") : QString::number(v.toDouble(), 'f', 2);
            };
            out << o.value(QStringLiteral("device")).toString() << '\t'
                << o.value(QStringLiteral("bytes")).toInteger() << " B\t"
                << gbps(QStringLiteral("median_gbps")) << " GB/s median\t"
                << gbps(QStringLiteral("best_gbps")) << " GB/s best\tchecksum "
                << (o.value(QStringLiteral("checksum_ok")).toBool() ? "ok" : "WRONG") << '\n';
        }
    }
    if (!checksumsOk)
        err << "kvledger-cli: probe: the checksum did not match the fill pattern; the figures are "
               "void\n";
    return checksumsOk ? 0 : 1;
}

} // namespace kvl::cli
