#pragma once

#include "headline.h"
#include "ledger.h"
#include "scenario.h"
#include "synthetic_mass.h"
#include "units.h"

#include <QCoreApplication>
#include <QList>
#include <QStringList>
#include <functional>
#include <optional>

namespace kvl {

// A step's words, the one number it points at (as the highlighted view shows it), and the three
// or four numbers presentation mode shows large beside the chart.
struct TourText
{
    QString text;
    QString figure;
    QList<Headline> headlines;
};

// One stop of the guided tour of the article: what it sets, which tab, chart and ledger row it
// points at, and its text composed from core's results for the scenario it set. Data only: the
// window applies it to its views (tour.h).
struct TourStep
{
    QString id; // stable: "bytes-per-token"
    QString title;
    std::function<void(Scenario &)> apply; // starting from the seed scenario
    QString tab;                           // one of pageIds()
    QString ledgerKey;                     // row to highlight
    QString chartId;                       // chart to highlight
    ByteUnits units = ByteUnits::SI;
    // Built-in rows of the strategies panel to check (articleStrategy or strategyPreset ids),
    // the first shown in its editor; the others unchecked. Empty: left as they are.
    QStringList strategies;
    bool fullCacheOnly = false; // every row unchecked: the chart shows the model's own cache
    bool decodePicture = false; // the picture of one decode step beside the text
    bool fitWarning = false;    // the ledger's "cannot run" banner shown (the text explains it)
    bool kvOnlyMark = false;    // the time chart marks the KV read alone, not the whole step
    std::optional<SyntheticMass> mass;                                 // the mass panel's source
    std::function<TourText(const Scenario &, const Ledger &)> compose; // from core, never widgets
};

// The tour's strings keep the context the panel gave them.
class TourStrings
{
    Q_DECLARE_TR_FUNCTIONS(kvl::TourPanel)
};

// The article's argument in its order: what the KV cache is, the formula, GQA, the read and the
// ridge, the million-token ledger, what to do today, the end game, measuring.
QList<TourStep> seedTourSteps();
// The article the tour follows, as it titles itself.
QString seedArticleTitle();
// The attention-mass source the measuring step shows: synthetic, and said to be.
SyntheticMass tourMassSource();

// The parts of the argument, in order (tour_steps_*.cpp).
QList<TourStep> cacheSteps();
QList<TourStep> ledgerSteps();
QList<TourStep> remedySteps();

} // namespace kvl
