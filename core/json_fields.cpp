#include "json_fields.h"

#include "file_text.h"

#include <cmath>

namespace kvl::json_fields {

bool fail(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return false;
}

bool readInteger(const QJsonObject &o, const char *key, qint64 &out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return fail(error, FileText::tr("%1: missing").arg(QLatin1String(key)));
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 1e15)
        return fail(error, FileText::tr("%1: not a whole number").arg(QLatin1String(key)));
    out = qint64(d);
    return true;
}

bool readNumber(const QJsonObject &o, const char *key, double &out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return fail(error, FileText::tr("%1: missing").arg(QLatin1String(key)));
    if (!v.isDouble())
        return fail(error, FileText::tr("%1: not a number").arg(QLatin1String(key)));
    out = v.toDouble();
    return true;
}

bool readOptionalNumber(const QJsonObject &o, const char *key, double &out, QString *error)
{
    return !o.contains(QLatin1String(key)) || readNumber(o, key, out, error);
}

bool readPrecision(const QJsonObject &o, const char *key, Precision &out, QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    QString why;
    const auto p = v.isString() ? Precision::parse(v.toString(), &why) : std::nullopt;
    if (!p)
        return fail(error, FileText::tr("%1: %2").arg(
                               QLatin1String(key), why.isEmpty() ? FileText::tr("missing") : why));
    out = *p;
    return true;
}

bool readText(const QJsonObject &o, const char *key, qsizetype maxLength, QString &out,
              QString *error)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isString() || v.toString().size() > maxLength)
        return fail(error, FileText::tr("%1: not a text of at most %2 characters")
                               .arg(QLatin1String(key))
                               .arg(maxLength));
    out = v.toString();
    return true;
}

} // namespace kvl::json_fields
