#include "strategy_comparison_chart.h"

#include "axis_range.h"
#include "scenario_compare.h"

#include <QValueAxis>
#include <algorithm>

namespace kvl {

StrategyComparisonChart::StrategyComparisonChart(QWidget *parent) : GroupedBarChart(parent)
{
    applyTheme();
}

QString StrategyComparisonChart::title() const
{
    return tr("KV strategies compared");
}

void StrategyComparisonChart::setStrategies(const QList<KvStrategy> &strategies)
{
    if (strategies == m_strategies)
        return;
    m_strategies = strategies;
    if (m_scenario)
        updateFrom(*m_scenario, {});
}

void StrategyComparisonChart::draw(const ChartSeries &series)
{
    const Scenario &s = series.scenario;
    if (!s.validate().isEmpty() || series.strategies.results.isEmpty())
        return;
    m_scenario = s;
    m_strategies = series.request.strategies;
    m_results = series.strategies.results;
    m_baseResults.clear();
    m_baseName.clear();
    if (series.baseline) {
        m_baseResults = series.baseline->strategies.results;
        m_baseName = baselineName(series.baseline->scenario, s);
    }
    drawResults();
}

void StrategyComparisonChart::unitsChanged()
{
    drawResults(); // units change the labels, not the results
}

void StrategyComparisonChart::drawResults()
{
    if (!m_scenario || m_results.isEmpty())
        return;
    const Scenario &s = *m_scenario;
    const auto variantOf = [this](const StrategyResult &r) {
        return Variant{r.name,
                       r.name,
                       {Bar{r.heldBytes, formatBytes(r.heldBytes, units())},
                        Bar{r.readBytesPerStep, formatBytes(r.readBytesPerStep, units())},
                        Bar{r.secondsPerToken, formatSeconds(r.secondsPerToken)},
                        Bar{double(r.gpusToFit),
                            r.gpusToFit == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(r.gpusToFit)}},
                       false};
    };
    QList<Variant> variants, baseline;
    for (const StrategyResult &r : std::as_const(m_results))
        variants << variantOf(r);
    for (const StrategyResult &r : std::as_const(m_baseResults))
        baseline << variantOf(r);
    setVariants(variants,
                {tr("KV held"), tr("KV read per token"), tr("Time per token"), tr("GPUs to fit")},
                0, baseline, m_baseName);
    fitShareAxis();

    // The headline names the fastest strategy, the question a lecture usually asks first.
    const auto fastest = std::min_element(m_results.cbegin(), m_results.cend(),
                                          [](const StrategyResult &a, const StrategyResult &b) {
                                              return a.secondsPerToken < b.secondsPerToken;
                                          });
    // The full cache, after a sparse model's dense reference row when there is one.
    const auto baselineAt = std::find_if(m_strategies.cbegin(), m_strategies.cend(),
                                         [](const KvStrategy &k) { return k.isBaseline(); });
    const StrategyResult &full =
        m_results.at(baselineAt == m_strategies.cend() ? 0 : baselineAt - m_strategies.cbegin());
    QString heading = tr("At %1 tokens on %2 × %3: full cache %4 per token")
                          .arg(formatInteger(s.context), QString::number(s.gpus), s.gpu.name,
                               formatSeconds(full.secondsPerToken));
    if (&*fastest != &full)
        heading += tr(", %1 %2 (%3)")
                       .arg(fastest->name, formatSeconds(fastest->secondsPerToken),
                            fastest->losesTokens ? tr("drops tokens") : tr("keeps every token"));
    setHeading(heading);
}

// Sparse reads keep their block summaries on top of the whole cache, and a strategy can need
// more GPUs than the full cache: the share axis reaches past 100% when a bar does.
void StrategyComparisonChart::fitShareAxis()
{
    double most = 100;
    for (const QList<double> &row : shares())
        for (double share : row)
            most = std::max(most, share);
    for (QAbstractAxis *axis : chart()->axes(Qt::Horizontal))
        if (auto *share = qobject_cast<QValueAxis *>(axis)) {
            m_shareRange =
                most <= 100 ? AxisRange{0, 100, 20} : niceLinearRange(most, m_shareRange);
            applyRange(share, m_shareRange);
        }
}

ChartTable StrategyComparisonChart::table() const
{
    ChartTable t;
    t.header = {QStringLiteral("strategy"),
                QStringLiteral("spec"),
                QStringLiteral("context_tokens"),
                QStringLiteral("held_bytes"),
                QStringLiteral("read_bytes_per_step"),
                QStringLiteral("seconds_per_token"),
                QStringLiteral("gpus_to_fit"),
                QStringLiteral("oldest_readable_token"),
                QStringLiteral("loses_tokens")};
    for (const StrategyResult &r : m_results)
        t.rows << QStringList{r.name,
                              r.spec,
                              QString::number(r.context),
                              tableNumber(r.heldBytes),
                              tableNumber(r.readBytesPerStep),
                              QString::number(r.secondsPerToken, 'g', 12),
                              QString::number(r.gpusToFit),
                              QString::number(r.oldestReadableToken),
                              r.losesTokens ? QStringLiteral("1") : QStringLiteral("0")};
    return t;
}

} // namespace kvl
