#include "kv_strategy.h"

#include "input_text.h"
#include "ledger.h"
#include "strategy_presets.h"
#include "units.h"

#include <QCoreApplication>
#include <QMap>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace kvl {

// Notes and parse errors are read in the window; the CLI installs no translator and stays English.
class StrategyText
{
    Q_DECLARE_TR_FUNCTIONS(StrategyText)
};

qint64 TokenCount::at(qint64 context) const
{
    return tokens > 0 ? tokens : qint64(std::llround(share * double(context)));
}

static QString shareText(double share)
{
    return QString::number(share, 'g', 6);
}

QString TokenCount::spec() const
{
    return tokens > 0 || share <= 0 ? QString::number(tokens) : shareText(share * 100) + u'%';
}

// ---- parsing ---------------------------------------------------------------------------------

namespace {

QString grammar()
{
    return StrategyText::tr(
        "a precision (fp8, int8, int4, fp4), window:W[,sinks:S][,layers:F], "
        "budget:B|P%[,recent:R], "
        "duo:F[,sinks:S][,window:W], sparse:k=K,block=S[,summary=N,window=W,compress=D,"
        "compress-block=L,dense=N], recent:R[@P],old=P[,scale-bits=N], or a preset (%1)");
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
    if (!r || !options({QStringLiteral("old"), QStringLiteral("scale-bits")}))
        return false;
    p.recentTokens = *r;
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

// ---- text ------------------------------------------------------------------------------------

bool KvStrategy::isBaseline() const
{
    return tokens.index() == 0 && !precision;
}

bool KvStrategy::dropsTokens() const
{
    return std::holds_alternative<WindowPolicy>(tokens) ||
           std::holds_alternative<BudgetPolicy>(tokens) ||
           std::holds_alternative<HeadsPolicy>(tokens);
}

// The strategy grammar writes scale bits as their own option: "old=int4,scale-bits=32".
static QString precisionSpec(const Precision &p)
{
    QString s = p.spec();
    if (const qsizetype at = s.indexOf(QLatin1String(":s")); at > 0) {
        s.truncate(at);
        if (s.endsWith(QStringLiteral(":g%1").arg(Precision::of(p.format).groupSize)))
            s.truncate(s.lastIndexOf(u':'));
        s += QStringLiteral(",scale-bits=%1").arg(p.scaleBits);
    }
    return s;
}

QString KvStrategy::spec() const
{
    QStringList parts;
    if (const auto *w = std::get_if<WindowPolicy>(&tokens)) {
        QString s = QStringLiteral("window:%1").arg(w->window);
        if (w->sinks > 0)
            s += QStringLiteral(",sinks:%1").arg(w->sinks);
        if (w->layerShare != 1)
            s += u",layers:" + shareText(w->layerShare);
        parts << s;
    } else if (const auto *b = std::get_if<BudgetPolicy>(&tokens)) {
        QString s = u"budget:" + b->budget.spec();
        if (b->recent.tokens > 0 || b->recent.share > 0)
            s += u",recent:" + b->recent.spec();
        parts << s;
    } else if (const auto *h = std::get_if<HeadsPolicy>(&tokens)) {
        parts << QStringLiteral("duo:%1,sinks:%2,window:%3")
                     .arg(shareText(h->retrievalShare))
                     .arg(h->sinks)
                     .arg(h->window);
    } else if (const auto *p = std::get_if<SparsePolicy>(&tokens)) {
        QString s = QStringLiteral("sparse:k=%1,block=%2").arg(p->topK).arg(p->blockSize);
        if (p->summaryKeys != 1)
            s += QStringLiteral(",summary=%1").arg(p->summaryKeys);
        if (p->window > 0)
            s += QStringLiteral(",window=%1").arg(p->window);
        if (p->compressStride > 0)
            s += QStringLiteral(",compress=%1,compress-block=%2")
                     .arg(p->compressStride)
                     .arg(p->compressBlock);
        if (p->denseLayers > 0)
            s += QStringLiteral(",dense=%1").arg(p->denseLayers);
        parts << s;
    }
    if (precision) {
        if (precision->recentTokens > 0)
            parts << QStringLiteral("recent:%1%2,old=%3")
                         .arg(precision->recentTokens)
                         .arg(precision->recent ? u'@' + precision->recent->spec() : QString())
                         .arg(precisionSpec(precision->older));
        else
            parts << precisionSpec(precision->older);
    }
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(u'+');
}

QString KvStrategy::label() const
{
    if (!name.isEmpty())
        return name;
    return isBaseline() ? StrategyText::tr("full cache") : spec();
}

// ---- the model -------------------------------------------------------------------------------

// Layers (or a share of their heads) that keep and read the same tokens.
struct StrategyModel::Slice
{
    const KindCost *cost = nullptr;
    double layers = 0;    // layer-equivalents: a share of heads counts as that share of a layer
    qint64 held = 0;      // tokens kept
    qint64 read = 0;      // tokens one step reads
    double extraHeld = 0; // summaries and compressed tokens kept, in tokens' worth of K and V
    double extraRead = 0;
    qint64 recentKept = 0; // the newest tokens this slice is sure to keep
    bool windowed = false; // reduced by the strategy (windowed layers, streaming heads)
};

StrategyModel::StrategyModel(const Scenario &s, const KvStrategy &k)
    : m_scenario(s), m_strategy(k), m_step(s)
{
    const Precision older = k.precision ? k.precision->older : s.kvPrecision;
    m_recentTokens = k.precision ? k.precision->recentTokens : 0;
    const Precision recent = k.precision && k.precision->recent ? *k.precision->recent
                             : m_recentTokens > 0               ? s.kvPrecision
                                                                : older;
    const ModelSpec &m = s.model;
    for (AttentionKind kind : kAllKinds) {
        KindCost c;
        c.kind = kind;
        c.layers = m.layerCount(kind);
        if (c.layers == 0 || hasFixedState(kind)) // a fixed state has no tokens to drop
            continue;
        c.recent = double(kvBytesPerTokenLayerPerGpu(m, 1, kind, recent));
        c.older = double(kvBytesPerTokenLayerPerGpu(m, 1, kind, older));
        c.recentGpu = double(kvBytesPerTokenLayerPerGpu(m, s.gpus, kind, recent));
        c.olderGpu = double(kvBytesPerTokenLayerPerGpu(m, s.gpus, kind, older));
        c.flopGpu = m.attentionFlopPerTokenLayer(kind, s.gpus);
        // A block summary is a key: half of K and V, or a whole latent (keys live in it).
        c.keyShare = kind == AttentionKind::Latent ? 1.0 : 0.5;
        m_kinds << c;
    }
    const Ledger l = evaluate(s);
    m_fixedBytes = l.weightBytes + l.stateBytes;
    m_usableBytesPerGpu = l.usableBytesPerGpu;
}

QList<StrategyModel::Slice> StrategyModel::slices(qint64 L) const
{
    const ModelSpec &m = m_scenario.model;
    QList<Slice> out;
    for (const KindCost &c : m_kinds) {
        Slice base;
        base.cost = &c;
        base.layers = c.layers;
        base.held = base.read = m.tokensHeld(c.kind, L);
        base.recentKept =
            c.kind == AttentionKind::SlidingWindow ? std::min(L, m.window) : base.held;
        // Sinks + the last W tokens of what the layer holds.
        const auto windowed = [&](double layers, qint64 sinks, qint64 window) {
            Slice slice = base;
            slice.layers = layers;
            slice.held = slice.read = std::min(base.held, sinks + window);
            slice.recentKept = std::min(base.recentKept, window);
            slice.windowed = true;
            return slice;
        };

        if (const auto *w = std::get_if<WindowPolicy>(&m_strategy.tokens)) {
            const double n = std::round(w->layerShare * c.layers);
            out << windowed(n, w->sinks, w->window);
            base.layers = c.layers - n;
        } else if (const auto *b = std::get_if<BudgetPolicy>(&m_strategy.tokens)) {
            const qint64 budget = b->budget.at(L);
            base.held = base.read = std::min(base.held, budget);
            base.recentKept = std::min({base.recentKept, b->recent.at(L), budget});
            base.windowed = true;
        } else if (const auto *h = std::get_if<HeadsPolicy>(&m_strategy.tokens)) {
            if (c.kind != AttentionKind::Latent) {
                const double heads = double(c.layers) * m.kvHeads;
                const double share = std::round(h->retrievalShare * heads) / heads;
                out << windowed(c.layers * (1 - share), h->sinks, h->window);
                base.layers = c.layers * share;
            }
        } else if (const auto *p = std::get_if<SparsePolicy>(&m_strategy.tokens)) {
            int dense = 0;
            for (int i = 0; i < std::min(p->denseLayers, m.layers); ++i)
                dense += m.layerKind(i) == c.kind;
            Slice sparse = base;
            sparse.layers = c.layers - dense;
            sparse.read = std::min(base.held, p->topK * p->blockSize + p->window);
            // Whole blocks and whole compressed windows: integer division on purpose.
            const qint64 blocks = (base.held + p->blockSize - 1) / p->blockSize;
            double extra = double(blocks) * p->summaryKeys * c.keyShare;
            if (p->compressStride > 0 && base.held >= p->compressBlock) {
                const qint64 windows = (base.held - p->compressBlock) / p->compressStride + 1;
                extra += double(windows);
            }
            sparse.extraHeld = sparse.extraRead = extra;
            out << sparse;
            base.layers = dense;
        }
        out << base;
    }
    return out;
}

double StrategyModel::bytes(const Slice &slice, bool perGpu, bool read) const
{
    const KindCost &c = *slice.cost;
    const double recent = perGpu ? c.recentGpu : c.recent;
    const double older = perGpu ? c.olderGpu : c.older;
    // The newest tokens at the recent precision; a sparse step is assumed to read them.
    const qint64 tokens = read ? slice.read : slice.held;
    const qint64 newest = std::min(tokens, m_recentTokens);
    const double extra = read ? slice.extraRead : slice.extraHeld;
    return slice.layers *
           (double(newest) * recent + double(tokens - newest) * older + extra * older);
}

StrategyResult StrategyModel::at(qint64 L) const
{
    StrategyResult r;
    r.name = m_strategy.label();
    r.spec = m_strategy.spec();
    r.context = L;
    const QList<Slice> parts = slices(L);
    const double batch = m_scenario.batch;
    double flop = 0, layers = 0, heldTokens = 0;
    qint64 fewest = L;
    qint64 recentKept = L;
    for (const Slice &s : parts) {
        if (s.layers <= 0)
            continue;
        r.heldBytes += batch * bytes(s, false, false);
        r.readBytesPerStep += batch * bytes(s, false, true);
        r.heldBytesPerGpu += batch * bytes(s, true, false);
        r.readBytesPerGpu += batch * bytes(s, true, true);
        flop += batch * s.layers * s.cost->flopGpu * (double(s.read) + s.extraRead);
        layers += s.layers;
        heldTokens += s.layers * double(s.held);
        fewest = std::min(fewest, s.held);
        if (s.held < L) {
            r.losesTokens = true;
            recentKept = std::min(recentKept, s.recentKept);
        }
    }
    const double memory = m_step.memorySecondsFor(r.readBytesPerGpu);
    const double compute = m_step.computeSecondsFor(flop);
    r.secondsPerToken = std::max(memory, compute);
    r.memoryBound = memory >= compute;
    r.kvSecondsPerToken = r.readBytesPerGpu / m_step.bandwidth;
    r.gpusToFit = gpusNeeded(m_fixedBytes + r.heldBytes, m_usableBytesPerGpu);
    r.tokensHeldPerLayer = fewest;
    r.meanTokensHeld = layers > 0 ? heldTokens / layers : 0;
    r.oldestReadableToken = r.losesTokens ? L - recentKept : 0;
    r.lossNote = lossNote(L, parts, r.losesTokens);
    return r;
}

QString StrategyModel::lossNote(qint64 L, const QList<Slice> &parts, bool loses) const
{
    const ModelSpec &m = m_scenario.model;
    const auto n = [](qint64 v) { return formatInteger(v); };
    QStringList notes;
    double windowedLayers = 0;
    for (const Slice &s : parts)
        if (s.windowed && s.held < L)
            windowedLayers += s.layers;

    if (const auto *w = std::get_if<WindowPolicy>(&m_strategy.tokens)) {
        if (windowedLayers == 0) {
            notes << StrategyText::tr("Nothing dropped yet: %1 tokens fit in %2 sinks + %3 recent.")
                         .arg(n(L), n(w->sinks), n(w->window));
        } else {
            const QString rest = windowedLayers < m.layers
                                     ? StrategyText::tr("; the other %1 keep them")
                                           .arg(formatNumber(m.layers - windowedLayers))
                                     : QString();
            notes << StrategyText::tr("Tokens %1 to %2 (%3 tokens) are gone on %4 of %5 layers%6.")
                         .arg(n(w->sinks), n(L - w->window - 1), n(L - w->window - w->sinks),
                              formatNumber(windowedLayers), QString::number(m.layers), rest);
            if (w->sinks == 0)
                notes << StrategyText::tr("Without sink tokens the attention that parks on the "
                                          "first tokens has nowhere to go (StreamingLLM keeps 4).");
        }
    } else if (const auto *b = std::get_if<BudgetPolicy>(&m_strategy.tokens)) {
        const qint64 budget = b->budget.at(L);
        const qint64 recent = std::min(b->recent.at(L), budget);
        if (budget >= L)
            notes << StrategyText::tr("Nothing dropped yet: %1 tokens fit in the budget of %2.")
                         .arg(n(L), n(budget));
        else
            notes << StrategyText::tr(
                         "Each layer keeps %1 of %2 tokens: the newest %3 and %4 chosen "
                         "by the attention scores seen so far. The other %5 are gone, "
                         "whichever the next question needs.")
                         .arg(n(budget), n(L), n(recent), n(budget - recent), n(L - budget));
    } else if (const auto *h = std::get_if<HeadsPolicy>(&m_strategy.tokens)) {
        if (windowedLayers == 0)
            notes << StrategyText::tr("Nothing dropped yet: %1 tokens fit in %2 sinks + %3 recent.")
                         .arg(n(L), n(h->sinks), n(h->window));
        else
            notes << StrategyText::tr(
                         "Streaming heads keep %1 sinks + %2 recent: tokens %1 to %3 are "
                         "gone from them. Retrieval heads (%4% of KV heads) keep all "
                         "%5, so an old detail survives only where they look.")
                         .arg(n(h->sinks), n(h->window), n(L - h->window - 1),
                              formatNumber(h->retrievalShare * 100), n(L));
        if (m.hasKind(AttentionKind::Latent))
            notes << StrategyText::tr("Latent (MLA) layers have no separate KV heads and keep "
                                      "everything.");
    } else if (const auto *p = std::get_if<SparsePolicy>(&m_strategy.tokens)) {
        QString chooser = p->summaryKeys > 0
                              ? StrategyText::tr("%1 stored key(s) per block").arg(p->summaryKeys)
                              : StrategyText::tr("the compressed tokens' scores");
        notes << StrategyText::tr("Nothing dropped: every token stays in memory. A step reads %1 "
                                  "blocks of %2 tokens chosen by %3; a block the choice misses is "
                                  "skipped this step, not lost.")
                     .arg(n(p->topK), n(p->blockSize), chooser);
    }

    if (!m_strategy.dropsTokens() && m.hasKind(AttentionKind::SlidingWindow) &&
        L > m.window + m.sinkTokens)
        notes << StrategyText::tr("The model's own %1 sliding-window layers keep only the last %2 "
                                  "tokens.")
                     .arg(m.layerCount(AttentionKind::SlidingWindow))
                     .arg(n(m.window));
    if (m_strategy.precision) {
        const PrecisionPolicy &p = *m_strategy.precision;
        if (p.recentTokens > 0)
            notes << StrategyText::tr("The newest %1 tokens at %2, older ones at %3: rounding, not "
                                      "loss.")
                         .arg(n(p.recentTokens),
                              (p.recent ? *p.recent : m_scenario.kvPrecision).label(),
                              p.older.label());
        else
            notes << StrategyText::tr("Every token kept at %1: rounding, not loss%2.")
                         .arg(p.older.label(),
                              p.older.bits() < 8
                                  ? StrategyText::tr("; measure recall on your own traffic before "
                                                     "going below 8 bits")
                                  : QString());
    }
    if (m_strategy.isBaseline() && !loses)
        notes << StrategyText::tr("Nothing dropped: every step reads every token.");
    if (loses)
        notes << StrategyText::tr(
            "A detail mentioned once and not kept cannot be recalled later; "
            "agents live on such details (IDs, exact numbers, old log lines).");
    return notes.join(u' ');
}

StrategyResult evaluateStrategy(const Scenario &s, const KvStrategy &k)
{
    return StrategyModel(s, k).at(s.context);
}

QList<QPointF> sweepStrategy(const Scenario &s, const KvStrategy &k, StrategyQuantity q,
                             const QList<qint64> &contexts)
{
    const StrategyModel model(s, k);
    QList<QPointF> out;
    out.reserve(contexts.size());
    for (qint64 c : contexts) {
        const StrategyResult r = model.at(c);
        double v = 0;
        switch (q) {
        case StrategyQuantity::HeldBytes:
            v = r.heldBytes;
            break;
        case StrategyQuantity::ReadBytesPerStep:
            v = r.readBytesPerStep;
            break;
        case StrategyQuantity::SecondsPerToken:
            v = r.secondsPerToken;
            break;
        case StrategyQuantity::GpusToFit:
            v = r.gpusToFit;
            break;
        }
        out.append(QPointF(double(c), v));
    }
    return out;
}

} // namespace kvl
