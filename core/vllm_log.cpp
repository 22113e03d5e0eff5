#include "vllm_log.h"

#include "regular_file.h"
#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace kvl {

namespace {

constexpr qint64 kMaxLogBytes = qint64(64) << 20;

// "178,880" or "178880".
qint64 groupedInteger(const QString &digits)
{
    return QString(digits).remove(u',').toLongLong();
}

} // namespace

std::optional<VllmLogFigures> parseVllmLog(const QString &text, QString *error)
{
    // vLLM's formats: "GPU KV cache size: %s tokens" and "Maximum concurrency for %s tokens per
    // request: %.2fx" (kv_cache_utils.py), "Available KV cache memory: %.2f GiB" (gpu_worker.py).
    static const QRegularExpression size(QStringLiteral(R"(GPU KV cache size: ([\d,]+) tokens)"));
    static const QRegularExpression concurrency(
        QStringLiteral(R"(Maximum concurrency for ([\d,]+) tokens per request: ([\d.]+)x)"));
    static const QRegularExpression memory(
        QStringLiteral(R"(Available KV cache memory: (-?[\d.]+) GiB)"));
    const QRegularExpressionMatch s = size.match(text);
    const QRegularExpressionMatch c = concurrency.match(text);
    if (!s.hasMatch() || !c.hasMatch()) {
        if (error)
            *error = !s.hasMatch() ? QStringLiteral("no \"GPU KV cache size: N tokens\" line")
                                   : QStringLiteral("no \"Maximum concurrency for L tokens per "
                                                    "request: Xx\" line");
        return std::nullopt;
    }
    VllmLogFigures f;
    f.kvCacheTokens = groupedInteger(s.captured(1));
    f.maxModelLen = groupedInteger(c.captured(1));
    f.maxConcurrency = c.captured(2).toDouble();
    if (const QRegularExpressionMatch m = memory.match(text); m.hasMatch())
        f.kvMemoryBytes = m.captured(1).toDouble() * 1024.0 * 1024.0 * 1024.0;
    return f;
}

std::optional<VllmLogFigures> readVllmLogFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!openRegularFile(f, error))
        return std::nullopt;
    const QString shown = QDir::toNativeSeparators(path);
    if (f.size() > kMaxLogBytes) {
        if (error)
            *error = shown + QStringLiteral(": larger than 64 MiB, not a start-up log");
        return std::nullopt;
    }
    QString why;
    auto figures = parseVllmLog(QString::fromUtf8(f.read(kMaxLogBytes)), &why);
    if (!figures && error)
        *error = QStringLiteral("%1: %2").arg(shown, why);
    return figures;
}

} // namespace kvl
