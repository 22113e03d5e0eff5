#include "json_keys.h"

#include "file_text.h"
#include "input_text.h"

#include <QList>
#include <QSet>

namespace kvl {

namespace {
struct Frame
{
    bool object = false;
    QString name; // the key this object or list is the value of
    QSet<QByteArray> keys;
};

QString pathOf(const QList<Frame> &stack, const QByteArray &key)
{
    QStringList parts;
    for (const Frame &f : stack)
        if (!f.name.isEmpty())
            parts << f.name;
    parts << QString::fromUtf8(key);
    return parts.join(u'.');
}
} // namespace

QString duplicateJsonKey(QByteArrayView json)
{
    QList<Frame> stack;
    QByteArray lastKey; // the key whose value comes next
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (c == '{' || c == '[') {
            stack.append(Frame{c == '{', QString::fromUtf8(lastKey), {}});
            lastKey.clear();
        } else if (c == '}' || c == ']') {
            if (!stack.isEmpty())
                stack.removeLast();
        } else if (c == '"') {
            // A string: its raw bytes up to the closing quote, escapes kept as written.
            const qsizetype start = i + 1;
            for (++i; i < json.size() && json.at(i) != '"'; ++i)
                if (json.at(i) == '\\')
                    ++i;
            const QByteArray text =
                json.sliced(start, std::min(i, json.size()) - start).toByteArray();
            qsizetype j = i + 1;
            while (j < json.size() && (json.at(j) == ' ' || json.at(j) == '\t' ||
                                       json.at(j) == '\n' || json.at(j) == '\r'))
                ++j;
            if (j < json.size() && json.at(j) == ':' && !stack.isEmpty() && stack.last().object) {
                if (stack.last().keys.contains(text))
                    return pathOf(stack, text);
                stack.last().keys.insert(text);
                lastKey = text;
            }
        } else if (c == ',') {
            lastKey.clear();
        }
    }
    return {};
}

QString duplicateJsonKeyError(QByteArrayView json)
{
    const QString key = duplicateJsonKey(json);
    return key.isEmpty()
               ? QString()
               : FileText::tr("key \"%1\" appears twice; which one is meant?").arg(shownInput(key));
}

} // namespace kvl
