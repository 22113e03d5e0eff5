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
// (data/measured/runs.csv). Aggregated runs give the replica in tp_size... and the concurrency
// in batch_size; disaggregated runs give the decode workers in decode_*.
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
    QString gemmQuant; // fp8, fp8_block, nvfp4, int4_wo, bf16 ("" = bf16)
    QString moeQuant;
    qint64 concurrency = 0; // agg: batch_size; disagg: decode_batch_size (per decode worker)
    int tp = 1, pp = 1, dp = 1, moeTp = 1, ep = 1; // as written, of the decode side
    qint64 prefillBatch = 0;                       // disagg: prompts per prefill worker
    int draftTokens = 0;                           // optional column nextn
    double acceptedTokens = 0;                     // optional column nextn_accepted
    std::optional<double> tpotSeconds;             // silicon_tpot_ms
    std::optional<double> ttftSeconds;             // silicon_ttft_ms
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
