// A measured run as the cost model sees it: the models it names, its deployment read from the
// columns (as aiconfigurator reads them, with the corrections its rows need), its workload.
#include "measured_runs.h"

#include "hf_config.h"
#include "input_text.h"
#include "presets.h"
#include "runs_text.h"

#include <QFileInfo>
#include <cmath>

namespace kvl {

ModelResolver::ModelResolver(QString configsDir) : m_dir(std::move(configsDir)) {}

std::optional<ModelSpec> ModelResolver::model(const QString &hfId, QString *error)
{
    if (const auto it = m_models.constFind(hfId); it != m_models.cend()) {
        *error = m_errors.value(hfId);
        return *it;
    }
    std::optional<ModelSpec> found;
    const QString marker = QStringLiteral("huggingface.co/%1/").arg(hfId);
    for (const ModelSpec &m : PresetLibrary::instance().models())
        if (!hfId.isEmpty() && m.source.contains(marker, Qt::CaseInsensitive)) {
            found = m;
            break;
        }
    QString why;
    if (!found && !m_dir.isEmpty()) {
        const QString path = m_dir + u'/' + hfId + QStringLiteral("/config.json");
        if (QFileInfo::exists(path)) {
            if (const auto imported = importHfConfigFile(path, &why))
                found = imported->model;
        } else {
            why = RunsText::tr("unknown model \"%1\": no preset has that Hugging Face id and %2 "
                               "does not exist")
                      .arg(shownInput(hfId), shownPath(path));
        }
    } else if (!found) {
        why = RunsText::tr(
                  "unknown model \"%1\": no preset has that Hugging Face id (give --configs DIR)")
                  .arg(shownInput(hfId));
    }
    m_models.insert(hfId, found);
    m_errors.insert(hfId, why);
    *error = why;
    return found;
}

namespace {
QString knownSystems()
{
    QStringList names;
    for (const SystemInfo &s : bundledSystems())
        names << s.name;
    return names.join(QStringLiteral(", "));
}

// aiconfigurator requires tp × attention_dp = moe_tp × moe_ep for an MoE model
// (aic-core/src/aiconfigurator_core/sdk/config.py, resolve_moe_parallelism) and refuses rows that
// break it; they are read here as what was deployed:
// - a "TP 8, EP 8" run on 8 GPUs written as tp_size 64, moe_tp 8, moe_ep 8 (the product past the
//   NVLink domain, no engine runs such a TP group): moe_tp GPUs with EP moe_ep;
// - InferenceX's vLLM runs with TP T and expert parallelism on T GPUs written as attention_dp T
//   and moe_ep T² (its scripts pass --tensor-parallel-size T --enable-expert-parallel and no data
//   parallelism; the ids say "tp4_ep4"): TP T, EP T;
// - an MoE group wider than tp × attention_dp (vLLM's --data-parallel-size written without
//   attention_dp_size: tp_size 1, moe_tp 2): the other GPUs are attention-DP ranks.
ParallelPlan planOf(const MeasuredRun &run, const ModelSpec &m, const SystemInfo &sys,
                    QString *note)
{
    ParallelPlan p{run.tp, run.pp, run.dp, m.isMoE() ? run.ep : 1, 1};
    if (!m.isMoE())
        return p;
    const int written = run.tp * run.dp;
    const int moe = run.moeTp * run.ep;
    if (written > sys.links.domainGpus && run.moeTp > 1 && run.ep > 1 && moe == written) {
        p.tp = run.dp > 1 ? 1 : run.moeTp;
        p.dp = run.dp > 1 ? run.moeTp : 1;
        *note = RunsText::tr("tp_size × attention_dp_size %1 = moe_tp %2 × moe_ep "
                             "%3 is past the %4-GPU NVLink domain: read as %5")
                    .arg(written)
                    .arg(run.moeTp)
                    .arg(run.ep)
                    .arg(sys.links.domainGpus)
                    .arg(p.label());
    } else if (run.dp == run.tp && run.dp > 1 && run.moeTp == 1 && moe == written &&
               run.engine == u"vllm") {
        p.dp = 1;
        p.ep = run.tp;
        *note = RunsText::tr("attention_dp_size %1 = tp_size with moe_ep %2 = tp_size²: read "
                             "as %3")
                    .arg(run.dp)
                    .arg(run.ep)
                    .arg(p.label());
    } else if (moe > written && moe % run.tp == 0) {
        p.dp = moe / run.tp;
        *note = RunsText::tr("moe_tp %1 × moe_ep %2 spans more GPUs than tp_size × "
                             "attention_dp_size %3: read as %4")
                    .arg(run.moeTp)
                    .arg(run.ep)
                    .arg(written)
                    .arg(p.label());
    }
    return p;
}

// The benchmark client of most runs sends ten prompts per request in flight (InferenceX,
// benchmarks/benchmark_lib.sh: --num-prompts $((CONC * 10))).
constexpr double kPromptsPerClient = 10;

// The mean of lengths drawn uniformly in [ratio × n, n].
qint64 meanLength(qint64 n, double ratio)
{
    return std::max<qint64>(1, qint64(std::llround(double(n) * (1 + ratio) / 2)));
}
} // namespace

ModelledRun modelRun(const MeasuredRun &run, ModelResolver &models)
{
    ModelledRun out;
    const auto sys = systemByName(run.system);
    if (!sys) {
        out.reason = RunsText::tr("unknown system \"%1\" (known: %2)")
                         .arg(shownInput(run.system), knownSystems());
        return out;
    }
    out.system = *sys;
    const auto gpu = PresetLibrary::instance().gpu(sys->gpuId);
    QString why;
    const auto model = models.model(run.modelPath, &why);
    const auto gemm = quantPrecision(run.gemmQuant);
    const auto moe = quantPrecision(run.moeQuant);
    const bool disagg = run.mode == u"disagg";
    if (!gpu)
        out.reason =
            RunsText::tr("system \"%1\": no GPU preset \"%2\"").arg(run.system, sys->gpuId);
    else if (!model)
        out.reason = why;
    else if (!gemm || !moe)
        out.reason = RunsText::tr("unknown weight format \"%1\"")
                         .arg(shownInput(gemm ? run.moeQuant : run.gemmQuant));
    else if (run.spec == SpecDecoding::Unknown)
        out.reason = RunsText::tr("spec_decoding unknown: the source does not say whether the "
                                  "run drafted tokens (MTP)");
    else if (run.spec == SpecDecoding::Mtp && run.draftTokens < 1)
        out.reason = RunsText::tr("spec_decoding mtp without nextn, the tokens drafted per step");
    else if (disagg && run.rankBatch == 0 && (run.workers == 0 || run.concurrency == 0))
        out.reason = RunsText::tr("decode_batch_size and decode_num_workers not given: the "
                                  "decode workers' batch is unknown");
    else if (!disagg && run.rankBatch == 0 && run.concurrency == 0)
        out.reason = RunsText::tr("neither concurrency nor batch_size given");
    if (!out.reason.isEmpty())
        return out;

    Scenario &s = out.scenario;
    s.model = *model;
    s.model.nativePrecision = *gemm;
    s.model.expertPrecision = *moe;
    s.model.embeddingPrecision = Precision::of(NumberFormat::BF16);
    s.weightsAsStored = true;
    s.gpu = *gpu;
    // The cache of a checkpoint whose matmuls run in fp8 or fp4 is fp8 where InferenceX's scripts
    // all say so: every TensorRT-LLM one (kv_cache_config dtype fp8) and every Blackwell one. On
    // Hopper, vLLM's and SGLang's are split (DeepSeek-R1 on SGLang and MiniMax-M2.5 on H100 keep
    // the engine's default, the model's bf16), so the default is kept there, and for weight-only
    // int4 (bf16 activations) everywhere.
    const bool lowPrecisionMatmuls =
        gemm->format == NumberFormat::FP8 || gemm->format == NumberFormat::FP4;
    s.kvPrecision = Precision::of(
        lowPrecisionMatmuls && (run.engine == u"trtllm" || sys->architecture == u"blackwell")
            ? NumberFormat::FP8
            : NumberFormat::BF16);
    s.memoryFraction = 0.9; // the engines' default share

    out.plan = planOf(run, s.model, *sys, &out.note);
    if (const QString e = out.plan.validate(s.model); !e.isEmpty()) {
        out.reason = e;
        return out;
    }
    // The replica's requests in flight: the client's concurrency spread over the decode
    // workers, else batch_size per attention-DP rank as written, as aiconfigurator reads it.
    const qint64 concurrency =
        run.concurrency > 0 && run.workers > 0
            ? std::max<qint64>(1, qint64(std::ceil(double(run.concurrency) / run.workers)))
            : run.rankBatch * run.dp;
    Workload &w = out.workload;
    w.concurrency = concurrency;
    w.inputTokens = meanLength(run.inputTokens, run.rangeRatio);
    w.outputTokens = meanLength(run.outputTokens, run.rangeRatio);
    // Without num_prompts, InferenceX's ten per client.
    w.promptsPerClient = run.prompts > 0 && run.concurrency > 0
                             ? std::max(1.0, double(run.prompts) / double(run.concurrency))
                             : kPromptsPerClient;
    w.draftTokens = run.spec == SpecDecoding::Mtp ? run.draftTokens : 0;
    if (run.acceptedTokens && w.draftTokens > 0)
        w.acceptedTokens = std::clamp(*run.acceptedTokens, 0.0, double(w.draftTokens));
    w.mixedPrefill = !disagg;
    setEngineScheduling(w, run.engine);
    s.batch = int(std::clamp<qint64>(concurrency, 1, limits::maxBatch));
    s.context = w.inputTokens + w.outputTokens;
    s.responseTokens = w.outputTokens;
    return out;
}

} // namespace kvl
