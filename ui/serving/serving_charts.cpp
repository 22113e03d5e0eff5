#include "serving_charts.h"

#include "scenario_compare.h"
#include "units.h"

#include <algorithm>

namespace kvl {

namespace {
QString dollars(double usd)
{
    return ServingChart::tr("$%1").arg(formatNumber(usd, 3));
}
} // namespace

void ServingChart::draw(const ChartSeries &series)
{
    const Scenario &s = series.scenario;
    if (!s.validate().isEmpty())
        return;
    m_scenario = s;
    m_series = series.serving;
    m_baseSeries = series.baseline ? std::optional(series.baseline->serving) : std::nullopt;
    Data d = dataFor(s, m_series);
    if (m_baseSeries) {
        const Scenario &b = series.baseline->scenario;
        const Data base = dataFor(b, *m_baseSeries);
        d.baseline = base.points;
        d.baselineMarker = base.marker;
        d.baselineName = baselineName(b, s);
    }
    setData(d);
}

QString ServingChart::batchName(int batch) const
{
    return batch == 1 ? tr("1 sequence") : tr("batch of %1").arg(batch);
}

ChartTable ServingChart::batchTable() const
{
    ChartTable t;
    t.header << QStringLiteral("batch") << QStringLiteral("seconds_per_token")
             << QStringLiteral("tokens_per_second") << QStringLiteral("aggregate_tokens_per_second")
             << QStringLiteral("cost_per_million_output_tokens") << QStringLiteral("fits");
    // With a baseline, its rows follow the scenario's, told apart by a first column.
    if (m_baseSeries)
        t.header.prepend(QStringLiteral("series"));
    const auto rows = [&](const ServingSeries &series, const QString &which) {
        for (const BatchPoint &p : series.batch) {
            QStringList row{QString::number(p.batch),
                            tableNumber(p.stepSeconds),
                            tableNumber(p.tokensPerSecond),
                            tableNumber(p.aggregateTokensPerSecond),
                            tableNumber(p.costPerMillionOutputTokens),
                            p.fits ? QStringLiteral("true") : QStringLiteral("false")};
            if (m_baseSeries)
                row.prepend(which);
            t.rows << row;
        }
    };
    rows(m_series, QStringLiteral("scenario"));
    if (m_baseSeries)
        rows(*m_baseSeries, QStringLiteral("baseline"));
    return t;
}

// Latency against throughput.

ThroughputLatencyChart::ThroughputLatencyChart(QWidget *parent) : ServingChart(parent)
{
    chart()->setTitle(title());
    retranslate();
    applyTheme();
}

QString ThroughputLatencyChart::title() const
{
    return tr("Latency vs throughput as the batch grows");
}

WallChart::Data ThroughputLatencyChart::dataFor(const Scenario &, const ServingSeries &series) const
{
    Data d;
    for (const BatchPoint &p : series.batch) {
        d.points << QPointF(p.aggregateTokensPerSecond, p.stepSeconds * 1000);
        d.fits << p.fits;
        if (p.batch == series.capacity)
            d.wallX = p.aggregateTokensPerSecond;
    }
    d.marker = QPointF(series.current.aggregateTokensPerSecond, series.current.stepSeconds * 1000);
    return d;
}

QString ThroughputLatencyChart::xTitle() const
{
    return tr("Throughput, whole batch (tokens/s, log scale)");
}

QString ThroughputLatencyChart::yTitle() const
{
    return tr("Time per token (ms, log scale)");
}

QString ThroughputLatencyChart::fitsName() const
{
    return tr("Batches that fit");
}

QString ThroughputLatencyChart::pastName() const
{
    return tr("Past the memory (dashed)");
}

QString ThroughputLatencyChart::wallName() const
{
    const int c = series().capacity;
    return c > 0 ? tr("Memory wall: %1 at most").arg(batchName(c))
                 : tr("Memory wall: not even one sequence fits");
}

QString ThroughputLatencyChart::markerName() const
{
    return tr("This scenario's batch");
}

QString ThroughputLatencyChart::describe(int index) const
{
    const BatchPoint &p = batchPoint(index);
    return tr("%1: %2 tokens/s in all, %3 per token (%4 tokens/s each)%5")
        .arg(batchName(p.batch), formatNumber(p.aggregateTokensPerSecond, 3),
             formatSeconds(p.stepSeconds), formatNumber(p.tokensPerSecond, 3),
             p.fits ? QString() : u'\n' + tr("does not fit in memory"));
}

QString ThroughputLatencyChart::headline() const
{
    const ServingSeries &s = series();
    if (s.batch.isEmpty())
        return title();
    if (s.capacity < 1)
        return tr("%1: at %2 tokens not even one sequence fits in memory")
            .arg(title(), formatInteger(scenario().context));
    const auto wall = std::find_if(s.batch.begin(), s.batch.end(),
                                   [&](const BatchPoint &p) { return p.batch == s.capacity; });
    const BatchPoint &one = s.batch.first();
    return tr("%1: one sequence %2 tokens/s at %3 per token; the largest batch that fits (%4) "
              "%5 tokens/s at %6 per token")
        .arg(title(), formatNumber(one.aggregateTokensPerSecond, 3), formatSeconds(one.stepSeconds),
             formatInteger(qint64(s.capacity)), formatNumber(wall->aggregateTokensPerSecond, 3),
             formatSeconds(wall->stepSeconds));
}

// Cost against the batch.

CostBatchChart::CostBatchChart(QWidget *parent) : ServingChart(parent)
{
    chart()->setTitle(title());
    retranslate();
    applyTheme();
}

QString CostBatchChart::title() const
{
    return tr("Cost per million output tokens vs batch");
}

WallChart::Data CostBatchChart::dataFor(const Scenario &s, const ServingSeries &series) const
{
    Data d;
    for (const BatchPoint &p : series.batch) {
        d.points << QPointF(p.batch, p.costPerMillionOutputTokens);
        d.fits << p.fits;
    }
    d.marker = QPointF(s.batch, series.current.costPerMillionOutputTokens);
    d.wallX = series.capacity;
    return d;
}

QString CostBatchChart::xTitle() const
{
    return tr("Batch (concurrent sequences, log scale)");
}

QString CostBatchChart::yTitle() const
{
    return tr("USD per million output tokens (log scale)");
}

QString CostBatchChart::fitsName() const
{
    return tr("Batches that fit");
}

QString CostBatchChart::pastName() const
{
    return tr("Past the memory (dashed)");
}

QString CostBatchChart::wallName() const
{
    const int c = series().capacity;
    return c > 0 ? tr("Memory wall: %1 at most").arg(batchName(c))
                 : tr("Memory wall: not even one sequence fits");
}

QString CostBatchChart::markerName() const
{
    return tr("This scenario's batch");
}

QString CostBatchChart::describe(int index) const
{
    const BatchPoint &p = batchPoint(index);
    return tr("%1: %2 per million output tokens%3")
        .arg(batchName(p.batch), dollars(p.costPerMillionOutputTokens),
             p.fits ? QString() : u'\n' + tr("does not fit in memory"));
}

QString CostBatchChart::headline() const
{
    const ServingSeries &s = series();
    if (s.batch.isEmpty())
        return title();
    const BatchPoint &one = s.batch.first();
    if (s.capacity < 1)
        return tr("%1: %2 per million output tokens for one sequence, which does not fit")
            .arg(title(), dollars(one.costPerMillionOutputTokens));
    const auto wall = std::find_if(s.batch.begin(), s.batch.end(),
                                   [&](const BatchPoint &p) { return p.batch == s.capacity; });
    return tr("%1: %2 per million for one sequence, %3 at the largest batch that fits (%4)")
        .arg(title(), dollars(one.costPerMillionOutputTokens),
             dollars(wall->costPerMillionOutputTokens), formatInteger(qint64(s.capacity)));
}

// Cost against context.

CostContextChart::CostContextChart(QWidget *parent) : ServingChart(parent)
{
    chart()->setTitle(title());
    useTokenAxis();
    retranslate();
    applyTheme();
}

QString CostContextChart::title() const
{
    return tr("Cost per million output tokens vs context length");
}

WallChart::Data CostContextChart::dataFor(const Scenario &s, const ServingSeries &series) const
{
    Data d;
    d.points = series.costVsContext;
    for (const QPointF &p : series.costVsContext)
        d.fits << (qint64(p.x()) <= series.contextCapacity);
    d.wallX = double(series.contextCapacity);
    if (s.context >= kContextAxisFrom)
        d.marker = QPointF(double(s.context), series.current.costPerMillionOutputTokens);
    return d;
}

QString CostContextChart::xTitle() const
{
    return tr("Context length (tokens, log scale)");
}

QString CostContextChart::yTitle() const
{
    return tr("USD per million output tokens (log scale)");
}

QString CostContextChart::fitsName() const
{
    return scenario().batch == 1 ? tr("1 sequence") : tr("batch of %1").arg(scenario().batch);
}

QString CostContextChart::pastName() const
{
    return tr("Past the memory (dashed)");
}

QString CostContextChart::wallName() const
{
    return tr("Memory wall: %1 tokens at most").arg(formatInteger(series().contextCapacity));
}

QString CostContextChart::markerName() const
{
    return tr("This scenario's context");
}

QString CostContextChart::describe(int index) const
{
    const QPointF &p = data().points.at(index);
    return tr("%1 tokens: %2 per million output tokens%3")
        .arg(formatInteger(qint64(p.x())), dollars(p.y()),
             data().fits.value(index) ? QString() : u'\n' + tr("does not fit in memory"));
}

QString CostContextChart::headline() const
{
    const QList<QPointF> &c = series().costVsContext;
    if (c.isEmpty())
        return title();
    return tr("%1: %2 per million output tokens at %3 tokens, %4 at %5 tokens")
        .arg(title(), dollars(c.first().y()), formatInteger(qint64(c.first().x())),
             dollars(c.last().y()), formatInteger(qint64(c.last().x())));
}

ChartTable CostContextChart::table() const
{
    ChartTable t;
    t.header << QStringLiteral("context_tokens") << QStringLiteral("cost_per_million_output_tokens")
             << QStringLiteral("fits");
    for (qsizetype i = 0; i < data().points.size(); ++i)
        t.rows << QStringList{QString::number(qint64(data().points.at(i).x())),
                              tableNumber(data().points.at(i).y()),
                              data().fits.at(i) ? QStringLiteral("true") : QStringLiteral("false")};
    if (!data().baseline.isEmpty()) {
        t.header << QStringLiteral("baseline_context_tokens")
                 << QStringLiteral("baseline_cost_per_million_output_tokens");
        for (qsizetype i = 0; i < t.rows.size() || i < data().baseline.size(); ++i) {
            if (i >= t.rows.size())
                t.rows << QStringList{QString(), QString(), QString()};
            const QPointF p = data().baseline.value(i);
            t.rows[i] << (i < data().baseline.size() ? QString::number(qint64(p.x())) : QString())
                      << (i < data().baseline.size() ? tableNumber(p.y()) : QString());
        }
    }
    return t;
}

} // namespace kvl
