#pragma once

#include "ledger.h"
#include <QJsonObject>

namespace kvl {

// The ledger as the CLI prints it with --json and the app exports it: SI base units,
// integers where exact. Keys: kv_bytes_per_token, gqa_factor, kv_bytes, seconds_per_token, ...
QJsonObject ledgerToJson(const Scenario &s, const Ledger &l);
QJsonObject scenarioSummaryJson(const Scenario &s);

} // namespace kvl
