#include "gpu_spec.h"

#include <QCoreApplication>
#include <cmath>

namespace kvl {

// Validation messages are shown in the window when an edit is refused.
class GpuText
{
    Q_DECLARE_TR_FUNCTIONS(GpuText)
};

double GpuSpec::peakFlops(const Precision &p) const
{
    // Narrower formats run on the next wider tensor-core path when the GPU lacks them.
    switch (p.format) {
    case NumberFormat::FP4:
        if (peakFp4 > 0)
            return peakFp4;
        [[fallthrough]];
    case NumberFormat::FP8:
        if (peakFp8 > 0)
            return peakFp8;
        return peakBf16;
    case NumberFormat::INT8:
        if (peakInt8 > 0)
            return peakInt8;
        if (peakFp8 > 0)
            return peakFp8;
        return peakBf16;
    case NumberFormat::FP32:
        return peakFp32 > 0 ? peakFp32 : peakBf16;
    case NumberFormat::INT4: // dequantized to 16 bits in the matmul
    case NumberFormat::FP16:
    case NumberFormat::BF16:
        return peakBf16;
    }
    return peakBf16;
}

double GpuSpec::ridgePoint(const Precision &p) const
{
    return bandwidth > 0 ? peakFlops(p) / bandwidth : 0;
}

QString GpuSpec::validate() const
{
    auto bad = [](double v, double hi) { return !std::isfinite(v) || v <= 0 || v > hi; };
    if (bad(memoryBytes, 1e15))
        return GpuText::tr("memory_bytes: %1 is not a memory size").arg(memoryBytes);
    if (bad(bandwidth, 1e15))
        return GpuText::tr("bandwidth_bytes_per_second: %1 is not a bandwidth").arg(bandwidth);
    if (bad(peakBf16, 1e18))
        return GpuText::tr("peak_flops.bf16: %1 is not a FLOP rate").arg(peakBf16);
    for (double v : {peakFp8, peakInt8, peakFp4, peakFp32})
        if (!std::isfinite(v) || v < 0 || v > 1e18)
            return GpuText::tr("peak_flops: %1 is not a FLOP rate").arg(v);
    return {};
}

} // namespace kvl
