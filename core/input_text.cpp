#include "input_text.h"

#include "file_text.h"
#include <algorithm>

namespace kvl {

namespace {
bool invisible(char32_t c)
{
    // C0, DEL, C1; then format characters that reorder or hide text (bidi overrides and
    // isolates, zero-width marks, the BOM).
    return c < 0x20 || (c >= 0x7f && c < 0xa0) || (c >= 0x200b && c <= 0x200f) ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff;
}

// The first `maxChars` characters, escaped; *used is how many UTF-16 units they took.
QString escapedHead(QStringView text, qsizetype maxChars, qsizetype *used)
{
    QString out;
    qsizetype shown = 0;
    qsizetype i = 0;
    while (i < text.size() && shown < maxChars) {
        const bool pair =
            text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate();
        const char32_t c = pair ? QChar::surrogateToUcs4(text.at(i), text.at(i + 1))
                                : char32_t(text.at(i).unicode());
        if (c == u'\n')
            out += QStringLiteral("\\n");
        else if (c == u'\t')
            out += QStringLiteral("\\t");
        else if (c == u'\r')
            out += QStringLiteral("\\r");
        else if (c < 0x100 && invisible(c))
            out += QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
        else if (invisible(c) || (!pair && QChar::isSurrogate(c)))
            out += QStringLiteral("\\u{%1}").arg(uint(c), 4, 16, QLatin1Char('0'));
        else
            out += text.mid(i, pair ? 2 : 1);
        i += pair ? 2 : 1;
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

} // namespace kvl
