#include "input_text.h"

#include "file_text.h"
#include <QDir>
#include <algorithm>

namespace kvl {

bool isInvisible(char32_t c)
{
    // C0, DEL, C1; then format characters that reorder or hide text (bidi overrides and
    // isolates, zero-width marks, the BOM).
    return c < 0x20 || (c >= 0x7f && c < 0xa0) || (c >= 0x200b && c <= 0x200f) ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

namespace {

// The character at `i` as shown, and how many UTF-16 units it took.
std::pair<QString, qsizetype> escapedAt(QStringView text, qsizetype i)
{
    const bool pair =
        text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
    const char32_t c =
        pair ? QChar::surrogateToUcs4(text.at(i), text.at(i + 1)) : char32_t(text.at(i).unicode());
    const qsizetype used = pair ? 2 : 1;
    if (c == u'\n')
        return {QStringLiteral("\\n"), used};
    if (c == u'\t')
        return {QStringLiteral("\\t"), used};
    if (c == u'\r')
        return {QStringLiteral("\\r"), used};
    if (c < 0x100 && isInvisible(c))
        return {QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0')), used};
    // A byte that was not UTF-8, kept through the decoding (nativePathText): the byte.
    if (!pair && c >= 0xdc80 && c <= 0xdcff)
        return {QStringLiteral("\\x%1").arg(uint(c & 0xff), 2, 16, QLatin1Char('0')), used};
    if (isInvisible(c) || (!pair && QChar::isSurrogate(c)))
        return {QStringLiteral("\\u{%1}").arg(uint(c), 4, 16, QLatin1Char('0')), used};
    return {text.mid(i, used).toString(), used};
}

// The first `maxChars` characters, escaped; *used is how many UTF-16 units they took.
QString escapedHead(QStringView text, qsizetype maxChars, qsizetype *used)
{
    QString out;
    qsizetype shown = 0;
    qsizetype i = 0;
    while (i < text.size() && shown < maxChars) {
        const auto [piece, units] = escapedAt(text, i);
        out += piece;
        i += units;
        ++shown;
    }
    *used = i;
    return out;
}
} // namespace

QString shownInput(QStringView text, qsizetype maxChars)
{
    qsizetype used = 0;
    QString out = escapedHead(text, maxChars, &used);
    if (used < text.size())
        out += FileText::tr("… (%1 more characters)").arg(text.size() - used);
    return out;
}

QString shownInput(QByteArrayView utf8, qsizetype maxChars)
{
    // A character is at most 4 bytes of UTF-8: decode only what can be shown.
    const QByteArrayView head = utf8.first(std::min(utf8.size(), maxChars * 4));
    const QString text = QString::fromUtf8(head);
    qsizetype used = 0;
    QString out = escapedHead(text, maxChars, &used);
    if (used < text.size() || head.size() < utf8.size())
        out += FileText::tr("… (%1 bytes in all)").arg(utf8.size());
    return out;
}

QString shownText(QStringView text)
{
    qsizetype used = 0;
    return escapedHead(text, text.size(), &used);
}

QString shownPath(const QString &path, qsizetype maxChars)
{
    const QString native = QDir::toNativeSeparators(path);
    QStringList pieces;
    for (qsizetype i = 0; i < native.size();) {
        auto [piece, units] = escapedAt(native, i);
        pieces << std::move(piece);
        i += units;
    }
    if (pieces.size() <= maxChars)
        return pieces.join(QString());
    // The end names the file; the start says where it is. The middle goes.
    const qsizetype head = std::max<qsizetype>(1, maxChars / 3);
    const qsizetype tail = std::max<qsizetype>(1, maxChars - head - 1);
    return pieces.mid(0, head).join(QString()) + u'…' +
           pieces.mid(pieces.size() - tail).join(QString());
}

} // namespace kvl
