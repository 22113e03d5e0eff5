#include "probe_json.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace kvl {

namespace {

// Reads one object's fields, remembering the first that is missing or of the wrong type.
class Fields
{
public:
    explicit Fields(QJsonObject object) : m_object(std::move(object)) {}

    std::string text(const char *key)
    {
        return get(key, QJsonValue::String).toString().toStdString();
    }
    double number(const char *key) { return get(key, QJsonValue::Double).toDouble(); }
    uint64_t bytes(const char *key)
    {
        const double value = number(key);
        if (!(value >= 0 && value < 0x1p64) || value != double(uint64_t(value))) {
            bad(key);
            return 0;
        }
        return uint64_t(value);
    }
    bool flag(const char *key) { return get(key, QJsonValue::Bool).toBool(); }
    // A rate, null when the checksum failed.
    double rate(const char *key, bool checksumOk)
    {
        if (checksumOk)
            return number(key);
        get(key, QJsonValue::Null);
        return 0;
    }
    const QString &bad() const { return m_bad; }

private:
    QJsonValue get(const char *key, QJsonValue::Type type)
    {
        QJsonValue value = m_object.value(QLatin1String(key));
        if (value.type() != type)
            bad(key);
        return value;
    }
    void bad(const char *key)
    {
        if (m_bad.isEmpty())
            m_bad = QString::fromLatin1(key);
    }

    QJsonObject m_object;
    QString m_bad;
};

std::optional<QJsonDocument> parse(const QByteArray &json, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = ProbeJson::tr("not JSON (%1 at byte %2)")
                     .arg(parseError.errorString())
                     .arg(parseError.offset);
        return std::nullopt;
    }
    return doc;
}

QString badField(const QString &field)
{
    return ProbeJson::tr("the field “%1” is missing or of the wrong type").arg(field);
}

} // namespace

std::optional<std::vector<gpu::Measurement>> ProbeJson::measurements(const QByteArray &json,
                                                                     QString *error)
{
    const auto doc = parse(json, error);
    if (!doc)
        return std::nullopt;
    const QJsonArray items = doc->isArray() ? doc->array() : QJsonArray{doc->object()};
    if (items.isEmpty()) {
        *error = tr("a sweep without a single measurement");
        return std::nullopt;
    }
    std::vector<gpu::Measurement> results;
    for (const auto &item : items) {
        Fields f(item.toObject());
        gpu::Measurement m;
        m.device = f.text("device");
        m.bytes = f.bytes("bytes");
        m.checksumOk = f.flag("checksum_ok");
        m.medianGBps = f.rate("median_gbps", m.checksumOk);
        m.bestGBps = f.rate("best_gbps", m.checksumOk);
        m.samples = int(f.number("samples"));
        m.belowCache = f.flag("below_cache");
        m.bytesCounted = f.bytes("bytes_counted");
        m.seconds = f.number("seconds");
        m.method = f.text("method");
        if (!f.bad().isEmpty()) {
            *error = badField(f.bad());
            return std::nullopt;
        }
        results.push_back(std::move(m));
    }
    return results;
}

std::optional<gpu::DeviceList> ProbeJson::devices(const QByteArray &json, QString *error)
{
    const auto doc = parse(json, error);
    if (!doc)
        return std::nullopt;
    const QJsonObject top = doc->object();
    Fields list(top);
    gpu::DeviceList out;
    out.reason = list.text("cuda_reason");
    if (!list.bad().isEmpty() || !top.value(QLatin1String("devices")).isArray()) {
        *error = badField(list.bad().isEmpty() ? QStringLiteral("devices") : list.bad());
        return std::nullopt;
    }
    for (const auto &item : top.value(QLatin1String("devices")).toArray()) {
        Fields f(item.toObject());
        gpu::DeviceInfo d;
        d.id = f.text("id");
        d.name = f.text("name");
        d.smCount = int(f.number("sm_count"));
        d.memoryTotal = f.bytes("memory_total");
        d.memoryFree = f.bytes("memory_free");
        d.l2Bytes = f.bytes("cache_bytes");
        d.memoryClockHz = f.number("memory_clock_hz");
        d.busWidthBits = int(f.number("bus_width_bits"));
        d.theoreticalBandwidth = f.number("theoretical_gbps") * 1e9;
        d.threads = int(f.number("threads"));
        if (!f.bad().isEmpty()) {
            *error = badField(f.bad());
            return std::nullopt;
        }
        out.devices.push_back(std::move(d));
    }
    return out;
}

} // namespace kvl
