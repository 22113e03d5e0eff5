#pragma once

#include <QString>
#include <optional>

namespace kvl {

// The capacity figures a vLLM server logs at start-up, read back from pasted log text.
struct VllmLogFigures
{
    qint64 kvCacheTokens = 0;  // "GPU KV cache size: 178,880 tokens"
    qint64 maxModelLen = 0;    // "Maximum concurrency for 131,072 tokens per request: ..."
    double maxConcurrency = 0; // "...: 1.36x"
    std::optional<double> kvMemoryBytes; // "Available KV cache memory: 12.34 GiB", when present
};

// Finds the lines anywhere in `text` (after INFO prefixes, timestamps, process names; with or
// without thousands separators). The first of each counts. Without either of the two lines,
// nullopt and *error names the missing one.
std::optional<VllmLogFigures> parseVllmLog(const QString &text, QString *error);
// The same from a file: regular files only (a FIFO is refused, not read), at most 64 MiB.
std::optional<VllmLogFigures> readVllmLogFile(const QString &path, QString *error);

} // namespace kvl
