// libFuzzer entry: any bytes into the attention-mass analyzer, as .npy and as CSV.
// No QCoreApplication: the reader and the statistics need no event loop.
#include "attention_mass.h"

#include <QByteArrayView>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace {

// A finding is an abort, so libFuzzer keeps the input.
void require(bool condition)
{
    if (!condition)
        __builtin_trap();
}

bool share(double v)
{
    return v >= 0 && v <= 1 + 1e-9;
}

// Whatever is accepted must make sense: the verdicts and charts come from these numbers.
void exercise(const kvl::MassReport &r)
{
    require(!r.layers.isEmpty());
    for (const auto *list : {&r.layers, &r.heads})
        for (const kvl::MassStats &s : *list) {
            require(s.blocks >= 1 && s.topBlocks >= 1 && s.topBlocks <= s.blocks);
            require(std::isfinite(s.totalMass) && s.totalMass >= 0);
            require(share(s.topShare));
            require(s.blocksFor50 <= s.blocksFor90 && s.blocksFor90 <= s.blocksFor99 &&
                    s.blocksFor99 <= s.blocks);
        }
    for (const kvl::MassStats &s : r.layers)
        require(s.totalMass > 0 && s.blocksFor99 >= 1);
    for (const kvl::MassCurve &c : r.curves)
        for (qsizetype i = 0; i < c.points.size(); ++i) {
            require(share(c.points.at(i).x()) && share(c.points.at(i).y()));
            if (i > 0)
                require(c.points.at(i).y() >= c.points.at(i - 1).y() - 1e-9);
        }
    require(share(r.readShareFor99()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    // A view, no copy, so reads past the input are caught by ASan.
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    kvl::MassOptions options;
    options.blockSize = 4;
    options.curveLayers = {0, 1};
    options.curvePoints = 16;
    QString error;
    if (const auto r = kvl::analyzeNpy(bytes, options, &error))
        exercise(*r);
    else
        require(!error.isEmpty());
    error.clear();
    if (const auto r = kvl::analyzeCsv(bytes, options, &error))
        exercise(*r);
    else
        require(!error.isEmpty());
    return 0;
}
