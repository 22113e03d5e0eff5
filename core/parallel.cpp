#include "parallel.h"

#include "step_model.h"
#include "weights.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace kvl {

// Messages composed in core, shown by the CLI and the window.
class ParallelText
{
    Q_DECLARE_TR_FUNCTIONS(ParallelText)
};

namespace {
constexpr double kActivationBytes = 2; // bf16 activations between GPUs
constexpr double kPartialBytes = 4;    // fp32 partial attention outputs (context parallel)

// The weights on one GPU of `plan`: attention, dense MLPs and embeddings split by TP
// (replicated over DP and CP ranks), routed experts over the MoE group, the stage's share.
// `expertShare` of its experts: all of them held, the ones a step touches read.
double gpuWeightBytes(const WeightBytes &w, const ParallelPlan &plan, double expertShare = 1)
{
    return ((w.rest + w.embeddings) / plan.tp + w.routedExperts / plan.moeGroup() * expertShare) *
           (1.0 / plan.pp);
}

} // namespace

ActiveParameters activeParameters(const ModelSpec &m)
{
    const double active = m.parametersActive();
    if (!m.isMoE() || m.experts <= 0)
        return {active, 0};
    const double experts =
        m.parameterParts().routedExperts * std::min(1.0, double(m.expertsPerToken) / m.experts);
    return {std::max(0.0, active - experts), experts};
}

int ParallelPlan::moeTp() const
{
    return std::max(1, moeGroup() / std::max(1, ep));
}

QString ParallelPlan::validate(const ModelSpec &m) const
{
    if (tp < 1 || pp < 1 || dp < 1 || ep < 1 || cp < 1)
        return ParallelText::tr("every parallel degree must be at least 1");
    if (moeGroup() % ep != 0)
        return ParallelText::tr("EP %1 does not divide the %2 GPUs of the MoE group")
            .arg(ep)
            .arg(moeGroup());
    if (ep > 1 && (!m.isMoE() || ep > m.experts))
        return ParallelText::tr("EP %1 needs a model with at least %1 experts").arg(ep);
    if (pp > m.layers)
        return ParallelText::tr("PP %1 is more stages than the %2 layers").arg(pp).arg(m.layers);
    return {};
}

QString ParallelPlan::label() const
{
    QString out = QStringLiteral("TP ") + QString::number(tp);
    for (const auto &[name, degree] : {std::pair{u"DP", dp}, {u"CP", cp}, {u"EP", ep}, {u"PP", pp}})
        if (degree > 1)
            out += QStringLiteral(" × ") + QStringView(name) + u' ' + QString::number(degree);
    return out;
}

double Interconnect::bandwidthFor(int gpus) const
{
    if (gpus <= 1)
        return nvlinkBandwidth > 0 ? nvlinkBandwidth : networkBandwidth;
    return gpus <= domainGpus && nvlinkBandwidth > 0 ? nvlinkBandwidth : networkBandwidth;
}

ModelLoad modelLoad(const Scenario &s)
{
    return {weightBytes(s), activeParameters(s.model)};
}

GpuLoad gpuLoad(const Scenario &s, const ParallelPlan &plan, qint64 batch, qint64 context,
                double tokensPerSequence)
{
    return gpuLoad(s, modelLoad(s), plan, batch, context, tokensPerSequence);
}

GpuLoad gpuLoad(const Scenario &s, const ModelLoad &model, const ParallelPlan &plan, qint64 batch,
                qint64 context, double tokensPerSequence)
{
    return gpuLoad(s, model, CacheModel(s.model, s.kvPrecision, 1, plan.tp), plan, batch, context,
                   tokensPerSequence);
}

GpuLoad gpuLoad(const Scenario &s, const ModelLoad &model, const CacheModel &cache,
                const ParallelPlan &plan, qint64 batch, qint64 context, double tokensPerSequence)
{
    const ModelSpec &m = s.model;
    GpuLoad g;
    const double stage = 1.0 / plan.pp;
    const int group = plan.moeGroup();
    g.layers = double(m.layers) * stage;
    g.sequences = std::ceil(double(batch) / plan.dp);
    g.tokens = g.sequences * tokensPerSequence;
    const double stepTokens = double(batch) * tokensPerSequence; // every rank's, through the MoE

    // A step reads the experts it touches.
    double touched = 1;
    if (m.isMoE() && m.experts > m.expertsPerToken)
        touched = expertsTouched(m.experts, m.expertsPerToken, stepTokens) / m.experts;
    g.weightBytesHeld = gpuWeightBytes(model.weights, plan);
    g.weightBytesRead = gpuWeightBytes(model.weights, plan, touched);

    // The cache through the model's one per-layer rule, heads split by TP; CP splits it along
    // the tokens; PP keeps the stage's layers.
    g.kvBytes = g.sequences * cache.kvBytes(context) / plan.cp * stage;
    g.kvBytesRead = g.sequences * cache.kvReadBytes(context) / plan.cp * stage;
    g.stateBytes = g.sequences * cache.stateBytes * stage;
    g.attentionFlop = g.tokens * (cache.attentionFlop(context) / plan.cp + cache.stateFlop) * stage;

    const ActiveParameters &active = model.active;
    g.matmulFlop =
        2.0 * (g.tokens * active.dense / plan.tp + stepTokens * active.experts / group) * stage;

    // Communication each GPU sends per step.
    const double hidden = m.hiddenSize;
    const double moeLayers = m.moeLayers() * stage;
    if (plan.tp > 1) { // ring all-reduce after attention and after the MLP of every layer
        g.commBytes +=
            2 * g.layers * 2.0 * (plan.tp - 1) / plan.tp * g.tokens * hidden * kActivationBytes;
        g.collectives += 2 * g.layers;
    }
    if (plan.ep > 1) { // dispatch and combine: each token to its k experts' ranks and back
        const double tokensPerGpu = g.tokens / (plan.tp * plan.cp);
        g.commBytes += 2 * moeLayers * tokensPerGpu * m.expertsPerToken * hidden *
                       kActivationBytes * (plan.ep - 1) / plan.ep;
        g.collectives += 2 * moeLayers;
    } else if (m.isMoE() && group > plan.tp) { // experts split by TP over the whole group
        g.commBytes += 2 * moeLayers * double(group - 1) / group * stepTokens * hidden *
                       kActivationBytes / plan.tp;
        g.collectives += 2 * moeLayers;
    }
    if (plan.cp > 1) { // partial outputs and their log-sum-exp combined per attention layer
        const double heads = std::ceil(double(m.queryHeads) / plan.tp);
        g.commBytes += 2.0 * (plan.cp - 1) / plan.cp * g.layers * g.tokens * heads *
                       (m.headDim + 1) * kPartialBytes;
        g.collectives += g.layers;
    }
    if (plan.pp > 1) { // activations handed to the next stage
        g.commBytes += g.tokens * hidden * kActivationBytes;
        g.collectives += 1;
    }
    g.commGroup = plan.pp > 1 ? plan.gpus() : (plan.ep > 1 || plan.dp > 1 ? group : plan.tp);
    return g;
}

namespace {

double usableBytes(const Scenario &s)
{
    return s.gpu.memoryBytes * s.memoryFraction;
}

// TP degrees to try: valid for the model, within one scale-up domain.
QVarLengthArray<int, 16> tpDegrees(const ModelSpec &m, const Interconnect &links)
{
    QVarLengthArray<int, 16> out; // a search per ledger: no allocation
    const int last = std::min({limits::maxGpus, std::max(1, links.domainGpus),
                               m.queryHeads > 0 ? m.queryHeads : limits::maxGpus});
    for (int n = 1; n <= last; ++n)
        if (isValidTpDegree(m, n))
            out << n;
    if (out.isEmpty())
        out << 1;
    return out;
}

// The least context-parallel degree that holds the cache of `plan`'s ranks (the experts spread
// over the CP ranks too), 0 when none gives a plan of at most `gpus` GPUs.
int contextDegree(const Scenario &s, const ModelLoad &model, const CacheModel &cache,
                  ParallelPlan plan, int gpus)
{
    const int most = gpus / std::max(1, plan.tp * plan.dp * plan.pp);
    plan.cp = 1;
    while (plan.cp <= most) {
        const GpuLoad load = gpuLoad(s, model, cache, plan, s.batch, s.context);
        if (load.bytesHeld() <= usableBytes(s))
            return plan.cp;
        const double free = usableBytes(s) - load.weightBytesHeld - load.stateBytes;
        // Only the routed experts' share of the weights shrinks with more CP ranks: without
        // experts, no degree makes room where this one has none.
        if (free <= 0 && model.weights.routedExperts <= 0)
            return 0;
        const double needed = free > 0 ? std::ceil(load.kvBytes * plan.cp / free) : 2.0 * plan.cp;
        plan.cp = int(std::clamp(needed, double(plan.cp + 1), double(most) + 1));
    }
    return 0;
}

// Translatable: what each degree of `p` splits and why.
QString planReason(const PlanWording &w, const ParallelPlan &p)
{
    QStringList why;
    if (w.latent)
        why << ParallelText::tr(
                   "TP %1 splits the weights; an MLA latent is on every TP rank, so TP does not "
                   "shrink the cache")
                   .arg(p.tp);
    else if (p.tp >= w.kvHeads && w.kvHeads > 0 && p.tp > 1)
        why << ParallelText::tr(
                   "TP %1 splits the weights and the %2 KV heads, one per GPU at most; past "
                   "that they are replicated")
                   .arg(QString::number(p.tp), QString::number(w.kvHeads));
    else
        why << ParallelText::tr("TP %1 splits the weights and the KV heads").arg(p.tp);
    if (p.dp > 1)
        why << ParallelText::tr("attention DP %1 splits the %2 sequences")
                   .arg(QString::number(p.dp), QString::number(w.batch));
    if (p.cp > 1)
        why << ParallelText::tr(
                   "context parallel %1 splits each sequence's %2-token cache along its tokens")
                   .arg(QString::number(p.cp), QString::number(w.context));
    if (p.ep > 1)
        why << ParallelText::tr("EP %1 splits the %2 experts")
                   .arg(QString::number(p.ep), QString::number(w.experts));
    if (p.pp > 1)
        why << ParallelText::tr("PP %1 splits the %2 layers into stages")
                   .arg(QString::number(p.pp), QString::number(w.layers));
    return ParallelText::tr("%1 GPUs: %2")
        .arg(QString::number(p.gpus()), why.join(QStringLiteral("; ")));
}

} // namespace

PlanFit fitPlan(const Scenario &s, const Interconnect &links)
{
    return fitPlan(s, modelLoad(s), links);
}

PlanFit fitPlan(const Scenario &s, const ModelLoad &model, const Interconnect &links)
{
    const ModelSpec &m = s.model;
    PlanFit best;
    qint64 bestGpus = 0;
    // `p` holds the scenario as contextDegree found it; splitting the experts by EP changes
    // what it holds, so that plan is checked again.
    const auto consider = [&](ParallelPlan p, const CacheModel &cache) {
        if (m.isMoE() && p.moeGroup() > 1)
            p.ep = std::gcd(p.moeGroup(), std::max(1, m.experts));
        if (!p.validate(m).isEmpty() || qint64(p.gpus()) > limits::maxGpus)
            return;
        if (p.ep > 1 &&
            gpuLoad(s, model, cache, p, s.batch, s.context).bytesHeld() > usableBytes(s))
            return;
        // Fewest GPUs; among equals the widest TP (one collective group, no CP or DP ranks).
        if (bestGpus == 0 || p.gpus() < bestGpus || (p.gpus() == bestGpus && p.tp > best.plan.tp)) {
            best.plan = p;
            bestGpus = p.gpus();
        }
    };
    // A plan with more GPUs than the best so far cannot win: each search stops at that count.
    const auto most = [&] { return int(bestGpus > 0 ? bestGpus : limits::maxGpus); };
    const LayerTypeCounts types = m.cacheTypeCounts();
    const auto degrees = tpDegrees(m, links);
    for (int pp = 1; pp <= m.layers && bestGpus == 0; pp = pp < 2 ? 2 : pp * 2)
        for (int tp : degrees) {
            if (qint64(tp) * pp > most())
                break; // the degrees ascend
            // Without routed experts, DP and CP ranks each hold the stage's weights whole: a
            // degree that leaves them over a GPU is passed over before its cache is built.
            if (model.weights.routedExperts <= 0 &&
                gpuWeightBytes(model.weights, {.tp = tp, .pp = pp}) >= usableBytes(s))
                continue;
            const CacheModel cache(m, types, s.kvPrecision, 1, tp);
            for (int dp = 1; dp <= s.batch && qint64(tp) * dp * pp <= most();
                 dp = dp * 2 > s.batch && dp < s.batch ? s.batch : dp * 2) {
                ParallelPlan p{tp, pp, dp, 1, 1};
                p.cp = contextDegree(s, model, cache, p, most());
                if (p.cp == 0)
                    continue;
                consider(p, cache);
                if (p.cp == 1)
                    break; // more DP ranks than needed only add GPUs
            }
        }
    best.fits = bestGpus > 0;
    return best;
}

PlanWording PlanWording::of(const Scenario &s)
{
    const ModelSpec &m = s.model;
    return {m.hasKind(AttentionKind::Latent) || m.hasKind(AttentionKind::SparseLatent),
            m.queryHeads,
            m.kvHeads,
            m.experts,
            m.layers,
            s.batch,
            s.context};
}

QString PlanFit::reason(const PlanWording &w) const
{
    return fits ? planReason(w, plan)
                : ParallelText::tr("no plan of up to %1 GPUs holds the weights and the cache")
                      .arg(limits::maxGpus);
}

} // namespace kvl
