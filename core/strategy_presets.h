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

} // namespace kvl
