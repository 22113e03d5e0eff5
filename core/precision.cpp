#include "precision.h"

#include "file_text.h"
#include "input_limits.h"
#include "input_text.h"
#include "units.h"

#include <QRegularExpression>

namespace kvl {

namespace {
struct FormatInfo
{
    NumberFormat format;
    const char *name;
    int bits;
    int defaultGroup; // grouped scales by default (4-bit formats)
    int defaultScaleBits;
};

// int4: one fp16 scale per 32 values (GPTQ/AWQ-style, 4.5 bits);
// fp4: NVFP4, one fp8 (e4m3) scale per 16 values (4.5 bits).
constexpr FormatInfo kFormats[] = {
    {NumberFormat::FP32, "fp32", 32, 0, 0}, {NumberFormat::FP16, "fp16", 16, 0, 0},
    {NumberFormat::BF16, "bf16", 16, 0, 0}, {NumberFormat::FP8, "fp8", 8, 0, 0},
    {NumberFormat::INT8, "int8", 8, 0, 0},  {NumberFormat::INT4, "int4", 4, 32, 16},
    {NumberFormat::FP4, "fp4", 4, 16, 8},
};

const FormatInfo &info(NumberFormat f)
{
    for (const auto &i : kFormats)
        if (i.format == f)
            return i;
    return kFormats[1];
}
} // namespace

QString formatName(NumberFormat format)
{
    return QString::fromLatin1(info(format).name);
}

Precision Precision::of(NumberFormat format)
{
    const auto &i = info(format);
    return Precision{format, i.defaultGroup, i.defaultScaleBits};
}

QList<NumberFormat> Precision::allFormats()
{
    QList<NumberFormat> out;
    for (const auto &i : kFormats)
        out << i.format;
    return out;
}

std::optional<Precision> Precision::parse(const QString &text, QString *error)
{
    // "int4", "int4:g128" (one fp16 scale per 128), "int4:g0" (no scales), "fp4:g32:s8" (MXFP4:
    // one 8-bit scale per 32), "fp8:g16384:s32" (fp32 scales on 128 × 128 blocks), "e4m3".
    static const QRegularExpression re(
        QStringLiteral(R"(^([a-z0-9]+)(?::g([0-9]+))?(?::s([0-9]+))?$)"));
    const QString t = text.trimmed().toLower();
    const auto m = re.match(t);
    QString name = m.hasMatch() ? m.captured(1) : QString();
    if (name == u"e4m3" || name == u"e5m2")
        name = QStringLiteral("fp8");
    if (name == u"half")
        name = QStringLiteral("fp16");
    for (const auto &i : kFormats) {
        if (name != QLatin1String(i.name))
            continue;
        Precision p = of(i.format);
        if (!m.captured(2).isEmpty()) {
            // Any digits parse, so that a group of 2^31 is refused rather than read as 0.
            bool ok = false;
            const qint64 g = m.captured(2).toLongLong(&ok);
            if (!ok || g > limits::maxGroupSize) {
                if (error)
                    *error = FileText::tr("\"%1\": group size must be 0 (no scales) or 1-%2")
                                 .arg(shownInput(text))
                                 .arg(limits::maxGroupSize);
                return std::nullopt;
            }
            p.groupSize = int(g);
            if (p.scaleBits == 0)
                p.scaleBits = 16;
        }
        if (!m.captured(3).isEmpty()) {
            bool ok = false;
            const qint64 bits = m.captured(3).toLongLong(&ok);
            if (!ok || bits < 1 || bits > 64 || p.groupSize == 0) {
                if (error)
                    *error = FileText::tr("\"%1\": scale bits must be 1-64, after a group "
                                          "size (:gN:sB)")
                                 .arg(shownInput(text));
                return std::nullopt;
            }
            p.scaleBits = int(bits);
        }
        if (p.groupSize == 0)
            p.scaleBits = 0;
        return p;
    }
    if (error)
        *error = FileText::tr("\"%1\" is not a precision (fp32, fp16, bf16, fp8, int8, int4, "
                              "fp4; optionally :gN for N values per scale, :sB for B-bit "
                              "scales)")
                     .arg(shownInput(text));
    return std::nullopt;
}

int Precision::bits() const
{
    return info(format).bits;
}

double Precision::effectiveBits() const
{
    return groupSize > 0 ? bits() + double(scaleBits) / groupSize : bits();
}

double Precision::bytesPerElement() const
{
    return effectiveBits() / 8.0;
}

qint64 Precision::bytesFor(qint64 elements) const
{
    // bits = elements × bits + ceil(elements / group) × scaleBits, rounded up to whole bytes.
    qint64 totalBits = elements * bits();
    if (groupSize > 0)
        totalBits += (elements + groupSize - 1) / groupSize * scaleBits;
    return (totalBits + 7) / 8;
}

QString Precision::name() const
{
    return formatName(format);
}

QString Precision::spec() const
{
    const auto &i = info(format);
    if (groupSize == i.defaultGroup && scaleBits == i.defaultScaleBits)
        return name();
    QString out = name() + u":g" + QString::number(groupSize);
    if (groupSize > 0 && scaleBits != (i.defaultScaleBits > 0 ? i.defaultScaleBits : 16))
        out += u":s" + QString::number(scaleBits);
    return out;
}

QString Precision::label() const
{
    if (groupSize == 0)
        return name();
    return QStringLiteral("%1 (g%2, %3 bits)")
        .arg(name())
        .arg(groupSize)
        .arg(formatNumber(effectiveBits(), 4));
}

} // namespace kvl
