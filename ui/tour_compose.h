#pragma once

#include "kv_strategy.h"
#include "ledger.h"
#include "roofline.h"
#include "scenario.h"
#include "units.h"

#include <QString>

namespace kvl {

// Helpers the tour's steps compose their text with: each reads core's results, never a widget.

// A ledger row's value as the ledger view writes it.
QString ledgerValue(const Scenario &s, const Ledger &l, const QString &key, ByteUnits units);
// "8×", "36.9×" and "76.4%", in the locale.
QString timesText(double factor);
QString percentText(double share);
// A built-in strategy (articleStrategy or strategyPreset id) evaluated on `s`, as the strategies
// panel evaluates it; and the strategy itself.
KvStrategy tourStrategy(const QString &id);
StrategyResult tourStrategyResult(const Scenario &s, const QString &id);
// A point of the scenario's roofline at the roofline page's defaults.
RooflinePoint tourRooflinePoint(const Scenario &s, const QString &id);

} // namespace kvl
