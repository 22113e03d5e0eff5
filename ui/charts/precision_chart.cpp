#include "precision_chart.h"

#include "scenario_compare.h"

#include <algorithm>

namespace kvl {

PrecisionChart::PrecisionChart(QWidget *parent) : GroupedBarChart(parent)
{
    applyTheme();
}

QString PrecisionChart::title() const
{
    return tr("KV cache precision");
}

void PrecisionChart::draw(const ChartSeries &series)
{
    const Scenario &s = series.scenario;
    const Ledger &l = series.ledger;
    if (l.kvBytesPerToken <= 0 || series.precision.isEmpty())
        return;
    remember(s, l);
    const QList<Option> &options = series.precision;
    const auto variant = [this](const Option &o) {
        const Ledger &v = o.ledger;
        QString gpus = v.gpusToFit == 1 ? tr("1 GPU") : tr("%1 GPUs").arg(v.gpusToFit);
        if (v.tpDegree != v.gpusToFit)
            gpus += u' ' + (v.tpDegree > 0 ? tr("(TP %1)").arg(v.tpDegree) : tr("(no TP degree)"));
        const QString name = o.precision.label();
        return Variant{o.current ? tr("%1 (this scenario)").arg(name) : name,
                       o.precision.name(),
                       {Bar{double(v.kvBytesPerToken), formatBytesExact(double(v.kvBytesPerToken))},
                        Bar{double(v.gpusToFit), gpus},
                        Bar{v.secondsPerToken, formatSeconds(v.secondsPerToken)}},
                       o.current};
    };
    QList<Variant> variants, baseline;
    for (const Option &o : options)
        variants << variant(o);
    // The same formats at the baseline, in the same order.
    if (series.baseline)
        for (const Option &o : series.baseline->precision)
            baseline << variant(o);
    m_options = options;
    setVariants(variants,
                {tr("KV bytes per token"), tr("GPUs to fit the context"), tr("Time per token")}, 0,
                baseline, series.baseline ? baselineName(series.baseline->scenario, s) : QString());

    // About the scenario's own precision when it saves anything, else the narrowest.
    const Option &widest = options.first();
    const auto current = std::find_if(options.cbegin() + 1, options.cend(),
                                      [](const Option &o) { return o.current; });
    const Option &shown = current != options.cend() ? *current : options.last();
    const QString text = tr("%1 KV: %2× fewer bytes than %3 at %4 tokens")
                             .arg(shown.precision.name(),
                                  factorNumber(double(widest.ledger.kvBytesPerToken) /
                                               double(shown.ledger.kvBytesPerToken)),
                                  widest.precision.name(), formatInteger(s.context));
    setHeading(text);
}

ChartTable PrecisionChart::table() const
{
    ChartTable t;
    t.header = {QStringLiteral("kv_precision"),     QStringLiteral("bits_per_element"),
                QStringLiteral("this_scenario"),    QStringLiteral("kv_bytes_per_token"),
                QStringLiteral("gpus_to_fit"),      QStringLiteral("tp_degree"),
                QStringLiteral("seconds_per_token")};
    for (const Option &o : m_options)
        t.rows << QStringList{o.precision.spec(),
                              QString::number(o.precision.effectiveBits(), 'g', 6),
                              o.current ? QStringLiteral("1") : QStringLiteral("0"),
                              QString::number(o.ledger.kvBytesPerToken),
                              QString::number(o.ledger.gpusToFit),
                              QString::number(o.ledger.tpDegree),
                              QString::number(o.ledger.secondsPerToken, 'g', 12)};
    return t;
}

} // namespace kvl
