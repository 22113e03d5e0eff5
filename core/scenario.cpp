#include "scenario.h"

#include "engine_prediction.h"

#include "presets.h"

#include <QCoreApplication>
#include <cmath>

namespace kvl {

// Validation messages are shown in the window when an edit is refused.
class ScenarioText
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioText)
};

QString Scenario::validate() const
{
    if (QString e = model.validate(); !e.isEmpty())
        return QStringLiteral("model: ") + e;
    if (QString e = gpu.validate(); !e.isEmpty())
        return QStringLiteral("gpu: ") + e;
    if (gpus < 1 || gpus > limits::maxGpus)
        return ScenarioText::tr("gpus: %1 is outside 1-%2").arg(gpus).arg(limits::maxGpus);
    if (context < 0 || context > limits::maxContext)
        return ScenarioText::tr("context: %1 is outside 0-%2").arg(context).arg(limits::maxContext);
    if (batch < 1 || batch > limits::maxBatch)
        return ScenarioText::tr("batch: %1 is outside 1-%2").arg(batch).arg(limits::maxBatch);
    if (!limits::efficiency.contains(efficiency))
        return ScenarioText::tr("efficiency: %1 is outside %2-%3")
            .arg(efficiency)
            .arg(limits::efficiency.lo)
            .arg(limits::efficiency.hi);
    if (!limits::memoryFraction.contains(memoryFraction))
        return ScenarioText::tr("memory fraction: %1 is outside %2-%3")
            .arg(memoryFraction)
            .arg(limits::memoryFraction.lo)
            .arg(limits::memoryFraction.hi);
    if (!limits::computeEfficiency.contains(computeEfficiency))
        return ScenarioText::tr("compute efficiency: %1 is outside %2-%3")
            .arg(computeEfficiency)
            .arg(limits::computeEfficiency.lo)
            .arg(limits::computeEfficiency.hi);
    if (!limits::gpuHourPrice.contains(gpuHourPrice))
        return ScenarioText::tr("GPU-hour price: %1 is outside %2-%3")
            .arg(gpuHourPrice)
            .arg(limits::gpuHourPrice.lo)
            .arg(limits::gpuHourPrice.hi);
    if (responseTokens < 0 || responseTokens > limits::maxContext)
        return ScenarioText::tr("response: %1 is outside 0-%2")
            .arg(responseTokens)
            .arg(limits::maxContext);
    if (measured)
        if (QString e = measured->validate(); !e.isEmpty())
            return e;
    if (!engine.isEmpty() && !calibratedEngines().contains(engine))
        return ScenarioText::tr("engine: \"%1\" has no fitted constants (%2)")
            .arg(engine, calibratedEngines().join(QStringLiteral(", ")));
    return {};
}

Scenario Scenario::seed()
{
    Scenario s;
    const auto &lib = PresetLibrary::instance();
    if (auto m = lib.model(QStringLiteral("llama-3.1-70b")))
        s.model = *m;
    if (auto g = lib.gpu(QStringLiteral("h100-sxm")))
        s.gpu = *g;
    return s;
}

} // namespace kvl
