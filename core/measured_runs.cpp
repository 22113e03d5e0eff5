#include "measured_runs.h"

#include "input_text.h"
#include "runs_text.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <cmath>

namespace kvl {

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
        run.rangeRatio = r.number(QStringLiteral("random_range_ratio")).value_or(1);
        const bool disagg = run.mode == u"disagg";
        const QString side = disagg ? QStringLiteral("decode_") : QString();
        run.concurrency = r.integer(QStringLiteral("concurrency"), 0, 1);
        run.prompts = r.integer(QStringLiteral("num_prompts"), 0, 1);
        run.rankBatch = r.integer(side + QStringLiteral("batch_size"), 0, 1);
        run.workers = disagg ? int(r.integer(QStringLiteral("decode_num_workers"), 0, 0)) : 1;
        run.tp = degree(r.integer(side + QStringLiteral("tp_size"), 1, 0));
        run.pp = degree(r.integer(side + QStringLiteral("pp_size"), 1, 0));
        run.dp = degree(r.integer(side + QStringLiteral("attention_dp_size"), 1, 0));
        run.moeTp = degree(r.integer(side + QStringLiteral("moe_tp_size"), 1, 0));
        run.ep = degree(r.integer(side + QStringLiteral("moe_ep_size"), 1, 0));
        run.draftTokens = int(r.integer(QStringLiteral("nextn"), 0));
        run.acceptedTokens = r.number(QStringLiteral("nextn_accepted"));
        const QString spec = r.text(QStringLiteral("spec_decoding"));
        run.spec = spec == u"unknown" ? SpecDecoding::Unknown
                   : spec == u"mtp" || (spec.isEmpty() && run.draftTokens > 0) ? SpecDecoding::Mtp
                                                                               : SpecDecoding::None;
        const bool badSpec =
            !spec.isEmpty() && spec != u"none" && spec != u"mtp" && spec != u"unknown";
        if (const auto ms = r.number(QStringLiteral("silicon_tpot_ms")))
            run.tpotSeconds = *ms / 1e3;
        if (const auto ms = r.number(QStringLiteral("silicon_ttft_ms")))
            run.ttftSeconds = *ms / 1e3;
        if (!r.failed() && !disagg && run.mode != u"agg")
            *error = RunsText::tr("line %1, mode: \"%2\" is not agg or disagg")
                         .arg(n + 1)
                         .arg(shownInput(run.mode));
        else if (!r.failed() && badSpec)
            *error = RunsText::tr("line %1, spec_decoding: \"%2\" is not none, mtp or unknown")
                         .arg(n + 1)
                         .arg(shownInput(spec));
        else if (!r.failed() && run.rangeRatio > 1)
            *error = RunsText::tr("line %1, random_range_ratio: %2 is more than 1")
                         .arg(n + 1)
                         .arg(run.rangeRatio);
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

} // namespace kvl
