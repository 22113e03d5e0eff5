#pragma once

#include "gpu_spec.h"
#include "model_spec.h"
#include <QJsonObject>
#include <QJsonValue>
#include <optional>

namespace kvl {

// A JSON number that must be an integer in [min, max]. Otherwise nullopt and *error says why,
// naming `field` ("layers: 80.5 is not an integer", "kv_heads: expected an integer, got a string").
std::optional<qint64> jsonInteger(const QJsonValue &v, const QString &field, qint64 min, qint64 max,
                                  QString *error);
// "a string (\"80\")", "a boolean (true)", "null": for messages about a value of the wrong type.
QString jsonValueText(const QJsonValue &v);

// Preset JSON (also the model part of a .kvledger scenario file).
std::optional<ModelSpec> modelFromJson(const QJsonObject &o, QString *error);
QJsonObject modelToJson(const ModelSpec &m);
std::optional<GpuSpec> gpuFromJson(const QJsonObject &o, QString *error);
QJsonObject gpuToJson(const GpuSpec &g);

} // namespace kvl
