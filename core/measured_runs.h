#pragma once

#include "batched_step.h"
#include "systems.h"
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>
#include <optional>

namespace kvl {

// One measured serving run, in the columns of aiconfigurator's silicon_sample.csv
// (data/measured/runs.csv). As aiconfigurator reads them (aiconfigurator 095f58a51,
// src/aiconfigurator/cli/api.py cli_estimate, aic-core .../backends/base_backend.py run_agg):
// batch_size is the batch of one attention-DP rank (the replica serves batch_size ×
// attention_dp_size requests); disaggregated runs give one decode worker in decode_* and
// decode_batch_size per DP rank of it. Optional columns this project adds from the runs'
// sources (data/measured/SOURCES.md): concurrency (the benchmark client's requests in flight over
// the whole deployment), num_prompts (requests sent in all), spec_decoding (none, mtp, unknown)
// and nextn, random_range_ratio (lengths drawn uniformly in [ratio × isl, isl], likewise osl).
enum class SpecDecoding
{
    None,
    Mtp,
    Unknown
};

struct MeasuredRun
{
    int line = 0; // in the file, header = 1
    QString id;
    QString engine; // vllm, sglang, trtllm
    QString engineVersion;
    QString modelPath; // a Hugging Face id: "deepseek-ai/DeepSeek-R1"
    QString system;    // "h200_sxm"
    QString mode;      // agg, disagg
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    double rangeRatio = 1; // random_range_ratio: mean length = (1 + ratio) / 2 × isl (osl)
    QString gemmQuant;     // fp8, fp8_block, nvfp4, int4_wo, bf16 ("" = bf16)
    QString moeQuant;
    qint64 concurrency = 0; // the client's requests in flight, whole deployment; 0 = not given
    qint64 prompts = 0;     // num_prompts: requests the client sent in all; 0 = not given
    qint64 rankBatch = 0;   // agg: batch_size; disagg: decode_batch_size; 0 = not given
    int workers = 1;        // disagg: decode_num_workers; 0 = not given
    int tp = 1, pp = 1, dp = 1, moeTp = 1, ep = 1; // as written, of the decode side
    SpecDecoding spec = SpecDecoding::None;
    int draftTokens = 0;                  // nextn
    std::optional<double> acceptedTokens; // nextn_accepted
    std::optional<double> tpotSeconds;    // silicon_tpot_ms
    std::optional<double> ttftSeconds;    // silicon_ttft_ms
};

// Reads the CSV. Every required column must be there and every number a number; otherwise
// nullopt and *error names the problem in one line ("missing columns: isl, osl", "line 7,
// batch_size: \"eight\" is not a whole number"). Empty measured columns read as nullopt.
std::optional<QList<MeasuredRun>> readMeasuredRuns(const QByteArray &csv, QString *error);
QStringList requiredMeasuredColumns();

// A run as the cost model sees it: its scenario, system, plan and workload, or why it cannot be
// modelled ("unknown system \"h800\"", "unknown model \"org/x\"").
struct ModelledRun
{
    Scenario scenario;
    SystemInfo system;
    ParallelPlan plan;
    Workload workload;
    QString note;   // how the row's columns were read, when not literally
    QString reason; // empty when the run can be modelled
};

// Models by Hugging Face id: a preset whose source names the id, else
// `configsDir`/<org>/<name>/config.json; looked up once each.
class ModelResolver
{
public:
    explicit ModelResolver(QString configsDir = {});
    // nullopt and *error when neither a preset nor a readable config.
    std::optional<ModelSpec> model(const QString &hfId, QString *error);

private:
    QString m_dir;
    QHash<QString, std::optional<ModelSpec>> m_models;
    QHash<QString, QString> m_errors;
};

ModelledRun modelRun(const MeasuredRun &run, ModelResolver &models);
// "fp8" -> fp8, "nvfp4" -> fp4 with an fp8 scale per 16, "int4_wo" -> int4 (g32), ""/"bf16" ->
// bf16; nullopt for a name it does not know.
std::optional<Precision> quantPrecision(const QString &mode);

} // namespace kvl
