#include "tour_compose.h"

#include "ledger_text.h"
#include "strategy_presets.h"
#include "tour_steps.h"

namespace kvl {

QString ledgerValue(const Scenario &s, const Ledger &l, const QString &key, ByteUnits units)
{
    for (const LedgerRow &r : ledgerRows(s, l, units))
        if (r.key == key)
            return r.value;
    return {};
}

QString timesText(double factor)
{
    return TourStrings::tr("%1×").arg(formatNumber(factor));
}

QString percentText(double share)
{
    return TourStrings::tr("%1%").arg(formatNumber(share * 100));
}

KvStrategy tourStrategy(const QString &id)
{
    const auto article = articleStrategy(id);
    // The ids are the tour's own, each a built-in row: parsing cannot fail.
    return KvStrategy::parse(article ? article->spec : id).value_or(KvStrategy{});
}

StrategyResult tourStrategyResult(const Scenario &s, const QString &id)
{
    KvStrategy k = tourStrategy(id);
    // The panel names its article rows; the result carries the name it shows.
    if (const auto article = articleStrategy(id))
        k.name = article->name;
    return evaluateStrategy(s, k);
}

RooflinePoint tourRooflinePoint(const Scenario &s, const QString &id)
{
    for (const RooflinePoint &p : roofline(s).points)
        if (p.id == id)
            return p;
    return {};
}

} // namespace kvl
