#pragma once

#include <QByteArrayView>
#include <QString>

namespace kvl {

// The first key that appears twice in one object of `json` (already known to be valid JSON),
// as a path such as "model.layers"; empty when every key is unique. QJsonDocument keeps the last
// of two equal keys without a word, so a file with "context": 1000 ... "context": 1000000 would
// be read as whichever came last.
QString duplicateJsonKey(QByteArrayView json);

// "key "model.layers" appears twice; which one is meant?", or empty.
QString duplicateJsonKeyError(QByteArrayView json);

} // namespace kvl
