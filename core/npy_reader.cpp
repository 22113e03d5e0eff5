#include "npy_reader.h"

#include "file_text.h"
#include "units.h"

#include <QStringList>
#include <QtEndian>
#include <bit>
#include <cstring>
#include <limits>

#ifdef KVL_X86_F16C
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace kvl {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr qsizetype kMagicSize = 6;
// NumPy itself refuses headers past 10,000 bytes unless told otherwise; a little slack here.
constexpr qint64 kMaxHeaderSize = kNpyHeaderMaxBytes - 12;

// The header is a Python dict literal: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class DictParser
{
public:
    explicit DictParser(QByteArrayView text) : m_text(text) {}

    struct Value
    {
        enum class Kind
        {
            String,
            Bool,
            Tuple
        } kind = Kind::String;
        QString string;
        bool boolean = false;
        QList<qint64> tuple;
    };

    // Key → value; nullopt and *error on a syntax error.
    std::optional<QList<std::pair<QString, Value>>> parse(QString *error);

private:
    void skipSpace()
    {
        while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t' ||
                                        m_text[m_at] == '\n' || m_text[m_at] == '\r'))
            ++m_at;
    }
    bool eat(char c)
    {
        skipSpace();
        if (m_at < m_text.size() && m_text[m_at] == c) {
            ++m_at;
            return true;
        }
        return false;
    }
    char peek()
    {
        skipSpace();
        return m_at < m_text.size() ? m_text[m_at] : '\0';
    }
    std::optional<QString> string();
    std::optional<qint64> integer();
    std::optional<Value> value();

    QByteArrayView m_text;
    qsizetype m_at = 0;
};

std::optional<QString> DictParser::string()
{
    const char quote = peek();
    if (quote != '\'' && quote != '"')
        return std::nullopt;
    const qsizetype start = ++m_at;
    while (m_at < m_text.size() && m_text[m_at] != quote)
        ++m_at;
    if (m_at >= m_text.size())
        return std::nullopt;
    return QString::fromUtf8(m_text.sliced(start, m_at++ - start));
}

std::optional<qint64> DictParser::integer()
{
    skipSpace();
    // A minus sign is read, so that a negative dimension is refused as one, not as bad syntax.
    const bool negative = m_at < m_text.size() && m_text[m_at] == '-';
    if (negative)
        ++m_at;
    qint64 v = 0;
    const qsizetype start = m_at;
    while (m_at < m_text.size() && m_text[m_at] >= '0' && m_text[m_at] <= '9') {
        if (v > (std::numeric_limits<qint64>::max() - 9) / 10)
            return std::nullopt;
        v = v * 10 + (m_text[m_at++] - '0');
    }
    if (m_at == start)
        return std::nullopt;
    if (m_at < m_text.size() && m_text[m_at] == 'L') // Python 2 longs
        ++m_at;
    return negative ? -v : v;
}

std::optional<DictParser::Value> DictParser::value()
{
    Value v;
    const char c = peek();
    if (c == '\'' || c == '"') {
        const auto s = string();
        if (!s)
            return std::nullopt;
        v.string = *s;
        return v;
    }
    if (c == '(') {
        ++m_at;
        v.kind = Value::Kind::Tuple;
        while (!eat(')')) {
            const auto n = integer();
            if (!n)
                return std::nullopt;
            v.tuple << *n;
            if (!eat(',') && peek() != ')')
                return std::nullopt;
        }
        return v;
    }
    static const std::pair<QByteArrayView, bool> words[] = {{"True", true}, {"False", false}};
    for (const auto &[word, b] : words) {
        if (m_text.sliced(m_at).startsWith(word)) {
            m_at += word.size();
            v.kind = Value::Kind::Bool;
            v.boolean = b;
            return v;
        }
    }
    return std::nullopt; // a list: structured dtypes
}

std::optional<QList<std::pair<QString, DictParser::Value>>> DictParser::parse(QString *error)
{
    QList<std::pair<QString, Value>> out;
    const auto bad = [&](const QString &what) {
        *error = FileText::tr("malformed header at byte %1: %2").arg(m_at).arg(what);
        return std::nullopt;
    };
    if (!eat('{'))
        return bad(FileText::tr("expected '{'"));
    while (!eat('}')) {
        const auto key = string();
        if (!key)
            return bad(FileText::tr("expected a quoted key"));
        if (!eat(':'))
            return bad(FileText::tr("expected ':' after '%1'").arg(*key));
        const auto v = value();
        if (!v)
            return bad(FileText::tr("'%1' has a value that is not a string, True/False or a "
                                    "tuple of integers")
                           .arg(*key));
        out.append({*key, *v});
        if (!eat(',') && peek() != '}')
            return bad(FileText::tr("expected ',' or '}'"));
    }
    return out;
}

// IEEE 754 binary16 to binary32, exactly (every half is a float), without branches so that a
// loop of them vectorizes: subnormals as mantissa × 2^-24, normals re-biased, exponent 31
// (infinity, NaN) widened.
float halfToFloat(quint16 h)
{
    const quint32 exponent = h & 0x7c00u;
    const quint32 mantissa = h & 0x3ffu;
    const float subnormal = float(mantissa) * 5.9604644775390625e-08f; // m × 2^-24, exact
    quint32 bits = 0;
    std::memcpy(&bits, &subnormal, sizeof bits);
    bits = exponent == 0         ? bits
           : exponent == 0x7c00u ? 0x7f800000u | (mantissa << 13)
                                 : ((exponent | mantissa) << 13) + (112u << 23);
    bits |= quint32(h & 0x8000u) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

// The fast paths below take a value as a weight only when it is a finite number ≥ +0: -0 fails
// them too, and the caller's exact reading of the chunk then lets it pass.

// A half below 0x7c00 (finite, sign clear) as float; others set `bad`. Subnormals are
// renormalized by a float subtraction, never computed on as subnormal floats (slow on many
// CPUs).
float weightFromHalf(quint32 h, quint32 &bad)
{
    bad |= quint32(h > 0x7bffu);
    const quint32 normal = (h << 13) + (112u << 23);
    const float subnormal = std::bit_cast<float>(normal + (1u << 23)) - 6.103515625e-05f;
    const quint32 isSubnormal = 0u - quint32(h < 0x400u);
    return std::bit_cast<float>((std::bit_cast<quint32>(subnormal) & isSubnormal) |
                                (normal & ~isSubnormal));
}

float weightFromFloat(quint32 f, quint32 &bad)
{
    bad |= quint32(f >= 0x7f800000u);
    return std::bit_cast<float>(f);
}

// `n` values through `convert`, `kLanes` at a time in a loop of fixed length: compilers
// vectorize that at -O2, not an open-ended loop.
template <typename Bits, typename Convert>
bool convertWeights(const char *__restrict data, qint64 n, float *__restrict out, Convert convert)
{
    constexpr qint64 kLanes = 16;
    quint32 bad = 0;
    qint64 i = 0;
    for (; i + kLanes <= n; i += kLanes) {
        Bits bits[kLanes];
        std::memcpy(bits, data + i * qint64(sizeof(Bits)), sizeof bits);
        for (qint64 k = 0; k < kLanes; ++k)
            out[i + k] = convert(qFromLittleEndian(bits[k]), bad);
    }
    for (; i < n; ++i)
        out[i] = convert(qFromLittleEndian<Bits>(data + i * qint64(sizeof(Bits))), bad);
    return bad == 0;
}

#ifdef KVL_X86_F16C
// Eight halves at a time by the CPU's own conversion (F16C, with AVX): several times faster.
__attribute__((target("avx,f16c"))) bool halvesByF16c(const char *data, qint64 n, float *out)
{
    const __m128i largest = _mm_set1_epi16(0x7bff);
    __m128i over = _mm_setzero_si128(); // nonzero where a half is above 0x7bff
    qint64 i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i *>(data + 2 * i));
        over = _mm_or_si128(over, _mm_subs_epu16(h, largest));
        _mm256_storeu_ps(out + i, _mm256_cvtph_ps(h));
    }
    quint32 bad = _mm_testz_si128(over, over) ? 0 : 1;
    for (; i < n; ++i)
        out[i] = weightFromHalf(qFromLittleEndian<quint16>(data + 2 * i), bad);
    return bad == 0;
}

#endif

QString sizeText(qint64 bytes)
{
    return formatInteger(bytes) + u" B";
}

} // namespace

qint64 NpyHeader::count() const
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    return n;
}

int NpyHeader::itemSize() const
{
    return dtype == NpyDtype::Float16 ? 2 : 4;
}

QString NpyHeader::shapeText() const
{
    QStringList dims;
    for (qint64 d : shape)
        dims << QString::number(d);
    return u'(' + dims.join(QStringLiteral(", ")) + (shape.size() == 1 ? u",)" : u")");
}

std::optional<NpyHeader> parseNpyHeader(QByteArrayView head, qint64 fileSize, QString *error)
{
    const auto fail = [error](const QString &why) {
        *error = why;
        return std::nullopt;
    };
    if (fileSize == 0)
        return fail(FileText::tr("empty file"));
    if (head.size() < kMagicSize || !head.startsWith(QByteArrayView(kMagic, kMagicSize)))
        return fail(FileText::tr("not a .npy file: bad magic (expected \\x93NUMPY)"));
    if (head.size() < 10)
        return fail(FileText::tr("truncated header: %1 bytes").arg(head.size()));
    NpyHeader h;
    h.majorVersion = quint8(head[6]);
    h.minorVersion = quint8(head[7]);
    qint64 headerSize = 0;
    qint64 start = 0;
    if (h.majorVersion == 1) {
        headerSize = qFromLittleEndian<quint16>(head.data() + 8);
        start = 10;
    } else if (h.majorVersion == 2 || h.majorVersion == 3) {
        if (head.size() < 12)
            return fail(FileText::tr("truncated header: %1 bytes").arg(head.size()));
        headerSize = qFromLittleEndian<quint32>(head.data() + 8);
        start = 12;
    } else {
        return fail(FileText::tr("unsupported .npy format version %1.%2 (1.0, 2.0 or 3.0)")
                        .arg(h.majorVersion)
                        .arg(h.minorVersion));
    }
    if (headerSize > kMaxHeaderSize)
        return fail(FileText::tr("header of %1 is longer than %2")
                        .arg(sizeText(headerSize), sizeText(kMaxHeaderSize)));
    if (start + headerSize > head.size()) // head is the whole file when shorter than the most
        return fail(FileText::tr("truncated header: it claims %1, the file holds %2")
                        .arg(sizeText(headerSize), sizeText(fileSize - start)));
    h.dataOffset = start + headerSize;

    const auto dict = DictParser(head.sliced(start, headerSize)).parse(error);
    if (!dict)
        return std::nullopt;
    bool seenDescr = false, seenOrder = false, seenShape = false;
    for (const auto &[key, v] : *dict) {
        using Kind = DictParser::Value::Kind;
        if (key == u"descr") {
            if (v.kind != Kind::String)
                return fail(FileText::tr("descr: not a plain dtype string"));
            if (v.string == u"<f2")
                h.dtype = NpyDtype::Float16;
            else if (v.string == u"<f4")
                h.dtype = NpyDtype::Float32;
            else
                return fail(FileText::tr("dtype '%1' is not supported: float16 ('<f2') or "
                                         "float32 ('<f4'), little-endian")
                                .arg(v.string));
            seenDescr = true;
        } else if (key == u"fortran_order") {
            if (v.kind != Kind::Bool)
                return fail(FileText::tr("fortran_order: not True or False"));
            if (v.boolean)
                return fail(FileText::tr("fortran_order is True: only C-order arrays are "
                                         "supported (save np.ascontiguousarray(a))"));
            seenOrder = true;
        } else if (key == u"shape") {
            if (v.kind != Kind::Tuple)
                return fail(FileText::tr("shape: not a tuple of integers"));
            h.shape = v.tuple;
            seenShape = true;
        } else {
            return fail(FileText::tr("header: unexpected key '%1'").arg(key));
        }
    }
    if (!seenDescr || !seenOrder || !seenShape)
        return fail(FileText::tr("header: missing '%1'")
                        .arg(!seenDescr   ? QStringLiteral("descr")
                             : !seenOrder ? QStringLiteral("fortran_order")
                                          : QStringLiteral("shape")));

    // Bytes the shape needs, without overflow: at most the file's size can be right.
    const qint64 available = fileSize - h.dataOffset;
    qint64 needed = h.itemSize();
    bool overflow = false;
    for (qint64 d : h.shape)
        if (d < 0)
            return fail(FileText::tr("shape %1: a dimension of %2; dimensions count elements, "
                                     "0 or more")
                            .arg(h.shapeText())
                            .arg(d));
    for (qint64 d : h.shape) {
        if (d == 0) {
            needed = 0;
            break;
        }
        if (needed > (std::numeric_limits<qint64>::max() / 4) / d)
            overflow = true;
        else
            needed *= d;
    }
    if (needed == 0)
        return fail(FileText::tr("empty array: shape %1").arg(h.shapeText()));
    if (overflow || needed > available)
        return fail(FileText::tr("truncated data: shape %1 needs %2 of data, the file holds %3")
                        .arg(h.shapeText(),
                             overflow ? FileText::tr("more than 2^61 B") : sizeText(needed),
                             sizeText(available)));
    if (needed < available)
        return fail(FileText::tr("shape %1 does not match the file size: %2 of data expected, "
                                 "%3 present")
                        .arg(h.shapeText(), sizeText(needed), sizeText(available)));
    return h;
}

#ifdef KVL_X86_F16C
// AVX as the compiler's runtime sees it (with the OS saving its registers); F16C from CPUID
// leaf 1 (ECX bit 29), which not every compiler's builtin knows by name.
bool hasF16c()
{
    static const bool has = [] {
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        return __builtin_cpu_supports("avx") && __get_cpuid(1, &eax, &ebx, &ecx, &edx) &&
               (ecx & bit_F16C) != 0;
    }();
    return has;
}
#endif

bool readNpyWeights(NpyDtype dtype, const char *data, qint64 n, float *out)
{
    if (dtype == NpyDtype::Float32)
        return convertWeights<quint32>(data, n, out, weightFromFloat);
#ifdef KVL_X86_F16C
    if (hasF16c())
        return halvesByF16c(data, n, out);
#endif
    return convertWeights<quint16>(data, n, out, weightFromHalf);
}

void readNpyValues(NpyDtype dtype, const char *data, qint64 n, float *out)
{
    if (dtype == NpyDtype::Float32) {
        qFromLittleEndian<float>(data, n, out);
        return;
    }
    for (qint64 i = 0; i < n; ++i)
        out[i] = halfToFloat(qFromLittleEndian<quint16>(data + 2 * i));
}

} // namespace kvl
