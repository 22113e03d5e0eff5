// KV strategy specs: the grammar and its parser ("window:4096,sinks:4+fp8").
#include "kv_strategy.h"

#include "input_text.h"
#include "strategy_presets.h"
#include "strategy_text.h"
#include "units.h"

#include <QMap>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace kvl {

// ---- parsing ---------------------------------------------------------------------------------

namespace {

QString grammar()
{
    return StrategyText::tr(
        "a precision (fp8, int8, int4, fp4), window:W[,sinks:S][,layers:F], "
        "budget:B|P%[,recent:R], "
        "duo:F[,sinks:S][,window:W], sparse:k=K,block=S[,summary=N,window=W,compress=D,"
        "compress-block=L,dense=N], recent:R[@P][,sinks=S],old=P[,scale-bits=N], dense, or a "
        "preset (%1)");
}

QString presetIds()
{
    QStringList ids;
    for (const StrategyPreset &p : strategyPresets())
        ids << p.id;
    return ids.join(QStringLiteral(", "));
}

// One part of a spec ("window:4096,sinks:4"): the leading item and its options.
class PartParser
{
public:
    explicit PartParser(QString part) : m_part(std::move(part)) {}

    bool parse(KvStrategy &into, QString *error);

private:
    bool fail(const QString &why)
    {
        m_error = QStringLiteral("\"%1\": %2").arg(shownInput(m_part), why);
        return false;
    }
    // key=value or key:value, whichever separator comes first.
    static std::pair<QString, QString> split(const QString &item)
    {
        const qsizetype colon = item.indexOf(u':');
        const qsizetype equals = item.indexOf(u'=');
        qsizetype at = colon < 0 ? equals : equals < 0 ? colon : std::min(colon, equals);
        if (at < 0)
            return {item.trimmed().toLower(), QString()};
        return {item.left(at).trimmed().toLower(), item.mid(at + 1).trimmed()};
    }
    bool options(const QStringList &allowed);
    bool has(const QString &key) const { return m_options.contains(key); }
    std::optional<qint64> tokens(const QString &key, const QString &text, qint64 lo);
    std::optional<double> share(const QString &key, const QString &text, bool allowZero);
    std::optional<TokenCount> count(const QString &key, const QString &text);
    std::optional<Precision> precision(const QString &key, const QString &text);
    bool scaleBits(Precision &p);

    bool window(KvStrategy &into, const QString &value);
    bool budget(KvStrategy &into, const QString &value);
    bool heads(KvStrategy &into, const QString &value);
    bool sparse(KvStrategy &into, const QString &value);
    bool recent(KvStrategy &into, const QString &value);

    QString m_part;
    QStringList m_items;
    QMap<QString, QString> m_options;
    QString m_error;
};

bool PartParser::options(const QStringList &allowed)
{
    for (qsizetype i = 1; i < m_items.size(); ++i) {
        const auto [key, value] = split(m_items.at(i));
        if (!allowed.contains(key))
            return fail(StrategyText::tr("\"%1\" is not an option here (%2)")
                            .arg(shownInput(key), allowed.join(QStringLiteral(", "))));
        if (m_options.contains(key))
            return fail(StrategyText::tr("%1 given twice").arg(shownInput(key)));
        m_options.insert(key, value);
    }
    return true;
}

std::optional<qint64> PartParser::tokens(const QString &key, const QString &text, qint64 lo)
{
    const auto n = parseTokenCount(text);
    if (!n) {
        fail(StrategyText::tr("%1: \"%2\" is not a token count").arg(key, shownInput(text)));
        return std::nullopt;
    }
    if (*n < lo || *n > limits::maxContext) {
        fail(
            StrategyText::tr("%1: %2 is outside %3-%4 tokens")
                .arg(key, formatInteger(*n), formatInteger(lo), formatInteger(limits::maxContext)));
        return std::nullopt;
    }
    return n;
}

std::optional<double> PartParser::share(const QString &key, const QString &text, bool allowZero)
{
    QString t = text;
    const bool percent = t.endsWith(u'%');
    if (percent)
        t.chop(1);
    bool ok = false;
    double v = t.toDouble(&ok);
    if (percent)
        v /= 100;
    if (!ok || !std::isfinite(v) || v < 0 || v > 1 || (!allowZero && v == 0)) {
        fail(StrategyText::tr("%1: \"%2\" is not a share in %3, 1] (0.5 or 50%)")
                 .arg(key, shownInput(text),
                      allowZero ? QStringLiteral("[0") : QStringLiteral("(0")));
        return std::nullopt;
    }
    return v;
}

std::optional<TokenCount> PartParser::count(const QString &key, const QString &text)
{
    if (text.endsWith(u'%')) {
        const auto s = share(key, text, false);
        return s ? std::optional(TokenCount{0, *s}) : std::nullopt;
    }
    const auto n = tokens(key, text, 1);
    return n ? std::optional(TokenCount{*n, 0}) : std::nullopt;
}

std::optional<Precision> PartParser::precision(const QString &key, const QString &text)
{
    QString why;
    const auto p = Precision::parse(text, &why);
    if (!p)
        fail(key.isEmpty() ? why : QStringLiteral("%1: %2").arg(key, why));
    return p;
}

bool PartParser::scaleBits(Precision &p)
{
    if (!has(QStringLiteral("scale-bits")))
        return true;
    const QString v = m_options.value(QStringLiteral("scale-bits"));
    bool ok = false;
    const int bits = v.toInt(&ok);
    if (!ok || bits < 1 || bits > 64)
        return fail(StrategyText::tr("scale-bits: \"%1\" is not 1-64 bits").arg(shownInput(v)));
    if (p.groupSize == 0)
        return fail(
            StrategyText::tr("scale-bits: %1 has no group scales (give :gN)").arg(p.name()));
    p.scaleBits = bits;
    return true;
}

bool PartParser::window(KvStrategy &into, const QString &value)
{
    WindowPolicy w;
    const auto window = tokens(QStringLiteral("window"), value, 1);
    if (!window || !options({QStringLiteral("sinks"), QStringLiteral("layers")}))
        return false;
    w.window = *window;
    if (has(QStringLiteral("sinks"))) {
        const auto sinks =
            tokens(QStringLiteral("sinks"), m_options.value(QStringLiteral("sinks")), 0);
        if (!sinks)
            return false;
        w.sinks = *sinks;
    }
    if (has(QStringLiteral("layers"))) {
        const auto s =
            share(QStringLiteral("layers"), m_options.value(QStringLiteral("layers")), false);
        if (!s)
            return false;
        w.layerShare = *s;
    }
    into.tokens = w;
    return true;
}

bool PartParser::budget(KvStrategy &into, const QString &value)
{
    BudgetPolicy b;
    const auto budget = count(QStringLiteral("budget"), value);
    if (!budget || !options({QStringLiteral("recent")}))
        return false;
    b.budget = *budget;
    if (has(QStringLiteral("recent"))) {
        const QString text = m_options.value(QStringLiteral("recent"));
        std::optional<TokenCount> recent =
            text.trimmed() == u"0" ? TokenCount{} : count(QStringLiteral("recent"), text);
        if (!recent)
            return false;
        const bool sameKind = (recent->tokens > 0) == (b.budget.tokens > 0);
        if (sameKind && (recent->tokens > b.budget.tokens || recent->share > b.budget.share))
            return fail(StrategyText::tr("recent %1 is more than the budget %2")
                            .arg(recent->spec(), b.budget.spec()));
        b.recent = *recent;
    }
    into.tokens = b;
    return true;
}

bool PartParser::heads(KvStrategy &into, const QString &value)
{
    HeadsPolicy h;
    const auto s = share(QStringLiteral("duo"), value, true);
    if (!s || !options({QStringLiteral("sinks"), QStringLiteral("window")}))
        return false;
    h.retrievalShare = *s;
    if (has(QStringLiteral("sinks"))) {
        const auto sinks =
            tokens(QStringLiteral("sinks"), m_options.value(QStringLiteral("sinks")), 0);
        if (!sinks)
            return false;
        h.sinks = *sinks;
    }
    if (has(QStringLiteral("window"))) {
        const auto w =
            tokens(QStringLiteral("window"), m_options.value(QStringLiteral("window")), 1);
        if (!w)
            return false;
        h.window = *w;
    }
    into.tokens = h;
    return true;
}

bool PartParser::sparse(KvStrategy &into, const QString &value)
{
    // "sparse:k=16,block=64": the first option rides on the leading item.
    m_items[0] = value;
    m_items.prepend(QString());
    const QStringList allowed = {QStringLiteral("k"),        QStringLiteral("block"),
                                 QStringLiteral("summary"),  QStringLiteral("window"),
                                 QStringLiteral("compress"), QStringLiteral("compress-block"),
                                 QStringLiteral("dense")};
    if (value.isEmpty())
        return fail(StrategyText::tr("sparse needs k=K,block=S"));
    if (!options(allowed))
        return false;
    for (const char *required : {"k", "block"})
        if (!has(QLatin1String(required)))
            return fail(StrategyText::tr("sparse needs %1=").arg(QLatin1String(required)));
    SparsePolicy p;
    const auto option = [&](const char *key, qint64 lo, qint64 *out) {
        const QString k = QLatin1String(key);
        if (!has(k))
            return true;
        const auto n = tokens(k, m_options.value(k), lo);
        if (n)
            *out = *n;
        return n.has_value();
    };
    qint64 summary = p.summaryKeys, dense = 0;
    if (!option("k", 1, &p.topK) || !option("block", 1, &p.blockSize) ||
        !option("summary", 0, &summary) || !option("window", 0, &p.window) ||
        !option("compress", 0, &p.compressStride) ||
        !option("compress-block", 1, &p.compressBlock) || !option("dense", 0, &dense))
        return false;
    if (summary > 16)
        return fail(StrategyText::tr("summary: %1 keys per block; 0-16 expected").arg(summary));
    if (dense > limits::maxLayers)
        return fail(
            StrategyText::tr("dense: %1 layers is more than %2").arg(dense).arg(limits::maxLayers));
    if (p.topK > limits::maxContext / p.blockSize)
        return fail(StrategyText::tr("k × block is more than %1 tokens")
                        .arg(formatInteger(limits::maxContext)));
    p.summaryKeys = int(summary);
    p.denseLayers = int(dense);
    if (p.compressStride > 0 && p.compressBlock == 0)
        p.compressBlock = 2 * p.compressStride; // NSA: blocks of 32 at stride 16
    if (p.compressBlock > 0 && p.compressStride == 0)
        return fail(StrategyText::tr("compress-block needs compress=D"));
    if (p.compressBlock > 0 && p.compressBlock < p.compressStride)
        return fail(
            StrategyText::tr("compress-block %1 is shorter than the stride %2: tokens would "
                             "be skipped")
                .arg(p.compressBlock)
                .arg(p.compressStride));
    into.tokens = p;
    return true;
}

bool PartParser::recent(KvStrategy &into, const QString &value)
{
    PrecisionPolicy p;
    const qsizetype at = value.indexOf(u'@');
    const auto r = tokens(QStringLiteral("recent"), at < 0 ? value : value.left(at), 1);
    if (!r ||
        !options({QStringLiteral("old"), QStringLiteral("sinks"), QStringLiteral("scale-bits")}))
        return false;
    p.recentTokens = *r;
    if (has(QStringLiteral("sinks"))) {
        const auto sinks =
            tokens(QStringLiteral("sinks"), m_options.value(QStringLiteral("sinks")), 0);
        if (!sinks)
            return false;
        p.sinkTokens = *sinks;
    }
    if (at >= 0) {
        const auto rp = precision(QStringLiteral("recent"), value.mid(at + 1));
        if (!rp)
            return false;
        p.recent = *rp;
    }
    if (!has(QStringLiteral("old")))
        return fail(StrategyText::tr("recent needs old=P, the precision of older tokens"));
    const auto old = precision(QStringLiteral("old"), m_options.value(QStringLiteral("old")));
    if (!old)
        return false;
    p.older = *old;
    if (!scaleBits(p.older))
        return false;
    into.precision = p;
    return true;
}

bool PartParser::parse(KvStrategy &into, QString *error)
{
    m_items = m_part.split(u',');
    const auto [head, value] = split(m_items.first());
    bool ok = false;
    if (head == u"none" && m_items.size() == 1) {
        ok = true; // the full cache, for comparison
    } else if (Precision::parse(m_items.first())) {
        // A whole precision, "int4:g128" included, optionally with scale-bits.
        PrecisionPolicy p;
        p.older = *Precision::parse(m_items.first());
        ok = options({QStringLiteral("scale-bits")}) && scaleBits(p.older);
        if (ok)
            into.precision = p;
    } else if (head == u"window") {
        ok = window(into, value);
    } else if (head == u"budget") {
        ok = budget(into, value);
    } else if (head == u"duo") {
        ok = heads(into, value);
    } else if (head == u"sparse") {
        ok = sparse(into, value);
    } else if (head == u"recent") {
        ok = recent(into, value);
    } else if (head == u"dense" && m_items.size() == 1) {
        into.tokens = DenseReads{};
        ok = true;
    } else if (head.isEmpty()) {
        ok = fail(StrategyText::tr("empty part"));
    } else {
        m_error = StrategyText::tr("\"%1\" is not a strategy: expected %2")
                      .arg(shownInput(m_part), grammar().arg(presetIds()));
    }
    if (!ok && error)
        *error = m_error;
    return ok;
}

QString tokenPolicyKindName(const TokenPolicy &t)
{
    switch (t.index()) {
    case 1:
        return QStringLiteral("window");
    case 2:
        return QStringLiteral("budget");
    case 3:
        return QStringLiteral("duo");
    case 4:
        return QStringLiteral("sparse");
    case 5:
        return QStringLiteral("dense");
    }
    return {};
}

} // namespace

std::optional<KvStrategy> KvStrategy::parse(const QString &text, QString *error)
{
    KvStrategy out;
    QStringList names;
    QStringList citations;
    bool fromPreset = false;
    const QStringList parts = text.split(u'+');
    for (const QString &rawPart : parts) {
        const QString part = rawPart.trimmed();
        KvStrategy piece;
        QString label = part;
        if (const auto preset = strategyPreset(part.toLower())) {
            const auto parsed = parse(preset->spec, error);
            if (!parsed)
                return std::nullopt;
            piece = *parsed;
            label = preset->name;
            citations << preset->citation;
            fromPreset = true;
        } else {
            PartParser parser(part);
            if (!parser.parse(piece, error))
                return std::nullopt;
        }
        if (piece.tokens.index() != 0 && out.tokens.index() != 0) {
            if (error)
                *error = StrategyText::tr("\"%1\": two token policies (%2 and %3); stack one token "
                                          "policy with one precision")
                             .arg(shownInput(text), tokenPolicyKindName(out.tokens),
                                  tokenPolicyKindName(piece.tokens));
            return std::nullopt;
        }
        if (piece.precision && out.precision) {
            if (error)
                *error = StrategyText::tr("\"%1\": two precisions; stack one token policy with one "
                                          "precision")
                             .arg(shownInput(text));
            return std::nullopt;
        }
        if (piece.tokens.index() != 0)
            out.tokens = piece.tokens;
        if (piece.precision)
            out.precision = piece.precision;
        names << label;
    }
    if (fromPreset) {
        out.name = names.join(QStringLiteral(" + "));
        out.citation = citations.join(u' ');
    }
    return out;
}

} // namespace kvl
