#include "measured_runs.h"

#include "hf_config.h"
#include "input_text.h"
#include "presets.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <cmath>

namespace kvl {

// Messages composed in core, shown by the CLI and the window.
class RunsText
{
    Q_DECLARE_TR_FUNCTIONS(RunsText)
};

namespace {

// One CSV record: fields split on commas, double quotes around a field allowed ("" inside).
QStringList splitCsvLine(const QString &line)
{
    QStringList out;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < line.size() && line.at(i + 1) == u'"')
                field += c, ++i;
            else if (c == u'"')
                quoted = false;
            else
                field += c;
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            out << field.trimmed();
            field.clear();
        } else {
            field += c;
        }
    }
    out << field.trimmed();
    return out;
}

class RowReader
{
public:
    RowReader(const QHash<QString, int> &columns, const QStringList &fields, int line)
        : m_columns(columns), m_fields(fields), m_line(line)
    {
    }
    bool failed() const { return !m_error.isEmpty(); }
    const QString &error() const { return m_error; }

    QString text(const QString &column) const
    {
        const int i = m_columns.value(column, -1);
        return i >= 0 && i < m_fields.size() ? m_fields.at(i) : QString();
    }
    // A whole number; `fallback` when the column is absent or empty.
    qint64 integer(const QString &column, qint64 fallback, qint64 lo = 0)
    {
        const QString v = text(column);
        if (v.isEmpty() || failed())
            return fallback;
        bool ok = false;
        const double d = v.toDouble(&ok);
        if (!ok || !std::isfinite(d) || d != std::floor(d) || d < double(lo) || d > 1e12) {
            fail(column, v, RunsText::tr("is not a whole number of at least %1").arg(lo));
            return fallback;
        }
        return qint64(d);
    }
    std::optional<double> number(const QString &column)
    {
        const QString v = text(column);
        if (v.isEmpty() || failed())
            return std::nullopt;
        bool ok = false;
        const double d = v.toDouble(&ok);
        if (!ok || !std::isfinite(d) || d < 0) {
            fail(column, v, RunsText::tr("is not a non-negative number"));
            return std::nullopt;
        }
        return d;
    }

private:
    void fail(const QString &column, const QString &value, const QString &what)
    {
        m_error =
            RunsText::tr("line %1, %2: \"%3\" %4").arg(m_line).arg(column, shownInput(value), what);
    }
    const QHash<QString, int> &m_columns;
    const QStringList &m_fields;
    int m_line;
    QString m_error;
};

int degree(qint64 v)
{
    return int(std::clamp<qint64>(v, 1, limits::maxGpus)); // 0 (as some rows write it): 1
}

} // namespace

QStringList requiredMeasuredColumns()
{
    return {QStringLiteral("id"),
            QStringLiteral("backend"),
            QStringLiteral("model_path"),
            QStringLiteral("system"),
            QStringLiteral("mode"),
            QStringLiteral("isl"),
            QStringLiteral("osl"),
            QStringLiteral("gemm_quant_mode"),
            QStringLiteral("moe_quant_mode"),
            QStringLiteral("batch_size"),
            QStringLiteral("tp_size"),
            QStringLiteral("silicon_ttft_ms"),
            QStringLiteral("silicon_tpot_ms")};
}

std::optional<QList<MeasuredRun>> readMeasuredRuns(const QByteArray &csv, QString *error)
{
    const QStringList lines =
        QString::fromUtf8(csv).split(QRegularExpression(QStringLiteral("\r?\n")));
    if (lines.isEmpty() || lines.first().trimmed().isEmpty()) {
        *error = RunsText::tr("empty file: expected a header line with %1")
                     .arg(requiredMeasuredColumns().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    QHash<QString, int> columns;
    const QStringList header = splitCsvLine(lines.first());
    for (int i = 0; i < header.size(); ++i)
        columns.insert(header.at(i), i);
    QStringList missing;
    for (const QString &c : requiredMeasuredColumns())
        if (!columns.contains(c))
            missing << c;
    if (!missing.isEmpty()) {
        *error = RunsText::tr("missing columns: %1").arg(missing.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    QList<MeasuredRun> runs;
    for (int n = 1; n < lines.size(); ++n) {
        if (lines.at(n).trimmed().isEmpty())
            continue;
        const QStringList fields = splitCsvLine(lines.at(n));
        RowReader r(columns, fields, n + 1);
        MeasuredRun run;
        run.line = n + 1;
        run.id = r.text(QStringLiteral("id"));
        run.engine = r.text(QStringLiteral("backend"));
        run.engineVersion = r.text(QStringLiteral("backend_version"));
        run.modelPath = r.text(QStringLiteral("model_path"));
        run.system = r.text(QStringLiteral("system"));
        run.mode = r.text(QStringLiteral("mode"));
        run.gemmQuant = r.text(QStringLiteral("gemm_quant_mode"));
        run.moeQuant = r.text(QStringLiteral("moe_quant_mode"));
        run.inputTokens = r.integer(QStringLiteral("isl"), 0, 1);
        run.outputTokens = r.integer(QStringLiteral("osl"), 0, 1);
        const bool disagg = run.mode == u"disagg";
        const QString side = disagg ? QStringLiteral("decode_") : QString();
        run.concurrency = r.integer(side + QStringLiteral("batch_size"), 1, 1);
        run.tp = degree(r.integer(side + QStringLiteral("tp_size"), 1, 0));
        run.pp = degree(r.integer(side + QStringLiteral("pp_size"), 1, 0));
        run.dp = degree(r.integer(side + QStringLiteral("attention_dp_size"), 1, 0));
        run.moeTp = degree(r.integer(side + QStringLiteral("moe_tp_size"), 1, 0));
        run.ep = degree(r.integer(side + QStringLiteral("moe_ep_size"), 1, 0));
        if (disagg)
            run.prefillBatch = r.integer(QStringLiteral("prefill_batch_size"), 1, 1);
        run.draftTokens = int(r.integer(QStringLiteral("nextn"), 0));
        run.acceptedTokens = r.number(QStringLiteral("nextn_accepted")).value_or(0);
        if (const auto ms = r.number(QStringLiteral("silicon_tpot_ms")))
            run.tpotSeconds = *ms / 1e3;
        if (const auto ms = r.number(QStringLiteral("silicon_ttft_ms")))
            run.ttftSeconds = *ms / 1e3;
        if (!r.failed() && !disagg && run.mode != u"agg")
            *error = RunsText::tr("line %1, mode: \"%2\" is not agg or disagg")
                         .arg(n + 1)
                         .arg(shownInput(run.mode));
        else if (r.failed())
            *error = r.error();
        else {
            runs << run;
            continue;
        }
        return std::nullopt;
    }
    return runs;
}

std::optional<Precision> quantPrecision(const QString &mode)
{
    static const QHash<QString, QString> specs = {
        {QString(), QStringLiteral("bf16")},
        {QStringLiteral("bf16"), QStringLiteral("bf16")},
        {QStringLiteral("float16"), QStringLiteral("fp16")},
        {QStringLiteral("fp8"), QStringLiteral("fp8")},
        {QStringLiteral("fp8_block"), QStringLiteral("fp8:g16384:s32")},
        {QStringLiteral("nvfp4"), QStringLiteral("fp4")},
        {QStringLiteral("mxfp4"), QStringLiteral("fp4:g32:s8")},
        {QStringLiteral("int4_wo"), QStringLiteral("int4")},
        {QStringLiteral("w4afp8"), QStringLiteral("int4:g128")},
        {QStringLiteral("int8_wo"), QStringLiteral("int8")},
    };
    const auto it = specs.constFind(mode);
    return it == specs.cend() ? std::nullopt : Precision::parse(*it);
}

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

} // namespace kvl

namespace kvl {

namespace {
QString knownSystems()
{
    QStringList names;
    for (const SystemInfo &s : bundledSystems())
        names << s.name;
    return names.join(QStringLiteral(", "));
}

// Some published rows write a TP × EP deployment as tp_size = tp × ep with moe_tp = tp and
// moe_ep = ep (a "TP 8, EP 8" run on 8 GPUs as tp_size 64). No engine runs a TP group past its
// NVLink domain, so such a row is read as moe_tp GPUs with EP moe_ep.
ParallelPlan planOf(const MeasuredRun &run, const SystemInfo &sys, QString *note)
{
    ParallelPlan p{run.tp, run.pp, run.dp, run.ep, 1};
    const int written = run.tp * run.dp;
    if (written > sys.links.domainGpus && run.moeTp > 1 && run.ep > 1 &&
        run.moeTp * run.ep == written) {
        p.tp = run.dp > 1 ? 1 : run.moeTp;
        p.dp = run.dp > 1 ? run.moeTp : 1;
        *note = RunsText::tr("tp_size × attention_dp_size %1 = moe_tp %2 × moe_ep "
                             "%3 is past the %4-GPU NVLink domain: read as %5")
                    .arg(written)
                    .arg(run.moeTp)
                    .arg(run.ep)
                    .arg(sys.links.domainGpus)
                    .arg(p.label());
    }
    return p;
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
    if (!gpu)
        out.reason =
            RunsText::tr("system \"%1\": no GPU preset \"%2\"").arg(run.system, sys->gpuId);
    else if (!model)
        out.reason = why;
    else if (!gemm || !moe)
        out.reason = RunsText::tr("unknown weight format \"%1\"")
                         .arg(shownInput(gemm ? run.moeQuant : run.gemmQuant));
    if (!out.reason.isEmpty())
        return out;

    Scenario &s = out.scenario;
    s.model = *model;
    s.model.nativePrecision = *gemm;
    s.model.expertPrecision = *moe;
    s.model.embeddingPrecision = Precision::of(NumberFormat::BF16);
    s.weightsAsStored = true;
    s.gpu = *gpu;
    // TensorRT-LLM serves quantized checkpoints with an fp8 cache; vLLM and SGLang keep the
    // model's dtype unless told otherwise.
    s.kvPrecision = Precision::of(
        run.engine == u"trtllm" && gemm->bits() <= 8 ? NumberFormat::FP8 : NumberFormat::BF16);
    s.memoryFraction = 0.9; // the engines' default share
    s.batch = int(std::clamp<qint64>(run.concurrency, 1, limits::maxBatch));
    s.context = run.inputTokens + run.outputTokens;
    s.responseTokens = run.outputTokens;

    out.plan = planOf(run, *sys, &out.note);
    if (!s.model.isMoE())
        out.plan.ep = 1;
    if (const QString e = out.plan.validate(s.model); !e.isEmpty()) {
        out.reason = e;
        return out;
    }
    Workload &w = out.workload;
    w.concurrency = run.concurrency;
    w.inputTokens = run.inputTokens;
    w.outputTokens = run.outputTokens;
    w.draftTokens = run.draftTokens;
    w.acceptedTokens = std::clamp(run.acceptedTokens, 0.0, double(run.draftTokens));
    w.mixedPrefill = run.mode != u"disagg";
    w.promptWave = run.mode == u"disagg" ? run.prefillBatch : 0;
    return out;
}

} // namespace kvl
