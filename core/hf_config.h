#pragma once

#include "model_spec.h"
#include <QByteArray>
#include <QString>
#include <optional>

namespace kvl {

// What was inferred or estimated ("head_dim absent: hidden_size / num_attention_heads = 128")
// is in model.notes, kept with the model wherever it goes.
struct HfImport
{
    ModelSpec model;
};

// A ModelSpec from a Hugging Face config.json. On failure returns nullopt and sets *error to a
// message naming the field ("num_hidden_layers: missing", "head_dim: -3 is not a positive
// integer").
std::optional<HfImport> importHfConfig(const QByteArray &json, QString *error);
// The same from a file; every *error starts with the path ("PATH: num_hidden_layers: missing").
std::optional<HfImport> importHfConfigFile(const QString &path, QString *error);

} // namespace kvl
