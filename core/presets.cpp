#include "presets.h"

#include "file_text.h"
#include "json_keys.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace kvl {

using namespace Qt::StringLiterals;

namespace {

std::optional<QJsonObject> presetObject(const QByteArray &data, QString *error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(data, &pe);
    if (pe.error != QJsonParseError::NoError) {
        *error = FileText::tr("not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *error = FileText::tr("not a JSON object");
        return std::nullopt;
    }
    if (*error = duplicateJsonKeyError(data); !error->isEmpty())
        return std::nullopt;
    return doc.object();
}

template <typename T> T named(T item)
{
    if (item.name.isEmpty())
        item.name = item.id;
    return item;
}

template <typename T>
std::optional<T> readPreset(const QByteArray &data,
                            std::optional<T> (*fromJson)(const QJsonObject &, QString *),
                            QString *error)
{
    QString why;
    std::optional<T> item;
    if (const auto object = presetObject(data, &why))
        item = fromJson(*object, &why);
    if (item && item->id.isEmpty()) {
        why = FileText::tr("id: missing");
        item.reset();
    }
    if (!item && error)
        *error = why;
    return item ? std::optional<T>(named(*item)) : std::nullopt;
}

} // namespace

std::optional<ModelSpec> readModelPreset(const QByteArray &data, QString *error)
{
    return readPreset(data, modelFromJson, error);
}

std::optional<GpuSpec> readGpuPreset(const QByteArray &data, QString *error)
{
    return readPreset(data, gpuFromJson, error);
}

} // namespace kvl
