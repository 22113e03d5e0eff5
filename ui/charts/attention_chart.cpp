#include "attention_chart.h"

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

void AttentionChart::updateFrom(const Scenario &s, const Ledger &l)
{
    if (l.kvBytesPerToken <= 0)
        return;
    remember(s, l);
    const ModelSpec &m = s.model;
    const bool latent = m.hasKind(AttentionKind::Latent);
    const auto kind = [&](const QString &shortName, const QString &name, int kvHeads,
                          bool current) {
        Kind k{shortName, name, kvHeads, current, s, l};
        if (!current) {
            k.scenario.model = m.withKvHeads(kvHeads);
            k.ledger = evaluate(k.scenario);
        }
        return k;
    };
    const int q = m.queryHeads;
    QList<Kind> kinds;
    kinds << kind(tr("MHA"), tr("MHA, %1 KV heads").arg(q), q, !latent && m.kvHeads == q);
    if (!latent && m.kvHeads > 1 && m.kvHeads < q)
        kinds << kind(tr("GQA"), tr("GQA, %1 KV heads").arg(m.kvHeads), m.kvHeads, true);
    if (q > 1)
        kinds << kind(tr("MQA"), tr("MQA, 1 KV head"), 1, !latent && m.kvHeads == 1);
    if (latent)
        kinds << kind(tr("MLA"), tr("MLA, latent %1 + %2").arg(m.kvLoraRank).arg(m.qkRopeHeadDim),
                      0, true);
    m_kinds = kinds;

    QList<Variant> variants;
    for (const Kind &k : std::as_const(kinds)) {
        const Ledger &v = k.ledger;
        variants << Variant{
            k.current ? tr("%1 (this model)").arg(k.name) : k.name,
            k.shortName,
            {Bar{double(v.kvBytesPerToken), formatBytesExact(double(v.kvBytesPerToken))},
             Bar{v.kvBytes, formatBytes(v.kvBytes, m_units)},
             Bar{v.secondsPerToken, formatSeconds(v.secondsPerToken)}},
            k.current};
    }
    setVariants(variants,
                {tr("KV bytes per token"), tr("KV cache at the context"), tr("Time per token")}, 0);

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
