#pragma once

#include "precision.h"
#include <QString>

namespace kvl {

// Datasheet figures in SI units. Peak rates are dense (not 2:4 sparse).
struct GpuSpec
{
    QString id;
    QString name;
    double memoryBytes = 0;         // the datasheet's label (80 GB)
    double reportedMemoryBytes = 0; // what the device reports to nvidia-smi; 0 = unknown
    QString reportedMemorySource;
    double bandwidth = 0; // bytes per second
    double peakBf16 = 0;  // FLOP/s; fp16 equal
    double peakFp8 = 0;   // 0 = not supported
    double peakInt8 = 0;  // 0 = not supported (falls back to fp8, then bf16)
    double peakFp4 = 0;   // 0 = not supported
    double peakFp32 = 0;  // non-tensor fp32; 0 = unknown
    QString source;
    QString notes;

    // Dense peak usable for matmuls with operands in `p`; falls back to the next wider supported
    // rate.
    double peakFlops(const Precision &p) const;
    // FLOP per byte at which compute and memory take equal time (bf16 unless `p` says otherwise).
    double ridgePoint(const Precision &p) const;
    QString validate() const; // empty when usable
    friend bool operator==(const GpuSpec &, const GpuSpec &) = default;
};

} // namespace kvl
