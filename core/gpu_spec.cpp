#include "gpu_spec.h"

#include "input_limits.h"

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
    const auto outside = [](const char *field, double v, limits::RealRange r) {
        return GpuText::tr("%1: %2 is outside %3-%4")
            .arg(QLatin1String(field))
            .arg(v)
            .arg(r.lo)
            .arg(r.hi);
    };
    if (!limits::gpuMemoryBytes.contains(memoryBytes))
        return outside("memory_bytes", memoryBytes, limits::gpuMemoryBytes);
    if (reportedMemoryBytes != 0 && !limits::gpuMemoryBytes.contains(reportedMemoryBytes))
        return outside("reported_memory_bytes", reportedMemoryBytes, limits::gpuMemoryBytes);
    if (!limits::bandwidth.contains(bandwidth))
        return outside("bandwidth_bytes_per_second", bandwidth, limits::bandwidth);
    if (!limits::flops.contains(peakBf16))
        return outside("peak_flops.bf16", peakBf16, limits::flops);
    // The other peaks are optional: 0 = not on the datasheet, bf16 is used instead.
    const std::pair<const char *, double> optional[] = {{"peak_flops.fp8", peakFp8},
                                                        {"peak_flops.int8", peakInt8},
                                                        {"peak_flops.fp4", peakFp4},
                                                        {"peak_flops.fp32", peakFp32}};
    for (const auto &[field, v] : optional)
        if (v != 0 && !limits::flops.contains(v))
            return outside(field, v, limits::flops);
    return {};
}

} // namespace kvl
