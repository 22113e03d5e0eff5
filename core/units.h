#pragma once

#include <QLocale>
#include <QString>
#include <QStringView>
#include <optional>

namespace kvl {

// Datasheets use SI (1 GB = 10^9 B); KiB/MiB/GiB are binary. The app always says which.
enum class ByteUnits
{
    SI,
    Binary
};

// "131072", "128k" (128,000), "1M" (10^6), "128Ki" (131,072), "1Mi" (2^20), "1.5M", "1e6": the one
// reader of token counts for flags, files, specs and the window's fields. A separator is read the
// only way it can be: "1,5M" and "1.5M" are 1.5M (one digit after the mark: a decimal), and
// "1,000,000" and "1.000.000" 10^6 (grouped in threes). Once with three digits after it, it could
// be either: "128,000" is 128,000 where ',' is the reader's grouping and nothing scales it, but
// "1,500k" (1500k or 1.5k?) and, in English, "128.000" are refused, naming both readings.
// Grouping other than in threes ("1,0000", "1_5M") is refused. Returns nullopt and sets *error to
// a readable reason (too large, not whole, how to write it) when the text is not a token count.
// Without a locale, the reader is the C locale's: ',' groups.
std::optional<qint64> parseTokenCount(QStringView text, QString *error = nullptr);
// As a reader of `locale` types it: "128.000" is 128,000 in Portuguese.
std::optional<qint64> parseTokenCount(QStringView text, const QLocale &locale,
                                      QString *error = nullptr);

// "1k", "128k", "1M", "1.5M": a token count to 3 significant digits with the SI suffixes
// parseTokenCount reads; below 1,000 the exact count.
QString formatTokenCount(qint64 tokens);

// The reader's notation for numbers: 327,680 in English, 327.680 in Portuguese.
QLocale numberLocale();

// Integer with thousands separators as the seed writes them: 327,680.
QString formatInteger(qint64 value);
QString formatInteger(double value);

// "327.68 GB" / "305.18 GiB"; small values stay exact ("327,680 B" is formatBytesExact).
QString formatBytes(double bytes, ByteUnits units, int significant = 4);
// "327,680 B" when the value is an exact integer that fits, otherwise formatBytes.
QString formatBytesExact(double bytes);
QString formatSeconds(double seconds, int significant = 3);
QString formatRate(double bytesPerSecond, ByteUnits units); // "3.35 TB/s"
QString formatNumber(double value, int significant = 3);    // 3 significant digits, grouped

// Largest double whose integer value is exactly representable.
inline constexpr double kExactIntegerLimit = 9007199254740992.0; // 2^53

} // namespace kvl
