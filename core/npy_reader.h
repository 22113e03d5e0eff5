#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <optional>

namespace kvl {

// The element types the attention-mass analyzer reads: little-endian '<f2' and '<f4'.
enum class NpyDtype
{
    Float16,
    Float32
};

// A NumPy .npy header (format versions 1.0, 2.0 and 3.0), checked against the file's size.
struct NpyHeader
{
    int majorVersion = 0;
    int minorVersion = 0;
    NpyDtype dtype = NpyDtype::Float32;
    QList<qint64> shape;
    qint64 dataOffset = 0; // bytes from the start of the file to the first value

    qint64 count() const;      // product of the shape
    int itemSize() const;      // bytes per value: 2 or 4
    QString shapeText() const; // "(2, 8, 64)", as NumPy writes it
};

// Parses the header at the start of `file` (the whole file) and checks that the data fills the
// rest exactly. C order only. nullopt and *error naming the problem otherwise: bad magic,
// unsupported version or dtype, Fortran order, a malformed header, truncated data, a shape
// that does not match the file size, an empty file.
std::optional<NpyHeader> parseNpyHeader(QByteArrayView file, QString *error);

// Values [first, first + n) of the array as float; `file` as given to parseNpyHeader.
void readNpyValues(const NpyHeader &h, QByteArrayView file, qint64 first, qint64 n, float *out);

} // namespace kvl
