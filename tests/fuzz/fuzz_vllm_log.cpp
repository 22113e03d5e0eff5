// libFuzzer entry: pasted vLLM start-up logs, as `capacity --from-log` and the capacity page
// read them. Any text, and the same bytes as each figure of otherwise well-formed lines (the
// token counts' grammar, "%.2f" decimals). None may crash; what is accepted is possible (counts
// from 1, concurrency and memory finite and above zero), what is refused says why, and the
// figures read back when written as vLLM writes them.
// No QCoreApplication: the reader needs no event loop.
#include "fuzz_checks.h"
#include "vllm_log.h"

#include <QLocale>
#include <cstddef>
#include <cstdint>

using kvl::fuzz::require;

namespace {

void checkLog(const QString &text)
{
    QString error;
    const auto f = kvl::parseVllmLog(text, &error);
    if (!f) {
        require(!error.isEmpty(), "a refused log says why");
        return;
    }
    require(f->kvCacheTokens >= 1 && f->kvCacheTokens <= qint64(1e18),
            "the logged KV cache holds tokens", QString::number(f->kvCacheTokens));
    require(f->maxModelLen >= 1 && f->maxModelLen <= qint64(1e18),
            "the logged request length is tokens", QString::number(f->maxModelLen));
    require(std::isfinite(f->maxConcurrency) && f->maxConcurrency > 0,
            "the logged concurrency is above zero", QString::number(f->maxConcurrency));
    require(!f->kvMemoryBytes || (std::isfinite(*f->kvMemoryBytes) && *f->kvMemoryBytes > 0),
            "the logged KV memory is above zero");
    // As vLLM writes them: "{:,}" tokens.
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    const QString again =
        QStringLiteral("GPU KV cache size: %1 tokens\nMaximum concurrency for %2 "
                       "tokens per request: 1.00x\n")
            .arg(english.toString(f->kvCacheTokens), english.toString(f->maxModelLen));
    const auto back = kvl::parseVllmLog(again, &error);
    require(back && back->kvCacheTokens == f->kvCacheTokens && back->maxModelLen == f->maxModelLen,
            "logged figures read back as vLLM writes them", again);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    checkLog(text);
    // The bytes as each figure of well-formed lines.
    checkLog(QStringLiteral("INFO GPU KV cache size: %1 tokens\nINFO Maximum concurrency for "
                            "8192 tokens per request: 2.50x\n")
                 .arg(text));
    checkLog(QStringLiteral("GPU KV cache size: 178,880 tokens\nMaximum concurrency for %1 tokens "
                            "per request: %1x\nAvailable KV cache memory: %1 GiB\n")
                 .arg(text));
    return 0;
}
