#pragma once

#include <QList>
#include <QString>
#include <optional>

namespace kvl {

// A published KV-cache method with the settings its paper uses, as a strategy spec
// (kv_strategy.h). Where the paper leaves a setting open, the citation says so.
struct StrategyPreset
{
    QString id;       // "streamingllm": usable as a --strategy spec
    QString name;     // "StreamingLLM"
    QString spec;     // "window:4096,sinks:4"
    QString citation; // translated: authors, year, arXiv id, and which settings are the paper's
};

QList<StrategyPreset> strategyPresets(); // citations in the current language
std::optional<StrategyPreset> strategyPreset(const QString &id);

// The seed article's own advice, in its order: fp8 first, int4 for the capacity-desperate, and
// its "safe money", quantization + a conservative window (the first and newest tokens exact, the
// stale ones between them in fp8). Names and citations in the current language; `spec` is what
// KvStrategy::parse reads (the id is not a spec).
QList<StrategyPreset> articleStrategies();
std::optional<StrategyPreset> articleStrategy(const QString &id);

} // namespace kvl
