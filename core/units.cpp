#include "units.h"
#include "input_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>

using namespace Qt::StringLiterals;

namespace kvl {

namespace {

class UnitsText
{
    Q_DECLARE_TR_FUNCTIONS(UnitsText)
public:
    static std::optional<qint64> fail(QString *error, const QString &why)
    {
        if (error)
            *error = why;
        return std::nullopt;
    }
    static std::optional<qint64> notACount(QString *error, QStringView text)
    {
        return fail(error, tr("\"%1\" is not a token count").arg(shownInput(text)));
    }
};

// `t` with '.' as the decimal point and no grouping: "1.5M", "128000", "1e6".
std::optional<qint64> parsePlain(const QString &t, QStringView text, QString *error)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^([0-9]+(?:\.[0-9]+)?)(?:[eE][+]?([0-9]+))?\s*([kKmMgGtT]i?)?$)"));
    const auto match = re.match(t);
    if (!match.hasMatch())
        return UnitsText::notACount(error, text);
    const QString suffix = match.captured(3);
    const int power =
        suffix.isEmpty() ? 0 : int(QStringLiteral("kmgt").indexOf(suffix.at(0).toLower())) + 1;
    const bool binary = suffix.size() == 2;
    // An SI suffix joins the decimal exponent, so that "2.03k" is read as the decimal 2.03e3
    // (exactly 2030), not as the double nearest 2.03 times 1000 (2029.9999999999998).
    // Binary scales are powers of two, exact in a double.
    bool ok = true;
    qint64 exponent = match.hasCaptured(2) ? match.captured(2).toLongLong(&ok) : 0;
    // Past 10^100000 every double is infinite or zero; the cap keeps the sum from overflowing.
    exponent = std::min<qint64>(exponent, 100'000) + (binary ? 0 : 3 * power);
    double value =
        ok ? QString(match.captured(1) + u'e' + QString::number(exponent)).toDouble(&ok) : 0.0;
    if (binary)
        value *= std::pow(1024.0, power);
    if (!ok || !std::isfinite(value) || value > 1e18)
        return UnitsText::fail(error, UnitsText::tr("\"%1\" is too large").arg(shownInput(text)));
    if (value != std::floor(value))
        return UnitsText::fail(
            error, UnitsText::tr("\"%1\" is not a whole number of tokens").arg(shownInput(text)));
    return static_cast<qint64>(value);
}

} // namespace

std::optional<qint64> parseTokenCount(QStringView text, QString *error)
{
    const QString t = text.trimmed().toString().remove(u',').remove(u'_');
    return parsePlain(t, text, error);
}

std::optional<qint64> parseTokenCount(QStringView text, const QLocale &locale, QString *error)
{
    const QString group = locale.groupSeparator();
    const QString point = locale.decimalPoint();
    QString t = text.trimmed().toString().remove(u'_');
    // Groups of three only: in Portuguese "1.5M" is a slip, not 15M.
    if (!group.isEmpty() && t.contains(group)) {
        const QString g = QRegularExpression::escape(group);
        const QRegularExpression grouped(u"^[0-9]{1,3}(?:"_s + g + u"[0-9]{3})+(?![0-9])"_s);
        if (!grouped.match(t).hasMatch())
            return UnitsText::notACount(error, text);
        t.remove(group);
    }
    if (point != u".") {
        if (t.contains(u'.'))
            return UnitsText::notACount(error, text);
        t.replace(point, QStringLiteral("."));
    }
    return parsePlain(t, text, error);
}

QLocale numberLocale()
{
    // The C locale groups nothing, so it reads as English.
    const QLocale l;
    return l.language() == QLocale::C ? QLocale(QLocale::English, QLocale::UnitedStates) : l;
}

QString formatInteger(qint64 value)
{
    return numberLocale().toString(value);
}

QString formatInteger(double value)
{
    if (std::fabs(value) < kExactIntegerLimit)
        return formatInteger(static_cast<qint64>(std::llround(value)));
    return numberLocale().toString(value, 'e', 6);
}

QString formatNumber(double value, int significant)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    if (value == 0)
        return QStringLiteral("0");
    const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const int decimals = std::max(0, significant - 1 - magnitude);
    if (magnitude >= 15)
        return numberLocale().toString(value, 'g', significant);
    const QLocale locale = numberLocale();
    QString text = locale.toString(value, 'f', decimals);
    // "8×", not "8.00×": trailing zeros claim a precision the number does not need.
    if (decimals > 0) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(locale.decimalPoint()))
            text.chop(locale.decimalPoint().size());
    }
    return text;
}

QString formatTokenCount(qint64 tokens)
{
    static const char suffixes[] = {'k', 'M', 'G', 'T'};
    if (std::llabs(tokens) < 1000)
        return formatInteger(tokens);
    // Rounded to 3 digits first, so that 999,999 reads "1M", not "1,000k".
    double v = double(tokens);
    const double unit = std::pow(10.0, std::floor(std::log10(std::fabs(v))) - 2);
    v = std::round(v / unit) * unit;
    int i = -1;
    while (std::fabs(v) >= 1000 && i + 1 < int(std::size(suffixes))) {
        v /= 1000;
        ++i;
    }
    return formatNumber(v, 3) + QLatin1Char(suffixes[i]);
}

QString formatBytes(double bytes, ByteUnits units, int significant)
{
    static const char *const si[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
    static const char *const bin[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    const double base = units == ByteUnits::SI ? 1000.0 : 1024.0;
    int i = 0;
    double v = bytes;
    while (std::fabs(v) >= base && i < 6) {
        v /= base;
        ++i;
    }
    const char *unit = units == ByteUnits::SI ? si[i] : bin[i];
    if (i == 0)
        return formatInteger(bytes) + u" B";
    // Exact multiples read better without trailing zeros: "320 KiB", not "320.0 KiB".
    const QString number =
        v == std::floor(v) && std::fabs(v) < 1e6 ? formatInteger(v) : formatNumber(v, significant);
    return number + u' ' + QString::fromLatin1(unit);
}

QString formatBytesExact(double bytes)
{
    if (bytes == std::floor(bytes) && std::fabs(bytes) < kExactIntegerLimit)
        return formatInteger(bytes) + u" B";
    return formatBytes(bytes, ByteUnits::SI);
}

QString formatSeconds(double seconds, int significant)
{
    if (!std::isfinite(seconds))
        return QStringLiteral("—");
    const double a = std::fabs(seconds);
    if (a == 0)
        return QStringLiteral("0 s");
    if (a < 1e-6)
        return formatNumber(seconds * 1e9, significant) + u" ns";
    if (a < 1e-3)
        return formatNumber(seconds * 1e6, significant) + u" µs";
    if (a < 1)
        return formatNumber(seconds * 1e3, significant) + u" ms";
    if (a < 120)
        return formatNumber(seconds, significant) + u" s";
    if (a < 7200)
        return formatNumber(seconds / 60, significant) + u" min";
    if (a < 172800)
        return formatNumber(seconds / 3600, significant) + u" h";
    return UnitsText::tr("%1 days").arg(formatNumber(seconds / 86400, significant));
}

QString formatRate(double bytesPerSecond, ByteUnits units)
{
    return formatBytes(bytesPerSecond, units, 3) + u"/s";
}

} // namespace kvl
