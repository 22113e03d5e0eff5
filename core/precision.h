#pragma once

#include <QList>
#include <QString>
#include <optional>

namespace kvl {

enum class NumberFormat
{
    FP32,
    FP16,
    BF16,
    FP8,
    INT8,
    INT4,
    FP4
};

// A storage format for KV or weights. 4-bit formats carry one scale per group of values;
// the scale bits are part of the bytes that must be stored and streamed.
struct Precision
{
    NumberFormat format = NumberFormat::FP16;
    int groupSize = 0; // values sharing one scale; 0 = no grouped scales
    int scaleBits = 0; // bits of each group scale

    static Precision of(NumberFormat format); // with the format's default scales
    static std::optional<Precision> parse(const QString &text, QString *error = nullptr);
    static QList<NumberFormat> allFormats(); // fp32 ... fp4, widest first

    int bits() const;               // bits of one element, scales excluded
    double effectiveBits() const;   // bits + scaleBits / groupSize
    double bytesPerElement() const; // effectiveBits / 8
    // Exact bytes for `elements` values, rounded up to whole bytes.
    qint64 bytesFor(qint64 elements) const;
    QString name() const;  // "fp16", "int4"
    QString label() const; // "int4 (g32, 4.5 bits)"
    QString spec() const;  // parseable: "int4:g32"

    friend bool operator==(const Precision &, const Precision &) = default;
};

QString formatName(NumberFormat format);

} // namespace kvl
