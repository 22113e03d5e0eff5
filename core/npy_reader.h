#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <optional>

// x86 compilers that take per-function targets: the readers' AVX and F16C paths, chosen at run
// time by hasF16c().
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define KVL_X86_F16C
#endif

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

// The most bytes a header can take (magic, version, length, dict): reading this much of a file,
// or all of it when shorter, gives parseNpyHeader what it needs.
inline constexpr qint64 kNpyHeaderMaxBytes = 12 + 65536;

// Parses the header at the start of a file of `fileSize` bytes, `head` being its first bytes
// (kNpyHeaderMaxBytes of them, or the whole file), and checks that the data fills the rest
// exactly. C order only. nullopt and *error naming the problem otherwise: bad magic,
// unsupported version or dtype, Fortran order, a malformed header, truncated data, a shape
// that does not match the file size, an empty file.
std::optional<NpyHeader> parseNpyHeader(QByteArrayView head, qint64 fileSize, QString *error);

// `n` values of type `dtype` from `data` (little-endian) as float, exactly.
void readNpyValues(NpyDtype dtype, const char *data, qint64 n, float *out);
// The same for attention weights, in vectorized loops: true when every value is a finite
// number ≥ +0. False otherwise (NaN, infinite, negative, and -0 too), and then `out` holds no
// meaning: readNpyValues reads the chunk exactly, to find the culprit or to let -0 pass.
bool readNpyWeights(NpyDtype dtype, const char *data, qint64 n, float *out);

#ifdef KVL_X86_F16C
// Whether this CPU has AVX (with the OS saving its registers) and F16C.
bool hasF16c();
#endif

} // namespace kvl
