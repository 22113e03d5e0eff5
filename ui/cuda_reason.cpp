#include "cuda_reason.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace kvl {

namespace {
class CudaText
{
    Q_DECLARE_TR_FUNCTIONS(kvl::GpuPanel)
};
} // namespace

QString cudaReasonText(const QString &probeReason)
{
    static const QRegularExpression shape(
        QStringLiteral("^(no CUDA driver|no CUDA device|CUDA unavailable)(?: \\((.*)\\))?$"));
    const QRegularExpressionMatch m = shape.match(probeReason);
    if (!m.hasMatch())
        return probeReason;
    const QString kind = m.captured(1);
    QString what = kind == u"no CUDA driver"   ? CudaText::tr("no CUDA driver that this "
                                                                "probe can use")
                   : kind == u"no CUDA device" ? CudaText::tr("no CUDA device")
                                               : CudaText::tr("CUDA unavailable");
    if (m.captured(2).isEmpty())
        return what;
    return CudaText::tr("%1 (CUDA says: “%2”)").arg(what, m.captured(2));
}

} // namespace kvl
