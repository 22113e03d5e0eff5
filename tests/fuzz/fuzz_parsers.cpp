// libFuzzer entry: any text into the small parsers behind the command-line flags and the
// controls: token counts (machine notation, and as an English and a Portuguese reader types
// them), precisions, KV strategies and synthetic attention sources. None may crash; where a
// formatter writes what the parser reads, parse → format → parse must be stable. The token-count
// grammar has one reading per text: no two readers give it two different counts, and what a
// reader's locale writes reads back exactly.
// No QCoreApplication: the parsers need no event loop.
#include "fuzz_checks.h"
#include "kv_strategy.h"
#include "precision.h"
#include "synthetic_mass.h"
#include "units.h"

#include <QLocale>
#include <cstddef>
#include <cstdint>

using kvl::fuzz::require;

namespace {

// formatTokenCount rounds to 3 digits, so one round may move the count; after it, none may.
void checkTokenCount(std::optional<qint64> n, const QLocale &locale)
{
    if (!n)
        return;
    require(*n >= 0 && *n <= qint64(1e18), "a token count is in 0-10^18", QString::number(*n));
    QLocale::setDefault(locale);
    const QString shown = kvl::formatTokenCount(*n);
    const auto read = kvl::parseTokenCount(shown, locale);
    require(read.has_value(), "a formatted token count reads back", shown);
    require(kvl::formatTokenCount(*read) == shown, "a formatted token count is stable",
            shown + u" → " + kvl::formatTokenCount(*read));
}

// The count as the locale groups it ("1.000.000" in Portuguese) reads back as itself.
void checkGrouped(std::optional<qint64> n, const QLocale &locale)
{
    if (!n)
        return;
    const QString grouped = locale.toString(*n);
    const auto read = kvl::parseTokenCount(grouped, locale);
    require(read && *read == *n, "a grouped count reads back exactly", grouped);
}

void checkPrecision(const QString &text)
{
    QString error;
    const auto p = kvl::Precision::parse(text, &error);
    if (!p) {
        require(!error.isEmpty(), "a refused precision says why");
        return;
    }
    require(p->bits() > 0 && std::isfinite(p->effectiveBits()) && p->effectiveBits() >= p->bits(),
            "a precision has a positive bit width", p->spec());
    require(p->bytesFor(1'000'000'000) > 0, "a billion values take bytes", p->spec());
    const auto back = kvl::Precision::parse(p->spec(), &error);
    require(back && *back == *p, "a precision's spec reads back as it", p->spec());
    require(!p->label().isEmpty(), "a precision has a label", p->spec());
}

void checkStrategy(const QString &text)
{
    QString error;
    const auto k = kvl::KvStrategy::parse(text, &error);
    if (!k) {
        require(!error.isEmpty(), "a refused strategy says why");
        return;
    }
    const QString spec = k->spec();
    const auto back = kvl::KvStrategy::parse(spec, &error);
    require(back.has_value(), "a strategy's spec reads back", spec + u": " + error);
    require(back->spec() == spec, "a strategy's spec is stable", spec + u" → " + back->spec());
    // Shares are written to 6 significant digits, so the first round may round one; the
    // second must change nothing. (A preset id reads with its name and citation; a spec
    // carries neither.)
    const auto again = kvl::KvStrategy::parse(back->spec(), &error);
    require(again && again->tokens == back->tokens && again->precision == back->precision,
            "a strategy read from its spec reads back as it", spec);
    require(!k->label().isEmpty(), "a strategy has a label", spec);
}

void checkSynthetic(const QString &text)
{
    QString error;
    const auto s = kvl::SyntheticMass::parse(text, &error);
    if (!s) {
        require(!error.isEmpty(), "a refused synthetic source says why");
        return;
    }
    const QString spec = s->spec();
    const auto back = kvl::SyntheticMass::parse(spec, &error);
    require(back.has_value(), "a synthetic source's spec reads back", spec + u": " + error);
    require(back->spec() == spec, "a synthetic source's spec is stable",
            spec + u" → " + back->spec());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    static const QLocale portuguese(QLocale::Portuguese, QLocale::Brazil);
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));

    QString error;
    const auto machine = kvl::parseTokenCount(text, &error);
    require(machine || !error.isEmpty(), "a refused token count says why");
    const auto inEnglish = kvl::parseTokenCount(text, english, &error);
    require(inEnglish || !error.isEmpty(), "a refused token count says why (English)");
    const auto inPortuguese = kvl::parseTokenCount(text, portuguese, &error);
    require(inPortuguese || !error.isEmpty(), "a refused token count says why (Portuguese)");
    // A separator is read one way or refused: no text is two different counts.
    for (const auto &other : {inEnglish, inPortuguese})
        require(!machine || !other || *machine == *other, "one text, one count", text);
    require(!inEnglish || !inPortuguese || *inEnglish == *inPortuguese, "one text, one count",
            text);
    checkTokenCount(machine, english);
    checkTokenCount(inEnglish, english);
    checkTokenCount(inPortuguese, portuguese);
    checkGrouped(machine, english);
    checkGrouped(inPortuguese, portuguese);

    checkPrecision(text);
    checkStrategy(text);
    checkSynthetic(text);
    return 0;
}
