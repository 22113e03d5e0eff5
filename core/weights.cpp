#include "weights.h"

#include "scenario.h"

#include <algorithm>
#include <cmath>

namespace kvl {

namespace {
struct PartPrecisions
{
    Precision embeddings, experts, rest;
};

PartPrecisions partPrecisions(const Scenario &s)
{
    if (!s.weightsAsStored)
        return {s.weightPrecision, s.weightPrecision, s.weightPrecision};
    const ModelSpec &m = s.model;
    return {m.embeddingPrecision.value_or(m.nativePrecision),
            m.expertPrecision.value_or(m.nativePrecision), m.nativePrecision};
}
} // namespace

WeightBytes weightBytes(const Scenario &s)
{
    const ParameterParts parts = s.model.parameterParts();
    const PartPrecisions p = partPrecisions(s);
    return {parts.embeddings * p.embeddings.bytesPerElement(),
            parts.routedExperts * p.experts.bytesPerElement(),
            parts.rest * p.rest.bytesPerElement()};
}

double expertsTouched(double experts, double perToken, double tokens)
{
    if (experts <= 0 || tokens <= 0)
        return 0;
    return experts * (1.0 - std::pow(1.0 - std::min(1.0, perToken / experts), tokens));
}

double weightBytesReadPerStep(const Scenario &s)
{
    return weightBytesReadPerStep(s, weightBytes(s));
}

double weightBytesReadPerStep(const Scenario &s, const WeightBytes &w)
{
    const ModelSpec &m = s.model;
    if (!m.isMoE() || m.experts <= m.expertsPerToken)
        return w.total();
    const double touched = expertsTouched(m.experts, m.expertsPerToken, s.batch);
    return w.embeddings + w.rest + w.routedExperts * std::min(1.0, touched / m.experts);
}

Precision computePrecision(const Scenario &s)
{
    return s.weightsAsStored ? s.model.nativePrecision : s.weightPrecision;
}

QString weightPrecisionLabel(const Scenario &s)
{
    if (!s.weightsAsStored)
        return s.weightPrecision.label();
    const PartPrecisions p = partPrecisions(s);
    QString label = p.rest.label();
    if (s.model.isMoE() && !(p.experts == p.rest))
        label = QStringLiteral("%1 experts + %2").arg(p.experts.label(), label);
    if (!(p.embeddings == p.rest))
        label += QStringLiteral(", embeddings %1").arg(p.embeddings.label());
    return label;
}

} // namespace kvl
