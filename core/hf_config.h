#pragma once

#include "model_spec.h"
#include <QByteArray>
#include <QString>
#include <optional>

namespace kvl {

struct HfImport
{
    ModelSpec model;
    QStringList notes; // what was inferred or estimated ("head_dim from hidden_size / heads")
};

// A ModelSpec from a Hugging Face config.json. On failure returns nullopt and sets *error to a
// message naming the field ("num_hidden_layers: missing", "head_dim: -3 is not a positive integer").
std::optional<HfImport> importHfConfig(const QByteArray &json, QString *error);
std::optional<HfImport> importHfConfigFile(const QString &path, QString *error);

} // namespace kvl
