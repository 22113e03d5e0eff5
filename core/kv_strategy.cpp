#include "kv_strategy.h"

#include "ledger.h"
#include "strategy_text.h"
#include "units.h"

#include <QStringList>
#include <algorithm>
#include <cmath>

namespace kvl {

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
    } else if (std::holds_alternative<DenseReads>(tokens)) {
        parts << QStringLiteral("dense");
    }
    if (precision) {
        if (precision->recentTokens > 0)
            parts << QStringLiteral("recent:%1%2%3,old=%4")
                         .arg(precision->recentTokens)
                         .arg(precision->recent ? u'@' + precision->recent->spec() : QString())
                         .arg(precision->sinkTokens > 0
                                  ? QStringLiteral(",sinks=%1").arg(precision->sinkTokens)
                                  : QString())
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

// The scenario a strategy is evaluated on: DenseReads swaps in the model's dense twin.
static Scenario scenarioFor(const Scenario &s, const KvStrategy &k)
{
    Scenario out = s;
    if (std::holds_alternative<DenseReads>(k.tokens))
        out.model = s.model.denseTwin();
    return out;
}

StrategyModel::StrategyModel(const Scenario &given, const KvStrategy &k)
    : m_scenario(scenarioFor(given, k)), m_strategy(k), m_step(m_scenario)
{
    const Scenario &s = m_scenario;
    const Precision older = k.precision ? k.precision->older : s.kvPrecision;
    m_recentTokens = k.precision ? k.precision->recentTokens : 0;
    m_sinkTokens = k.precision && m_recentTokens > 0 ? k.precision->sinkTokens : 0;
    const Precision recent = k.precision && k.precision->recent ? *k.precision->recent
                             : m_recentTokens > 0               ? s.kvPrecision
                                                                : older;
    const ModelSpec &m = s.model;
    for (const LayerTypeCount &t : m.cacheTypeCounts(s.speculativeDecoding)) {
        // A fixed state has no tokens to drop; each part a step reads is a cost of its own.
        const LayerCache whole = m.layerCache(t.type);
        const LayerCache gpu = m.layerCache(t.type, s.gpus);
        for (qsizetype i = 0; i < whole.read.size(); ++i) {
            KindCost c;
            c.type = t.type;
            c.layers = t.layers;
            c.read = whole.read.at(i);
            const auto same = [&](const CacheTerm &h) {
                return h.elements == c.read.elements && h.fixedBytes == c.read.fixedBytes;
            };
            const auto held = std::find_if(whole.held.begin(), whole.held.end(), same);
            c.holds = held != whole.held.end();
            c.held = c.holds ? *held : c.read;
            c.recent = double(c.read.bytes(recent));
            c.older = double(c.read.bytes(older));
            c.recentGpu = double(gpu.read.at(i).bytes(recent));
            c.olderGpu = double(gpu.read.at(i).bytes(older));
            c.flopGpu = gpu.read.at(i).flop;
            // A block summary is a key: half of K and V, or a whole latent (keys live in it).
            c.keyShare = isLatent(t.type.kind) ? 1.0 : 0.5;
            c.firstPart = i == 0;
            m_kinds << c;
        }
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
        base.held = c.held.count(L);
        base.read = std::min(c.read.count(L), base.held);
        base.recentKept = c.type.kind == AttentionKind::SlidingWindow
                              ? std::min(L, m.windowOf(c.type))
                              : base.held;
        if (c.held.tokens > 0) { // image tokens: not the conversation's to drop
            out << base;
            continue;
        }
        // Sinks + the last W tokens of what the layer holds.
        const auto windowed = [&](double layers, qint64 sinks, qint64 window) {
            Slice slice = base;
            slice.layers = layers;
            slice.held = std::min(base.held, sinks + window);
            slice.read = std::min(base.read, slice.held);
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
            base.held = std::min(base.held, budget);
            base.read = std::min(base.read, base.held);
            base.recentKept = std::min({base.recentKept, b->recent.at(L), budget});
            base.windowed = true;
        } else if (const auto *h = std::get_if<HeadsPolicy>(&m_strategy.tokens)) {
            if (!isLatent(c.type.kind)) {
                const double heads = double(c.layers) * m.kvHeadsOf(c.type);
                const double share = std::round(h->retrievalShare * heads) / heads;
                out << windowed(c.layers * (1 - share), h->sinks, h->window);
                base.layers = c.layers * share;
            }
        } else if (const auto *p = std::get_if<SparsePolicy>(&m_strategy.tokens);
                   p && c.type.kind != AttentionKind::SparseLatent) {
            // A model with trained sparse attention (DSA) already reads only what it selects:
            // its own figures stand for the sparse rows.
            int dense = 0;
            for (int i = 0; i < std::min(p->denseLayers, m.layers); ++i)
                dense += m.layerType(i) == c.type;
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
    // The newest tokens and the sinks at the recent precision; a sparse step is assumed to read
    // them.
    if (!read && !c.holds)
        return 0;
    const qint64 tokens = read ? slice.read : slice.held;
    const qint64 newest = std::min(tokens, m_recentTokens + m_sinkTokens);
    const double extra = read ? slice.extraRead : slice.extraHeld;
    return slice.layers *
           (double(newest) * recent + double(tokens - newest) * older + extra * older);
}

StrategyResult StrategyModel::at(qint64 L) const
{
    const QList<Slice> parts = slices(L);
    StrategyResult r = figures(L, parts);
    r.name = m_strategy.label();
    r.spec = m_strategy.spec();
    r.lossNote = lossNote(L, parts, r.losesTokens);
    return r;
}

StrategyResult StrategyModel::figuresAt(qint64 L) const
{
    return figures(L, slices(L));
}

StrategyResult StrategyModel::figures(qint64 L, const QList<Slice> &parts) const
{
    StrategyResult r;
    r.context = L;
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
        if (s.cost->firstPart) {
            layers += s.layers;
            heldTokens += s.layers * double(s.held);
        }
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
    return r;
}

QString StrategyModel::lossNote(qint64 L, const QList<Slice> &parts, bool loses) const
{
    const ModelSpec &m = m_scenario.model;
    const auto n = [](qint64 v) { return formatInteger(v); };
    QStringList notes;
    double windowedLayers = 0;
    for (const Slice &s : parts)
        if (s.windowed && s.held < L && s.cost->firstPart)
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
        if (m.hasKind(AttentionKind::Latent) || m.hasKind(AttentionKind::SparseLatent))
            notes << StrategyText::tr("Latent (MLA) layers have no separate KV heads and keep "
                                      "everything.");
    } else if (m.hasKind(AttentionKind::SparseLatent) &&
               std::holds_alternative<SparsePolicy>(m_strategy.tokens)) {
        notes << StrategyText::tr("This model's own trained sparse attention (DSA): every token "
                                  "stays in memory; a step scores all %1 index keys and reads the "
                                  "%2 latents its indexer picks. These are the model's own "
                                  "figures; no block selection is stacked on top.")
                     .arg(n(L), n(std::min(L, m.indexTopK)));
    } else if (std::holds_alternative<DenseReads>(m_strategy.tokens)) {
        notes << StrategyText::tr("Dense attention: every step reads all %1 tokens' latents on "
                                  "every layer, with no indexer, as the dense model this one was "
                                  "trained from does. The reference the sparse reads are "
                                  "measured against.")
                     .arg(n(L));
    } else if (const auto *p = std::get_if<SparsePolicy>(&m_strategy.tokens)) {
        QString chooser = p->summaryKeys > 0 ? StrategyText::tr("%n stored key(s) per block",
                                                                nullptr, p->summaryKeys)
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
        const QString exact = (p.recent ? *p.recent : m_scenario.kvPrecision).label();
        if (p.recentTokens > 0 && p.sinkTokens > 0)
            notes << StrategyText::tr("The first %1 and the newest %2 tokens at %3, the stale ones "
                                      "between them at %4: rounding, not loss.")
                         .arg(n(p.sinkTokens), n(p.recentTokens), exact, p.older.label());
        else if (p.recentTokens > 0)
            notes << StrategyText::tr("The newest %1 tokens at %2, older ones at %3: rounding, not "
                                      "loss.")
                         .arg(n(p.recentTokens), exact, p.older.label());
        else
            notes << StrategyText::tr("Every token kept at %1: rounding, not loss%2.")
                         .arg(p.older.label(),
                              p.older.bits() < 8
                                  ? StrategyText::tr("; measure recall on your own traffic before "
                                                     "going below 8 bits")
                                  : QString());
    }
    if (m_strategy.isBaseline() && !loses)
        notes << (m.hasKind(AttentionKind::SparseLatent)
                      ? StrategyText::tr("Nothing dropped: every token stays in memory, and the "
                                         "model's own sparse attention (DSA) reads %1 of the %2 "
                                         "latents per layer, after scoring every index key.")
                            .arg(n(std::min(L, m.indexTopK)), n(L))
                      : StrategyText::tr("Nothing dropped: every step reads every token."));
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

std::optional<KvStrategy> denseReference(const ModelSpec &m)
{
    if (!m.hasKind(AttentionKind::SparseLatent) || m.indexTopK <= 0)
        return std::nullopt;
    KvStrategy k;
    k.tokens = DenseReads{};
    k.name = StrategyText::tr("Dense attention");
    k.citation = StrategyText::tr("The same model with every latent read each step, no indexer: "
                                  "the dense attention its sparse attention replaces.");
    return k;
}

QList<QPointF> sweepStrategy(const Scenario &s, const KvStrategy &k, StrategyQuantity q,
                             const QList<qint64> &contexts)
{
    const StrategyModel model(s, k);
    QList<QPointF> out;
    out.reserve(contexts.size());
    for (qint64 c : contexts) {
        const StrategyResult r = model.figuresAt(c);
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
