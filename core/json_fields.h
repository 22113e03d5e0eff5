#pragma once

// Internal to the scenario file's readers: each reads one field of a JSON object and, when it
// cannot, names the field and why in *error and returns false.

#include "precision.h"

#include <QJsonObject>
#include <QString>

namespace kvl::json_fields {

// Sets *error (where given) to `why`; returns false, for `return fail(...)`.
bool fail(QString *error, const QString &why);
// A whole number field, required.
bool readInteger(const QJsonObject &o, const char *key, qint64 &out, QString *error);
bool readNumber(const QJsonObject &o, const char *key, double &out, QString *error);
// A field added after version 1 was written: absent, the default stays.
bool readOptionalNumber(const QJsonObject &o, const char *key, double &out, QString *error);
bool readPrecision(const QJsonObject &o, const char *key, Precision &out, QString *error);
// A text of at most `maxLength` characters.
bool readText(const QJsonObject &o, const char *key, qsizetype maxLength, QString &out,
              QString *error);

} // namespace kvl::json_fields
