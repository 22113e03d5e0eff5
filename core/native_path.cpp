#include "native_path.h"

namespace kvl {

namespace {

constexpr char16_t kKeptByte = 0xdc00;

bool isKeptByte(QChar c)
{
    return c.unicode() >= kKeptByte + 0x80 && c.unicode() <= kKeptByte + 0xff;
}

// Length of the well-formed UTF-8 sequence at `at` (RFC 3629: no overlong forms, no surrogates,
// nothing past U+10FFFF), or 0.
qsizetype sequenceAt(QByteArrayView b, qsizetype at)
{
    const auto byte = [&](qsizetype i) { return i < b.size() ? uchar(b.at(i)) : 0u; };
    const uint c = byte(at);
    const auto continuation = [&](qsizetype i, uint lo = 0x80, uint hi = 0xbf) {
        return byte(i) >= lo && byte(i) <= hi;
    };
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        return continuation(at + 1) ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        const uint lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
        return continuation(at + 1, lo, hi) && continuation(at + 2) ? 3 : 0;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        const uint lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
        return continuation(at + 1, lo, hi) && continuation(at + 2) && continuation(at + 3) ? 4 : 0;
    }
    return 0;
}

} // namespace

QString nativePathText(QByteArrayView bytes)
{
    QString out;
    qsizetype run = 0; // start of the well-formed stretch not yet decoded
    qsizetype i = 0;
    while (i < bytes.size()) {
        const qsizetype n = sequenceAt(bytes, i);
        if (n > 0) {
            i += n;
            continue;
        }
        out += QString::fromUtf8(bytes.sliced(run, i - run));
        out += QChar(char16_t(kKeptByte + uchar(bytes.at(i))));
        run = ++i;
    }
    out += QString::fromUtf8(bytes.sliced(run));
    return out;
}

QByteArray nativePathBytes(QStringView path)
{
    QByteArray out;
    qsizetype run = 0;
    for (qsizetype i = 0; i < path.size(); ++i) {
        if (!isKeptByte(path.at(i)) || (i > 0 && path.at(i - 1).isHighSurrogate()))
            continue;
        out += path.sliced(run, i - run).toUtf8();
        out += char(path.at(i).unicode() - kKeptByte);
        run = i + 1;
    }
    out += path.sliced(run).toUtf8();
    return out;
}

bool qtCanName(QStringView path)
{
    for (qsizetype i = 0; i < path.size(); ++i)
        if (isKeptByte(path.at(i)) && !(i > 0 && path.at(i - 1).isHighSurrogate()))
            return false;
    return true;
}

} // namespace kvl
