#include "chart_factory.h"

#include "attention_chart.h"
#include "latency_chart.h"
#include "memory_chart.h"
#include "precision_chart.h"
#include "reality_chart.h"
#include "serving_charts.h"
#include "session_chart.h"

namespace kvl {

namespace {

// Every chart the window and the CLI's export draw, once: a new chart is one line here.
struct ChartKind
{
    const char *id;
    bool costPage; // one of the Cost tab's four (chartIds()), else a serving tab's
    LedgerChart *(*create)(QWidget *parent);
};

template <typename Chart> LedgerChart *make(QWidget *parent)
{
    return new Chart(parent);
}

const ChartKind kCharts[] = {
    {"memory", true, &make<MemoryChart>},
    {"latency", true, &make<LatencyChart>},
    {"gqa", true, &make<AttentionChart>},
    {"precision", true, &make<PrecisionChart>},
    {"throughput-latency", false, &make<ThroughputLatencyChart>},
    {"cost-batch", false, &make<CostBatchChart>},
    {"cost-context", false, &make<CostContextChart>},
    {"session", false, &make<SessionChart>},
    {"reality", false, &make<RealityChart>},
};

QStringList idsOf(bool costPage)
{
    QStringList ids;
    for (const ChartKind &k : kCharts)
        if (k.costPage == costPage)
            ids << QLatin1String(k.id);
    return ids;
}

} // namespace

QStringList chartIds()
{
    return idsOf(true);
}

QStringList servingChartIds()
{
    return idsOf(false);
}

LedgerChart *createChart(const QString &id, QWidget *parent)
{
    for (const ChartKind &k : kCharts)
        if (id == QLatin1String(k.id))
            return k.create(parent);
    return nullptr;
}

void drawCharts(const QList<LedgerChart *> &charts, const Scenario &s, const Ledger &l,
                const std::optional<Scenario> &baseline,
                const std::optional<Ledger> &baselineLedger, std::optional<ChartSeries> *last)
{
    SeriesRequest request;
    for (const LedgerChart *c : charts)
        request |= c->seriesRequest();
    const ChartSeries *previous = last && *last ? &**last : nullptr;
    ChartSeries next = chartSeries(s, l, request, baseline, baselineLedger, previous);
    std::optional<ChartSeries> owned;
    const ChartSeries &series = (last ? *last : owned).emplace(std::move(next));
    for (LedgerChart *c : charts) {
        c->setBaseline(baseline);
        c->draw(series);
    }
}

QList<LedgerChart *> createCharts(QWidget *parent)
{
    QList<LedgerChart *> charts;
    for (const QString &id : chartIds())
        charts << createChart(id, parent);
    return charts;
}

} // namespace kvl
