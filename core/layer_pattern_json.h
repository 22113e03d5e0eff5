#pragma once

#include "layer_type.h"
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <optional>

namespace kvl {

// A model's layers as JSON. A pattern of plain kinds is a list of kind keys,
// "layer_pattern": ["window", "full"], as every file before layer types wrote it. Layers with
// shapes of their own add a table, "layer_types": [{"kind": "window", "kv_heads": 8, ...}, ...],
// and the pattern then lists indices into it, "layer_pattern": [0, 1, 1, 1]. Fields a type does
// not state follow the model's main shape.
void layerPatternToJson(const QList<LayerType> &pattern, QJsonObject &into);
// nullopt and *error naming the entry ("layer_pattern[3]: 7 is not an index into layer_types
// (2 entries)") when either is malformed. `types` may be undefined.
std::optional<QList<LayerType>> layerPatternFromJson(const QJsonValue &types,
                                                     const QJsonValue &pattern, QString *error);

} // namespace kvl
