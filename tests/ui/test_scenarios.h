#pragma once

// Scenarios built from the bundled presets, and series lookup, shared by the chart tests.
#include "ledger_chart.h"
#include "presets.h"
#include "scenario.h"

#include <QAbstractSeries>
#include <QChart>
#include <QTest>

Q_DECLARE_METATYPE(kvl::Scenario)

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

// The column "s" and the rows every chart test runs: the seed, fp8 KV on a small model, and MLA.
inline void addCommonScenarioRows()
{
    QTest::addColumn<Scenario>("s");
    QTest::addRow("seed: 70B, 1M tokens, 1 H100") << Scenario::seed();
    QTest::addRow("8B fp8 KV, 128k, 2 H200")
        << presetScenario("llama-3.1-8b", "h200", 2, 128'000, 1, NumberFormat::FP8);
    QTest::addRow("DeepSeek-V3 (MLA), 128k, 8 H200")
        << presetScenario("deepseek-v3", "h200", 8, 128'000);
}

// A chart's series by object name, or null.
template <class T> T *findSeries(LedgerChart *chart, const QString &name)
{
    for (QAbstractSeries *s : chart->chart()->series())
        if (s->objectName() == name)
            return qobject_cast<T *>(s);
    return nullptr;
}

} // namespace kvl::test
