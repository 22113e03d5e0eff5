#pragma once

#include <QString>

namespace kvl {

// Why the probe found no GPU, in the reader's language: the probe (plain C++, no translations)
// words it in English ("no CUDA driver (error 35: CUDA driver version is insufficient for CUDA
// runtime version)"); the known shapes are worded here, CUDA's own message kept as a quote.
QString cudaReasonText(const QString &probeReason);

} // namespace kvl
