#include "tour_steps.h"

namespace kvl {

QString seedArticleTitle()
{
    // The article's own title, in its language: a name, not a phrase to translate.
    return QStringLiteral("KV cache em agentes de 1 milhão de tokens: a matemática do custo de "
                          "inferência");
}

SyntheticMass tourMassSource()
{
    // What the attention-mass page opens on: recency with sinks, its first layers flat, as early
    // layers often are.
    SyntheticMass m;
    m.flatLayers = 2;
    return m;
}

QList<TourStep> seedTourSteps()
{
    return cacheSteps() + ledgerSteps() + remedySteps();
}

} // namespace kvl
