#include "serving_capacity.h"

#include "input_text.h"
#include "ledger.h"
#include <QLocale>
#include <algorithm>
#include <cmath>
#include <limits>

// The KV capacity vLLM's V1 engine computes at start-up, step for step:
//   vllm/v1/worker/gpu_worker.py    determine_available_memory: requested = total × utilization,
//                                   available = requested − (weights + torch peak + non-torch)
//   vllm/v1/kv_cache_interface.py   page_size_bytes and max_memory_usage_bytes of each spec
//   vllm/v1/core/kv_cache_utils.py  grouping, get_num_blocks, _report_kv_cache_config,
//                                   _check_enough_kv_cache_memory
//   vllm/model_executor/models/config.py (HybridAttentionMambaModelConfig) and
//   vllm/platforms/interface.py     the attention block size raised to hold a Mamba page

namespace kvl {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
// The smallest block FlashAttention's kernels take (get_supported_kernel_block_sizes).
constexpr int kKernelBlockAlignment = 16;
// Non-torch memory the profiling pass adds (NCCL and custom all-reduce buffers with TP, cuBLAS
// and attention workspaces): not computable from the shape, so a stated allowance.
constexpr double kNonTorchBytes = 0.5 * kGiB;
constexpr double kNonTorchTpBytes = 1.0 * kGiB;

qint64 cdiv(qint64 a, qint64 b)
{
    return (a + b - 1) / b;
}

// Python's f"{n:,}".
QString pyGrouped(qint64 n)
{
    QLocale english(QLocale::English, QLocale::UnitedStates);
    return english.toString(n);
}

QString pyFixed2(double x)
{
    return QString::number(x, 'f', 2);
}

// EngineArgs.get_batch_defaults: H100-class GPUs (>= 70 GiB, not an A100) get the larger
// defaults of `vllm serve`.
bool largeBatchDefaults(const GpuSpec &g, double totalBytes)
{
    return totalBytes >= 70 * kGiB && !g.name.contains(u"a100", Qt::CaseInsensitive);
}

// The profiling forward pass's torch peak: max_num_batched_tokens tokens through one layer
// (residual and normed hidden state, 2 × hidden, and the MLP's gate-up and activated outputs,
// 3 × intermediate per GPU; for MoE the routed experts' per-token share, as fused_moe caches
// them) in bf16, plus the sampler's fp32 logits for min(max_num_seqs, tokens) sequences.
double activationEstimate(const ModelSpec &m, int tp, qint64 tokens, int seqs)
{
    double intermediate = m.moeLayers() < m.layers ? double(m.intermediateSize) / tp : 0;
    if (m.isMoE()) {
        const double expert =
            m.moeIntermediateSize > 0 ? m.moeIntermediateSize : m.intermediateSize;
        intermediate =
            std::max(intermediate, double(m.expertsPerToken + m.sharedExperts) * expert / tp);
    }
    const double perToken = (2.0 * m.hiddenSize + 3.0 * intermediate) * 2;
    return double(tokens) * perToken + double(std::min<qint64>(seqs, tokens)) * m.vocabSize * 4;
}

// Blocks one request of `maxModelLen` tokens needs in one group of `p`'s kind
// (max_memory_usage_bytes / page_size_bytes).
qint64 blocksPerRequest(const ModelSpec &m, const CapacityPage &p, qint64 block, qint64 maxModelLen,
                        qint64 batchedTokens)
{
    switch (p.kind) {
    case AttentionKind::Full:
    case AttentionKind::Latent:
    case AttentionKind::SparseLatent:
        return cdiv(maxModelLen, block);
    case AttentionKind::SlidingWindow:
        // The last window − 1 computed tokens plus one chunk of new ones; +1 as the window may
        // start inside a block.
        return cdiv(std::min(m.windowOf(p.type) - 1 + batchedTokens, maxModelLen), block) + 1;
    case AttentionKind::Chunked:
        return cdiv(std::min(m.chunkSize + batchedTokens, maxModelLen), block);
    case AttentionKind::CrossAttention: // CrossAttentionSpec: the encoder's tokens
        return cdiv(m.imageTokens, block);
    case AttentionKind::Linear:
    case AttentionKind::StateSpace:
    case AttentionKind::ShortConv:
    case AttentionKind::NoMixer:
        return 1; // mamba_cache_mode "none": one state per request
    }
    return 0;
}

// The per-GPU specs of the model, one per layer type (and one per Mamba beside an attention),
// before grouping: bytes one token adds to one layer of an attention page, or a whole state.
struct Spec
{
    CapacityPage page;
    qint64 elementsPerToken = 0; // at the KV precision
    qint64 fixedBytesPerToken = 0;
    qint64 stateBytes = 0;
};

QList<Spec> specs(const Scenario &s)
{
    const ModelSpec &m = s.model;
    QList<Spec> out;
    for (const LayerTypeCount &c : m.cacheTypeCounts(s.speculativeDecoding)) {
        const LayerCache cache = m.layerCache(c.type, s.gpus);
        if (!cache.held.isEmpty()) {
            Spec spec;
            spec.page.kind = c.type.kind;
            spec.page.type = c.type;
            spec.page.layers = c.layers;
            for (const CacheTerm &t : cache.held) {
                spec.elementsPerToken += t.elements;
                spec.fixedBytesPerToken +=
                    t.bytes(s.kvPrecision) - s.kvPrecision.bytesFor(t.elements);
            }
            out << spec;
        }
        if (cache.stateBytes > 0) {
            Spec spec;
            spec.page.kind = hasFixedState(c.type.kind) ? c.type.kind : AttentionKind::StateSpace;
            spec.page.type = c.type;
            spec.page.layers = c.layers;
            spec.stateBytes = cache.stateBytes;
            out << spec;
        }
    }
    return out;
}

qint64 tokenPage(const Spec &spec, const Precision &kv, qint64 tokens)
{
    return kv.bytesFor(tokens * spec.elementsPerToken) + tokens * spec.fixedBytesPerToken;
}

// _max_memory_usage_bytes_from_groups: group_size × page × Σ groups' blocks.
double neededBytes(const ServingCapacity &c, const ModelSpec &m, qint64 maxModelLen)
{
    qint64 blocks = 0;
    for (const CapacityPage &p : c.pages)
        blocks += qint64(p.groups) *
                  blocksPerRequest(m, p, c.blockSize, maxModelLen, c.maxNumBatchedTokens);
    return double(c.groupSize) * double(c.pageSizeBytes) * double(blocks);
}

// _estimate_max_model_len_from_groups: binary search over 1..max_model_len.
qint64 estimateMaxModelLen(const ServingCapacity &c, const ModelSpec &m, double available)
{
    if (neededBytes(c, m, 1) > available)
        return 0;
    qint64 left = 1, right = c.maxModelLen, result = 1;
    while (left <= right) {
        const qint64 mid = (left + right) / 2;
        if (neededBytes(c, m, mid) <= available) {
            result = mid;
            left = mid + 1;
        } else {
            right = mid - 1;
        }
    }
    return result;
}

// A hybrid model's attention block raised until one attention page holds a Mamba state, which is
// then padded to that page (config time, before profiling). Returns the attention bytes of one
// token in one layer; 0 for a model without attention.
qint64 alignHybridBlock(ServingCapacity &c, const Scenario &s)
{
    qint64 attentionPerToken = 0, statePage = 0;
    for (const Spec &spec : specs(s)) {
        statePage = std::max(statePage, spec.stateBytes);
        attentionPerToken = std::max(attentionPerToken, tokenPage(spec, s.kvPrecision, 1));
    }
    if (statePage == 0 || attentionPerToken == 0)
        return attentionPerToken;
    const qint64 align = std::max(kKernelBlockAlignment, c.blockSize);
    const qint64 needed = align * cdiv(statePage, align * attentionPerToken);
    if (c.blockSize < needed) {
        c.blockSize = int(needed);
        c.logLines << QStringLiteral("Setting attention block size to %1 tokens to ensure "
                                     "that attention page size is >= mamba page size.")
                          .arg(needed);
    }
    const qint64 attentionPage = c.blockSize * attentionPerToken;
    if (attentionPage != statePage)
        c.logLines << QStringLiteral("Padding mamba page size by %1% to ensure that mamba page "
                                     "size and attention page size are exactly equal.")
                          .arg(pyFixed2(100.0 * double(attentionPage - statePage) /
                                        double(statePage)));
    return attentionPerToken;
}

// The per-GPU page of every kind and the layers grouped into equal groups, as
// _get_kv_cache_groups_uniform_page_size does (one group when every layer is alike).
void buildGroups(ServingCapacity &c, const Scenario &s, qint64 attentionPerToken)
{
    const ModelSpec &m = s.model;
    int fewest = std::numeric_limits<int>::max(), most = 0;
    for (const Spec &spec : specs(s)) {
        CapacityPage p = spec.page;
        const bool state = spec.stateBytes > 0;
        p.realPageBytes = state ? spec.stateBytes : tokenPage(spec, s.kvPrecision, c.blockSize);
        // A Mamba page is padded to the attention page (mamba_page_size_padded).
        p.pageSizeBytes =
            state && attentionPerToken > 0 ? c.blockSize * attentionPerToken : p.realPageBytes;
        p.blocksPerRequest =
            blocksPerRequest(m, p, c.blockSize, c.maxModelLen, c.maxNumBatchedTokens);
        fewest = std::min(fewest, p.layers);
        most = std::max(most, p.layers);
        c.pages << p;
    }
    if (most == 0) { // nothing cached: a model without pages
        c.groupSize = 1;
        return;
    }
    // The smallest kind sets the group size, unless the largest has under 1.5 times its layers.
    c.groupSize = most < fewest * 1.5 ? most : fewest;
    for (CapacityPage &p : c.pages) {
        p.groups = int(cdiv(p.layers, c.groupSize));
        const int padding = c.groupSize - p.layers % c.groupSize;
        if (padding != c.groupSize) {
            p.paddingLayers = padding;
            c.logLines << QStringLiteral(
                              "Add %1 padding layers, may waste at most %2% KV cache memory")
                              .arg(padding)
                              .arg(pyFixed2(100.0 * padding / p.layers));
        }
        c.groups += p.groups;
        c.blocksPerRequest += qint64(p.groups) * p.blocksPerRequest;
        c.pageSizeBytes = std::max(c.pageSizeBytes, p.pageSizeBytes);
    }
}

} // namespace

QString vllmVersion()
{
    return QStringLiteral("vLLM V1 engine, main after v0.14.0 (kv_cache_utils.py and "
                          "kv_cache_interface.py at 001cabc1, gpu_worker.py at 35d5cda1)");
}

QString formatGib(double bytes)
{
    QString s = QString::number(std::round(bytes / kGiB * 100) / 100, 'f', 2);
    if (s.endsWith(u'0'))
        s.chop(1);
    return s;
}

ServingCapacity servingCapacity(const CapacityInputs &in)
{
    const Scenario &s = in.scenario;
    const ModelSpec &m = s.model;
    ServingCapacity c;
    c.totalFromDatasheet = s.gpu.reportedMemoryBytes <= 0;
    c.totalBytes = c.totalFromDatasheet ? s.gpu.memoryBytes : s.gpu.reportedMemoryBytes;
    if (c.totalFromDatasheet)
        c.notes << QStringLiteral("%1 reports no device memory here: the datasheet's %2 B is "
                                  "used, more than the device will show")
                       .arg(shownText(s.gpu.name), pyGrouped(qint64(s.gpu.memoryBytes)));
    c.requestedBytes = c.totalBytes * in.gpuMemoryUtilization;
    c.blockSize = in.blockSize;
    c.maxModelLen = in.maxModelLen > 0 ? in.maxModelLen : s.context;
    const bool large = largeBatchDefaults(s.gpu, c.totalBytes);
    c.maxNumBatchedTokens =
        in.maxNumBatchedTokens > 0 ? in.maxNumBatchedTokens : (large ? 8192 : 2048);
    c.maxNumSeqs = large ? 1024 : 256;

    c.weightBytes = evaluate(s).weightBytesPerGpu;
    c.activationBytes = activationEstimate(m, s.gpus, c.maxNumBatchedTokens, c.maxNumSeqs);
    c.nonTorchBytes = kNonTorchBytes + (s.gpus > 1 ? kNonTorchTpBytes : 0);
    c.nonKvBytes = c.weightBytes + c.activationBytes + c.nonTorchBytes;
    c.kvMemoryGiven = in.kvCacheMemoryBytes.has_value();
    // int(available_kv_cache_memory_bytes): Python truncates toward zero.
    c.kvCacheMemoryBytes =
        std::trunc(c.kvMemoryGiven ? *in.kvCacheMemoryBytes : c.requestedBytes - c.nonKvBytes);
    const qint64 attentionPerToken = alignHybridBlock(c, s);
    // With --kv-cache-memory vLLM skips profiling and this line (its own names the free memory).
    if (!c.kvMemoryGiven)
        c.logLines << QStringLiteral("Available KV cache memory: %1 GiB")
                          .arg(pyFixed2(c.kvCacheMemoryBytes / kGiB));
    c.notes << QStringLiteral("activation estimate: max_num_batched_tokens × (2 × hidden + 3 × "
                              "MLP intermediate per GPU) × 2 B + min(max_num_seqs, tokens) × "
                              "vocab × 4 B of fp32 logits")
            << QStringLiteral("non-torch allowance: 0.5 GiB, 1 GiB more with tensor parallelism; "
                              "the CUDA context and CUDA graphs live outside the requested "
                              "memory, in the 1 − utilization margin");

    buildGroups(c, s, attentionPerToken);
    if (std::any_of(c.pages.cbegin(), c.pages.cend(),
                    [](const CapacityPage &p) { return hasFixedState(p.kind); }))
        c.notes << QStringLiteral("Mamba and linear-attention states: mamba_cache_mode \"none\", "
                                  "one state per request");
    for (const CapacityPage &p : c.pages)
        if (p.pageSizeBytes != c.pageSizeBytes) {
            c.error = QStringLiteral("The page size of the layer is not divisible by the maximum "
                                     "page size. Cannot unify by adjusting block_size.");
            return c;
        }

    const double available = c.kvCacheMemoryBytes;
    if (available <= 0) {
        c.error = QStringLiteral(
            "No available memory for the cache blocks. Try increasing `gpu_memory_utilization` "
            "when initializing the engine. See "
            "https://docs.vllm.ai/en/latest/configuration/conserving_memory/ for more details.");
        return c;
    }
    c.neededBytes = neededBytes(c, m, c.maxModelLen);
    if (c.neededBytes > available) {
        c.estimatedMaxModelLen = estimateMaxModelLen(c, m, available);
        const QString estimated =
            c.estimatedMaxModelLen > 0
                ? QStringLiteral("Based on the available memory, the estimated maximum model "
                                 "length is %1. ")
                      .arg(c.estimatedMaxModelLen)
                : QString();
        c.error = QStringLiteral("To serve at least one request with the models's max seq len "
                                 "(%1), (%2 GiB KV cache is needed, which is larger than the "
                                 "available KV cache memory (%3 GiB). %4Try increasing "
                                 "`gpu_memory_utilization` or decreasing `max_model_len` when "
                                 "initializing the engine. See "
                                 "https://docs.vllm.ai/en/latest/configuration/conserving_memory/ "
                                 "for more details.")
                      .arg(c.maxModelLen)
                      .arg(formatGib(c.neededBytes), formatGib(available), estimated);
        return c;
    }

    c.numBlocks = qint64(available) / c.pageSizeBytes / c.groupSize;
    // A Mamba group's block is max_model_len tokens; the report uses the smallest block.
    const bool attention = std::any_of(c.pages.cbegin(), c.pages.cend(), [](const CapacityPage &p) {
        return !hasFixedState(p.kind);
    });
    const qint64 minBlock = attention ? c.blockSize : c.maxModelLen;
    c.kvCacheTokens = c.numBlocks / c.groups * minBlock;
    c.maxConcurrency = double(c.numBlocks) / double(c.blocksPerRequest);
    c.logLines << QStringLiteral("GPU KV cache size: %1 tokens").arg(pyGrouped(c.kvCacheTokens))
               << QStringLiteral("Maximum concurrency for %1 tokens per request: %2x")
                      .arg(pyGrouped(c.maxModelLen), pyFixed2(c.maxConcurrency));
    return c;
}

} // namespace kvl
