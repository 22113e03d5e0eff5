#pragma once

#include "ledger.h"
#include "scenario.h"
#include "units.h"
#include <QDate>
#include <QList>
#include <QString>
#include <optional>

namespace kvl {

class LedgerChart;

// What a PDF report holds. The charts are drawn as they stand, in the language in effect: the
// caller brings them up to date (and switches the language, language::Scoped) first.
struct ReportContent
{
    Scenario scenario;
    Ledger ledger; // the scenario's
    // A pinned baseline (validated): scenario A, the one `scenario` (B) is compared against. The
    // ledger table then has A, B and change columns, and a comparison page follows it.
    std::optional<Scenario> baseline = std::nullopt;
    ByteUnits units = ByteUnits::SI;
    QList<LedgerChart *> charts; // one page each, in this order
    QDate date = QDate::currentDate();
};

// A document to read on paper, landscape A4. Page 1: the title block (the seed article, the date,
// the app's version, the scenario and the baseline in a sentence each) and the contents; then the
// ledger as a table, the comparison with the baseline (every ledger quantity for A and B with its
// change, then what each changed input does), and one chart a page with its headline numbers as
// the caption. "Page N of M" at the foot of every page. Every figure comes from core.
// Written atomically: on failure false, *error naming the path and the reason, and no file.
bool exportReport(const ReportContent &content, const QString &path, QString *error);

} // namespace kvl
