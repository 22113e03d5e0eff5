#pragma once

// Scenarios built from the bundled presets, shared by the chart tests.
#include "presets.h"
#include "scenario.h"

namespace kvl::test {

inline Scenario presetScenario(const char *model, const char *gpu, int gpus, qint64 context,
                               int batch = 1, NumberFormat kv = NumberFormat::FP16)
{
    Scenario s = Scenario::seed();
    s.model = *PresetLibrary::instance().model(QString::fromLatin1(model));
    s.gpu = *PresetLibrary::instance().gpu(QString::fromLatin1(gpu));
    s.gpus = gpus;
    s.context = context;
    s.batch = batch;
    s.kvPrecision = Precision::of(kv);
    return s;
}

} // namespace kvl::test
