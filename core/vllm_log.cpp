#include "vllm_log.h"

#include "input_text.h"
#include "regular_file.h"
#include "units.h"
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <cmath>

namespace kvl {

namespace {

constexpr qint64 kMaxLogBytes = qint64(64) << 20;

// What the log reader says about a pasted or read log; the capacity page shows it.
class VllmLogText
{
    Q_DECLARE_TR_FUNCTIONS(VllmLogText)
};

// A count of tokens as vLLM logs it ("178,880" or "178880"), through the one token-count reader;
// nullopt and *error naming `line` when it is none, or zero.
std::optional<qint64> loggedTokens(const QString &line, const QString &figure, QString *error)
{
    QString why;
    const auto n = parseTokenCount(figure, &why);
    if (!n)
        *error = VllmLogText::tr("%1: %2").arg(line, why);
    else if (*n < 1)
        *error = VllmLogText::tr("%1: %2 tokens is impossible").arg(line, shownInput(figure));
    return n && *n >= 1 ? n : std::nullopt;
}

// A figure vLLM prints with "%.2f": digits and at most one point; nullopt and *error naming
// `line` when it is not one, or not positive.
std::optional<double> loggedDecimal(const QString &line, const QString &figure, QString *error)
{
    static const QRegularExpression decimal(QStringLiteral(R"(^-?[0-9]+(?:\.[0-9]+)?$)"));
    bool ok = decimal.match(figure).hasMatch();
    const double x = ok ? figure.toDouble(&ok) : 0.0;
    if (!ok || !std::isfinite(x))
        *error = VllmLogText::tr("%1: \"%2\" is not a number").arg(line, shownInput(figure));
    else if (x <= 0)
        *error = VllmLogText::tr("%1: %2 is impossible (not above zero)").arg(line, figure);
    return ok && std::isfinite(x) && x > 0 ? std::optional(x) : std::nullopt;
}

} // namespace

std::optional<VllmLogFigures> parseVllmLog(const QString &text, QString *error)
{
    // vLLM's formats: "GPU KV cache size: %s tokens" and "Maximum concurrency for %s tokens per
    // request: %.2fx" (kv_cache_utils.py), "Available KV cache memory: %.2f GiB" (gpu_worker.py).
    // The figures are taken whole, up to the next space, so that an impossible one is named
    // rather than read in part or passed over.
    static const QRegularExpression size(QStringLiteral(R"(GPU KV cache size: (\S+) tokens)"));
    static const QRegularExpression concurrency(
        QStringLiteral(R"(Maximum concurrency for (\S+) tokens per request: (\S+)x)"));
    static const QRegularExpression memory(
        QStringLiteral(R"(Available KV cache memory: (\S+) GiB)"));
    const QRegularExpressionMatch s = size.match(text);
    const QRegularExpressionMatch c = concurrency.match(text);
    QString why;
    if (!s.hasMatch() || !c.hasMatch())
        why = !s.hasMatch() ? VllmLogText::tr("no \"GPU KV cache size: N tokens\" line")
                            : VllmLogText::tr("no \"Maximum concurrency for L tokens per "
                                              "request: Xx\" line");
    const auto fail = [&]() -> std::optional<VllmLogFigures> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!why.isEmpty())
        return fail();
    VllmLogFigures f;
    const auto tokens = loggedTokens(QStringLiteral("GPU KV cache size"), s.captured(1), &why);
    if (!tokens)
        return fail();
    const auto length = loggedTokens(QStringLiteral("Maximum concurrency for L tokens per request"),
                                     c.captured(1), &why);
    if (!length)
        return fail();
    const auto times = loggedDecimal(QStringLiteral("Maximum concurrency"), c.captured(2), &why);
    if (!times)
        return fail();
    f.kvCacheTokens = *tokens;
    f.maxModelLen = *length;
    f.maxConcurrency = *times;
    if (const QRegularExpressionMatch m = memory.match(text); m.hasMatch()) {
        const auto gib =
            loggedDecimal(QStringLiteral("Available KV cache memory"), m.captured(1), &why);
        if (!gib)
            return fail();
        f.kvMemoryBytes = *gib * 1024.0 * 1024.0 * 1024.0;
    }
    return f;
}

std::optional<VllmLogFigures> readVllmLogFile(const QString &path, QString *error)
{
    QFile f(path);
    if (!openRegularFile(f, error))
        return std::nullopt;
    const QString shown = shownPath(path);
    if (f.size() > kMaxLogBytes) {
        if (error)
            *error = VllmLogText::tr("%1: larger than 64 MiB, not a start-up log").arg(shown);
        return std::nullopt;
    }
    QString why;
    auto figures = parseVllmLog(QString::fromUtf8(f.read(kMaxLogBytes)), &why);
    if (!figures && error)
        *error = QStringLiteral("%1: %2").arg(shown, why);
    return figures;
}

} // namespace kvl
