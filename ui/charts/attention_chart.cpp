#include "attention_chart.h"

#include "scenario_compare.h"

#include <algorithm>

namespace kvl {

AttentionChart::AttentionChart(QWidget *parent) : GroupedBarChart(parent)
{
    applyTheme();
}

QString AttentionChart::title() const
{
    return tr("KV cache by attention kind");
}

void AttentionChart::draw(const ChartSeries &series)
{
    const Scenario &s = series.scenario;
    const Ledger &l = series.ledger;
    if (l.kvBytesPerToken <= 0 || series.attention.isEmpty())
        return;
    remember(s, l);
    const int q = s.model.queryHeads;
    const auto kindOf = [this](const AttentionVariant &v) {
        const ModelSpec &m = v.scenario.model;
        Kind k{{}, {}, v.kvHeads, v.current, v.scenario, v.ledger};
        switch (v.kind) {
        case AttentionVariantKind::Mha:
            k.shortName = tr("MHA");
            k.name = tr("MHA, %1 KV heads").arg(m.queryHeads);
            break;
        case AttentionVariantKind::Gqa:
            k.shortName = tr("GQA");
            k.name = tr("GQA, %1 KV heads").arg(v.kvHeads);
            break;
        case AttentionVariantKind::Mqa:
            k.shortName = tr("MQA");
            k.name = tr("MQA, 1 KV head");
            break;
        case AttentionVariantKind::Mla:
            k.shortName = tr("MLA");
            k.name = tr("MLA, latent %1 + %2").arg(m.kvLoraRank).arg(m.qkRopeHeadDim);
            break;
        }
        return k;
    };
    const auto variantOf = [this](const Kind &k) {
        const Ledger &v = k.ledger;
        return Variant{k.current ? tr("%1 (this model)").arg(k.name) : k.name,
                       k.shortName,
                       {Bar{double(v.kvBytesPerToken), formatBytesExact(double(v.kvBytesPerToken))},
                        Bar{v.kvBytes, formatBytes(v.kvBytes, units())},
                        Bar{v.secondsPerToken, formatSeconds(v.secondsPerToken)}},
                       k.current};
    };
    QList<Kind> kinds;
    QList<Variant> variants, baseline;
    for (const AttentionVariant &v : series.attention) {
        kinds << kindOf(v);
        variants << variantOf(kinds.last());
        // The baseline's variant of the same kind; none (no ghost) where its model has none.
        Variant twin;
        if (series.baseline)
            for (const AttentionVariant &b : series.baseline->attention)
                if (b.kind == v.kind)
                    twin = variantOf(kindOf(b));
        baseline << twin;
    }
    m_kinds = kinds;
    setVariants(variants,
                {tr("KV bytes per token"), tr("KV cache at the context"), tr("Time per token")}, 0,
                series.baseline ? baseline : QList<Variant>{},
                series.baseline ? baselineName(series.baseline->scenario, s) : QString());

    // The headline factor is the ledger's: MHA bytes over this model's bytes.
    const auto current =
        std::find_if(kinds.cbegin(), kinds.cend(), [](const Kind &k) { return k.current; });
    QString headline;
    if (current != kinds.cend() && current->kvHeads != q)
        headline = tr("%1 saves %2× KV vs MHA").arg(current->shortName, factorNumber(l.gqaFactor));
    else if (l.kvBytesPerTokenMqa > 0)
        headline =
            tr("MHA model: MQA would save %1× KV")
                .arg(factorNumber(double(l.kvBytesPerTokenMha) / double(l.kvBytesPerTokenMqa)));
    const QString text = tr("%1 at %2 tokens").arg(headline, formatInteger(s.context));
    setHeading(text);
}

ChartTable AttentionChart::table() const
{
    ChartTable t;
    t.header = {QStringLiteral("attention"),  QStringLiteral("kv_heads"),
                QStringLiteral("this_model"), QStringLiteral("kv_bytes_per_token"),
                QStringLiteral("kv_bytes"),   QStringLiteral("seconds_per_token")};
    for (const Kind &k : m_kinds)
        t.rows << QStringList{k.shortName,
                              k.kvHeads > 0 ? QString::number(k.kvHeads) : QString(),
                              k.current ? QStringLiteral("1") : QStringLiteral("0"),
                              QString::number(k.ledger.kvBytesPerToken),
                              tableNumber(k.ledger.kvBytes),
                              QString::number(k.ledger.secondsPerToken, 'g', 12)};
    return t;
}

} // namespace kvl
