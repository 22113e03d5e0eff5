#pragma once

#include "scenario_file.h"

#include <QJsonObject>
#include <optional>

namespace kvl {

// A .kvledger file's "view" object: only the parts a ViewState holds are written.
QJsonObject viewToJson(const ViewState &v);
// Every part checked: a bad one is an error naming it ("view: session: ...").
std::optional<ViewState> viewFromJson(const QJsonObject &o, QString *error);

} // namespace kvl
