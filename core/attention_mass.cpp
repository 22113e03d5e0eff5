#include "attention_mass.h"

#include "chunk_reader.h"
#include "input_text.h"
#include "mass_stats.h"
#include "step_model.h"
#include "units.h"

#include <QFileInfo>
#include <cmath>

namespace kvl {

using namespace mass;

QString massVerdictKey(MassVerdict v)
{
    switch (v) {
    case MassVerdict::Concentrated:
        return QStringLiteral("concentrated");
    case MassVerdict::Flat:
        return QStringLiteral("flat");
    case MassVerdict::TooFewBlocks:
        return QStringLiteral("too_few_blocks");
    case MassVerdict::NoMass:
        return QStringLiteral("no_mass");
    }
    return {};
}

qint64 blocksForVerdict(double topFraction)
{
    return topFraction > 0 ? qint64(std::ceil(1 / topFraction - 1e-9)) : 0;
}

int MassReport::concentratedLayers() const
{
    return int(std::count_if(layers.begin(), layers.end(), [](const MassStats &s) {
        return s.verdict == MassVerdict::Concentrated;
    }));
}

int MassReport::judgedLayers() const
{
    return int(std::count_if(layers.begin(), layers.end(), [](const MassStats &s) {
        return s.verdict == MassVerdict::Concentrated || s.verdict == MassVerdict::Flat;
    }));
}

double MassReport::readShareFor99() const
{
    if (layers.isEmpty())
        return 0;
    double sum = 0;
    for (const MassStats &s : layers)
        sum += s.shareOfBlocks(s.blocksFor99);
    return sum / layers.size();
}

std::optional<MassReport> analyzeBlockMasses(const QList<QList<double>> &layers,
                                             const MassOptions &o, QString *error,
                                             const MassProgress &progress)
{
    if (!validOptions(o, error))
        return std::nullopt;
    if (layers.isEmpty()) {
        *error = MassText::tr("no layers");
        return std::nullopt;
    }
    return guarded(error, [&]() -> std::optional<MassReport> {
        qint64 blocks = 0, total = 0;
        for (const QList<double> &l : layers) {
            blocks = std::max<qint64>(blocks, l.size());
            total += l.size();
        }
        // Checked, then ranked one layer at a time.
        Ticker ticker(progress, 2 * total);
        ticker.report();
        for (const QList<double> &l : layers)
            for (const double m : l) {
                if (!(m >= 0) || std::isinf(m)) {
                    *error = MassText::tr("block mass %1 is not a finite number ≥ 0").arg(m);
                    return std::nullopt;
                }
                ticker.step(1);
            }
        MassReport r;
        r.shape = {layers.size(), blocks};
        r.topFraction = o.topFraction;
        SortBuffer buffer;
        for (qsizetype l = 0; l < layers.size(); ++l) {
            std::vector<double> masses(layers[l].begin(), layers[l].end());
            if (const QString why =
                    layerError(addLayer(r, int(l), masses, blocks, o, buffer, ticker));
                !why.isEmpty()) {
                *error = why;
                return std::nullopt;
            }
            ticker.step(layers[l].size());
        }
        return r;
    });
}

std::optional<MassReport> analyzeNpy(QByteArrayView file, const MassOptions &o, QString *error,
                                     const MassProgress &progress)
{
    ChunkReader in(file);
    return guarded(error, [&] { return analyzeNpyStream(in, o, error, progress); });
}

std::optional<MassReport> analyzeCsv(QByteArrayView file, const MassOptions &o, QString *error,
                                     const MassProgress &progress)
{
    ChunkReader in(file);
    return guarded(error, [&] { return analyzeCsvStream(in, o, error, progress); });
}

std::optional<MassReport> analyzeMassFile(const QString &path, const MassOptions &o, QString *error,
                                          const MassProgress &progress)
{
    ChunkReader in;
    if (!in.open(path, error))
        return std::nullopt;
    const QString name = QFileInfo(path).fileName();
    const auto magic = in.read(6);
    const bool npy = (magic && *magic == QByteArrayView("\x93NUMPY")) ||
                     name.endsWith(QStringLiteral(".npy"), Qt::CaseInsensitive);
    QString why;
    auto r = in.seek(0) ? guarded(&why,
                                  [&] {
                                      return npy ? analyzeNpyStream(in, o, &why, progress)
                                                 : analyzeCsvStream(in, o, &why, progress);
                                  })
                        : std::nullopt;
    if (!r) {
        *error = QStringLiteral("%1: %2").arg(shownPath(name), why.isEmpty() ? in.error() : why);
        return std::nullopt;
    }
    r->source = name;
    return r;
}

QString ReadProjection::text() const
{
    const QString full = formatSeconds(fullSecondsPerToken);
    if (readShare >= 1)
        return MassText::tr("No saving: every block is needed to hold 99% of the mass; a step "
                            "takes %1 per token either way.")
            .arg(full);
    const QString time = formatSeconds(secondsPerToken);
    if (time == full)
        return MassText::tr("Reading only the blocks that hold 99% of the mass would cut KV "
                            "reads by %1% but save no time: %2 per token either way.")
            .arg(formatNumber((1 - readShare) * 100), full);
    return MassText::tr("Reading the blocks that hold 99% of the mass would cut KV reads to "
                        "%1%: %2 per token instead of %3.")
        .arg(formatNumber(readShare * 100), time, full);
}

ReadProjection projectReads(const Scenario &s, const MassReport &r)
{
    const StepModel step(s);
    ReadProjection p;
    p.readShare = r.readShareFor99();
    p.fullSecondsPerToken = step.stepSeconds(s.context);
    p.secondsPerToken =
        std::max(step.memorySecondsFor(step.kvBytes(s.context) * p.readShare),
                 step.computeSecondsFor(step.attentionFlop(s.context) * p.readShare));
    return p;
}

} // namespace kvl
