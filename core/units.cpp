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

// Past this a count is no context length anyone means, and a double stops holding it exactly.
constexpr double kMaxTokenCount = 1e18;

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
    if (!ok || !std::isfinite(value) || value > kMaxTokenCount)
        return UnitsText::fail(error, UnitsText::tr("\"%1\" is too large").arg(shownInput(text)));
    if (value != std::floor(value))
        return UnitsText::fail(
            error, UnitsText::tr("\"%1\" is not a whole number of tokens").arg(shownInput(text)));
    return static_cast<qint64>(value);
}

// The digits of a count as typed, with '.' as the only decimal point and no grouping: "1,5" →
// "1.5", "1.000.000" → "1000000". `other` gets the second reading when the text has two.
struct Mantissa
{
    QString plain;
    QString other;
    bool grouping = false; // the separators were grouping but not in threes
    bool valid = true;
};

// Digits grouped in threes by `group`: "1,000,000", "128.000".
bool groupedInThrees(QStringView digits, QChar group)
{
    const QList<QStringView> parts = digits.split(group);
    if (parts.first().isEmpty() || parts.first().size() > 3)
        return false;
    return std::all_of(parts.begin() + 1, parts.end(), [](QStringView p) { return p.size() == 3; });
}

bool isDecimalMark(QChar c)
{
    return c == u',' || c == u'.';
}

// A separator groups when it comes twice or more, or before a decimal mark of the other kind;
// once, it is a decimal mark unless it could group (1 to 3 digits before it, exactly 3 after).
// Then it has two readings, unless it is the reader's own grouping in a count without exponent
// or suffix ("128,000" in English, "128.000" in Portuguese): "1,500k" is 1500k or 1.5k.
Mantissa readMantissa(QStringView m, QChar group, bool scaled)
{
    Mantissa out;
    QList<qsizetype> at;
    for (qsizetype i = 0; i < m.size(); ++i)
        if (!m.at(i).isDigit())
            at << i;
    if (at.isEmpty()) {
        out.plain = m.toString();
        return out;
    }
    out.valid = at.first() > 0 && at.last() + 1 < m.size();
    for (qsizetype k = 1; k < at.size(); ++k)
        out.valid = out.valid && at.at(k) > at.at(k - 1) + 1; // "1,,5" is nothing
    const QChar last = m.at(at.last());
    const auto lastCount =
        std::count_if(at.begin(), at.end(), [&](qsizetype i) { return m.at(i) == last; });
    if (!out.valid)
        return out;
    qsizetype point = -1;
    if (lastCount < qsizetype(at.size())) { // two kinds: the last one is the decimal mark
        out.valid = lastCount == 1 && isDecimalMark(last);
        point = at.last();
    } else if (lastCount == 1 && isDecimalMark(last)) {
        const QStringView before = m.first(at.last());
        const QStringView after = m.sliced(at.last() + 1);
        if (before.size() > 3 || after.size() != 3)
            point = at.last();
        else if (last != group || scaled) {
            QString decimal = before.toString() + u'.' + after.toString();
            while (decimal.endsWith(u'0'))
                decimal.chop(1);
            if (decimal.endsWith(u'.'))
                decimal.chop(1);
            out.plain = before.toString() + after.toString();
            out.other = decimal;
            return out;
        }
    }
    if (!out.valid)
        return out;
    const QStringView whole = point < 0 ? m : m.first(point);
    const auto firstMark =
        std::find_if(whole.begin(), whole.end(), [](QChar c) { return !c.isDigit(); });
    if (firstMark != whole.end()) {
        out.grouping = true;
        const QChar g = *firstMark;
        out.valid = std::all_of(whole.begin(), whole.end(),
                                [&](QChar c) { return c.isDigit() || c == g; }) &&
                    groupedInThrees(whole, g);
    }
    out.plain = whole.toString();
    if (out.grouping)
        out.plain.remove(*firstMark);
    if (point >= 0)
        out.plain += u'.' + m.sliced(point + 1).toString();
    return out;
}

} // namespace

std::optional<qint64> parseTokenCount(QStringView text, QString *error)
{
    return parseTokenCount(text, QLocale::c(), error);
}

std::optional<qint64> parseTokenCount(QStringView text, const QLocale &locale, QString *error)
{
    const QString group = locale.groupSeparator();
    const QChar g = group.size() == 1 ? group.at(0) : QChar(u',');
    const QStringView t = text.trimmed();
    qsizetype end = 0;
    while (end < t.size() &&
           (t.at(end).isDigit() || isDecimalMark(t.at(end)) || t.at(end) == u'_' || t.at(end) == g))
        ++end;
    const QString rest = t.sliced(end).toString();
    const Mantissa m = readMantissa(t.first(end), g, !rest.trimmed().isEmpty());
    if (!m.valid)
        return UnitsText::fail(
            error, m.grouping ? UnitsText::tr("\"%1\" is not a token count: group digits in "
                                              "threes (1,000,000) or not at all")
                                    .arg(shownInput(text))
                              : UnitsText::tr("\"%1\" is not a token count").arg(shownInput(text)));
    if (m.other.isEmpty())
        return parsePlain(m.plain + rest, text, error);
    // Two readings: the one that is a count, or a refusal that shows both.
    const auto grouped = parsePlain(m.plain + rest, text, nullptr);
    const auto decimal = parsePlain(m.other + rest, text, nullptr);
    if (grouped && decimal && *grouped != *decimal)
        return UnitsText::fail(
            error, UnitsText::tr("\"%1\" could be %2 or %3: write one of them")
                       .arg(shownInput(text), m.plain + rest.trimmed(), m.other + rest.trimmed()));
    if (grouped || decimal)
        return grouped ? grouped : decimal;
    return parsePlain(m.plain + rest, text, error);
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
    // Past 999T the count stays ungrouped: "1,230T" would read as 1230T or 1.23T.
    const QString number =
        std::fabs(v) >= 1000 ? QString::number(qint64(std::llround(v))) : formatNumber(v, 3);
    return number + QLatin1Char(suffixes[i]);
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
