#include "attention_mass.h"

#include "input_text.h"
#include "mapped_file.h"
#include "npy_reader.h"
#include "step_model.h"
#include "units.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <vector>

namespace kvl {

// Verdicts, notes and input errors are read in the window; the CLI stays English.
class MassText
{
    Q_DECLARE_TR_FUNCTIONS(MassText)
};

namespace {

// Values or bytes between progress reports and cancel checks.
constexpr qint64 kChunk = 1 << 20;
// Accumulators the analyzer may allocate (doubles): 2 GiB.
constexpr qint64 kMaxBlocks = qint64(1) << 28;

// Progress that only rises, and the cancel flag.
class Ticker
{
public:
    Ticker(const MassProgress &p, qint64 total) : m_p(p), m_total(std::max<qint64>(total, 1)) {}
    // False when cancelled.
    bool at(qint64 done)
    {
        if (m_p.cancel && m_p.cancel->load(std::memory_order_relaxed))
            return false;
        const double f = std::min(1.0, double(done) / double(m_total));
        if (m_p.progress && f > m_last) {
            m_last = f;
            m_p.progress(f);
        }
        return true;
    }

private:
    const MassProgress &m_p;
    qint64 m_total;
    double m_last = -1;
};

bool validOptions(const MassOptions &o, QString *error)
{
    if (o.blockSize < 1)
        *error = MassText::tr("block size %1: at least 1 token").arg(o.blockSize);
    else if (!(o.topFraction > 0 && o.topFraction <= 1))
        *error = MassText::tr("top fraction %1: expected (0, 1]").arg(o.topFraction);
    else if (!(o.concentratedAt > 0 && o.concentratedAt <= 1))
        *error = MassText::tr("threshold %1: expected (0, 1]").arg(o.concentratedAt);
    else
        return true;
    return false;
}

// Stats (and curves) for block masses per layer, and per head when given.
std::optional<MassReport> finish(MassReport r, QList<QList<double>> layers,
                                 QList<QList<double>> heads, int headCount, qint64 blocks,
                                 const MassOptions &o, QString *error)
{
    r.topFraction = o.topFraction;
    for (int l = 0; l < layers.size(); ++l) {
        MassStats s = massStats(layers[l], blocks, o);
        s.layer = l;
        if (s.totalMass <= 0 || !std::isfinite(s.totalMass)) {
            *error =
                s.totalMass <= 0
                    ? MassText::tr("layer %1 holds no attention mass (every weight is zero)").arg(l)
                    : MassText::tr("layer %1: the masses add up past the largest number").arg(l);
            return std::nullopt;
        }
        r.layers << s;
        if (o.curveLayers.contains(l))
            r.curves << MassCurve{l, cumulativeMassCurve(layers[l], blocks, o.curvePoints)};
    }
    for (int i = 0; i < heads.size(); ++i) {
        MassStats s = massStats(heads[i], blocks, o);
        s.layer = i / headCount;
        s.head = i % headCount;
        r.heads << s;
    }
    return r;
}

} // namespace

int MassReport::concentratedLayers() const
{
    return int(std::count_if(layers.begin(), layers.end(), [](const MassStats &s) {
        return s.verdict == MassVerdict::Concentrated;
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

MassStats massStats(QList<double> &masses, qint64 blocks, const MassOptions &o)
{
    std::sort(masses.begin(), masses.end(), std::greater<>());
    MassStats s;
    s.blocks = std::max<qint64>(blocks, masses.size());
    double total = 0;
    for (auto it = masses.rbegin(); it != masses.rend(); ++it) // smallest first: less rounding
        total += *it;
    s.totalMass = total;
    // ceil, with slack for 0.01 × 6400 = 64.000000000000014.
    s.topBlocks = std::clamp<qint64>(qint64(std::ceil(o.topFraction * double(s.blocks) - 1e-9)), 1,
                                     std::max<qint64>(s.blocks, 1));
    const double targets[] = {0.5, 0.9, 0.99};
    qint64 *counts[] = {&s.blocksFor50, &s.blocksFor90, &s.blocksFor99};
    double cumulative = 0;
    int next = 0;
    for (qsizetype i = 0; i < masses.size(); ++i) {
        cumulative += masses.at(i);
        if (i + 1 == s.topBlocks)
            s.topShare = total > 0 ? cumulative / total : 0;
        while (next < 3 && cumulative >= targets[next] * total * (1 - 1e-12))
            *counts[next++] = i + 1;
    }
    if (s.topBlocks > masses.size())
        s.topShare = total > 0 ? 1 : 0;
    // Above the threshold and above what flat mass puts there: with two blocks, flat mass
    // alone gives the top block 50%.
    const double flat = double(s.topBlocks) / double(std::max<qint64>(s.blocks, 1));
    s.verdict = total > 0 && s.topShare >= o.concentratedAt && s.topShare > flat + 1e-9
                    ? MassVerdict::Concentrated
                    : MassVerdict::Flat;
    return s;
}

QList<QPointF> cumulativeMassCurve(const QList<double> &sorted, qint64 blocks, int points)
{
    blocks = std::max<qint64>(blocks, sorted.size());
    QList<QPointF> out;
    if (blocks == 0 || points < 2)
        return out;
    std::vector<double> prefix(sorted.size() + 1, 0.0);
    for (qsizetype i = 0; i < sorted.size(); ++i)
        prefix[i + 1] = prefix[i] + sorted.at(i);
    const double total = prefix.back();
    const qint64 steps = std::min<qint64>(blocks, points - 1);
    out.reserve(steps + 1);
    out << QPointF(0, 0);
    for (qint64 j = 1; j <= steps; ++j) {
        const qint64 n = qint64(std::llround(double(j) * double(blocks) / double(steps)));
        const double mass = prefix[std::min<qint64>(n, sorted.size())];
        out << QPointF(double(n) / double(blocks), total > 0 ? mass / total : 0);
    }
    return out;
}

std::optional<MassReport> analyzeBlockMasses(const QList<QList<double>> &layers,
                                             const MassOptions &o, QString *error)
{
    if (!validOptions(o, error))
        return std::nullopt;
    if (layers.isEmpty()) {
        *error = MassText::tr("no layers");
        return std::nullopt;
    }
    qint64 blocks = 0;
    for (const QList<double> &l : layers) {
        for (double m : l)
            if (!(m >= 0) || std::isinf(m)) {
                *error = MassText::tr("block mass %1 is not a finite number ≥ 0").arg(m);
                return std::nullopt;
            }
        blocks = std::max<qint64>(blocks, l.size());
    }
    MassReport r;
    r.shape = {layers.size(), blocks};
    return finish(r, layers, {}, 1, blocks, o, error);
}

std::optional<MassReport> analyzeNpy(QByteArrayView file, const MassOptions &o, QString *error,
                                     const MassProgress &progress)
{
    if (!validOptions(o, error))
        return std::nullopt;
    const auto h = parseNpyHeader(file, error);
    if (!h)
        return std::nullopt;
    const auto fail = [error](const QString &why) {
        *error = why;
        return std::nullopt;
    };
    const qsizetype rank = h->shape.size();
    if (rank < 2 || rank > 4)
        return fail(MassText::tr("shape %1 has %2 axes: expected [layers, keys], [layers, "
                                 "queries, keys] or [layers, heads, queries, keys]")
                        .arg(h->shapeText())
                        .arg(rank));
    const qint64 layers = h->shape.first();
    const qint64 heads = rank == 4 ? h->shape.at(1) : 1;
    const qint64 queries = rank >= 3 ? h->shape.at(rank - 2) : 1;
    const qint64 keys = h->shape.last();
    if (layers > limits::maxLayers)
        return fail(MassText::tr("shape %1: %2 layers, more than %3")
                        .arg(h->shapeText())
                        .arg(layers)
                        .arg(limits::maxLayers));
    if (heads > limits::maxHeads)
        return fail(MassText::tr("shape %1: %2 heads, more than %3")
                        .arg(h->shapeText())
                        .arg(heads)
                        .arg(limits::maxHeads));
    const qint64 bs = o.blockSize;
    const qint64 blocks = (keys + bs - 1) / bs;
    if (layers * heads * blocks > kMaxBlocks)
        return fail(MassText::tr("%1 blocks of %2 keys are too many to hold: choose a larger "
                                 "block size")
                        .arg(formatInteger(layers * heads * blocks))
                        .arg(bs));

    // "weight at [layer 0, head 1, query 0, key 17] is NaN": where, in the file's own axes.
    const auto badWeight = [&](float v, qint64 row, qint64 key) {
        QStringList at = {MassText::tr("layer %1").arg(row / (heads * queries))};
        if (rank == 4)
            at << MassText::tr("head %1").arg((row / queries) % heads);
        if (rank >= 3)
            at << MassText::tr("query %1").arg(row % queries);
        at << MassText::tr("key %1").arg(key);
        const QString what = std::isnan(v)   ? QStringLiteral("NaN")
                             : std::isinf(v) ? QStringLiteral("infinite")
                                             : MassText::tr("negative (%1)").arg(v);
        return MassText::tr("weight at [%1] is %2: attention weights are finite and ≥ 0")
            .arg(at.join(QStringLiteral(", ")), what);
    };

    // Stream row by row (one query's keys), summing keys into their (layer, head) blocks.
    std::vector<double> acc(size_t(layers * heads * blocks), 0.0);
    std::vector<float> buffer(size_t(std::min<qint64>(keys, kChunk)));
    Ticker ticker(progress, h->count());
    const qint64 rows = layers * heads * queries;
    qint64 done = 0, nextTick = 0;
    for (qint64 row = 0; row < rows; ++row) {
        double *base = acc.data() + (row / queries) * blocks;
        for (qint64 k0 = 0; k0 < keys; k0 += qint64(buffer.size())) {
            if (done >= nextTick) {
                if (!ticker.at(done))
                    return fail(QStringLiteral("cancelled"));
                nextTick = done + kChunk;
            }
            const qint64 n = std::min<qint64>(qint64(buffer.size()), keys - k0);
            readNpyValues(*h, file, row * keys + k0, n, buffer.data());
            // Block by block: one division per block, not per key.
            for (qint64 j = 0; j < n;) {
                const qint64 block = (k0 + j) / bs;
                const qint64 blockEnd = std::min(n, (block + 1) * bs - k0);
                double sum = 0;
                for (; j < blockEnd; ++j) {
                    const float v = buffer[size_t(j)];
                    if (!(v >= 0 && v <= std::numeric_limits<float>::max()))
                        return fail(badWeight(v, row, k0 + j));
                    sum += v;
                }
                base[block] += sum;
            }
            done += n;
        }
    }
    ticker.at(h->count());

    QList<QList<double>> perLayer(layers, QList<double>(blocks, 0.0));
    QList<QList<double>> perHead;
    for (qint64 l = 0; l < layers; ++l)
        for (qint64 hd = 0; hd < heads; ++hd) {
            const double *src = acc.data() + (l * heads + hd) * blocks;
            for (qint64 b = 0; b < blocks; ++b)
                perLayer[l][b] += src[b];
            if (rank == 4)
                perHead << QList<double>(src, src + blocks);
        }
    MassReport r;
    r.shape = h->shape;
    r.blockSize = o.blockSize;
    r.keys = keys;
    return finish(r, perLayer, perHead, int(heads), blocks, o, error);
}

namespace {

struct Row
{
    qint64 layer = 0;
    qint64 block = 0;
    double mass = 0;
};

template <typename T> bool number(QByteArrayView field, T *out)
{
    field = field.trimmed();
    const char *end = field.data() + field.size();
    const auto [ptr, ec] = std::from_chars(field.data(), end, *out);
    return ec == std::errc() && ptr == end && !field.isEmpty();
}

} // namespace

std::optional<MassReport> analyzeCsv(QByteArrayView file, const MassOptions &o, QString *error,
                                     const MassProgress &progress)
{
    if (!validOptions(o, error))
        return std::nullopt;
    const auto fail = [error](const QString &why) {
        *error = why;
        return std::nullopt;
    };
    if (file.isEmpty())
        return fail(MassText::tr("empty file"));
    std::vector<Row> rows;
    Ticker ticker(progress, file.size());
    qint64 lineNo = 0, nextTick = 0;
    bool firstLine = true;
    for (qsizetype at = 0; at < file.size();) {
        if (at >= nextTick) {
            if (!ticker.at(at))
                return fail(QStringLiteral("cancelled"));
            nextTick = at + kChunk;
        }
        qsizetype end = file.indexOf('\n', at);
        if (end < 0)
            end = file.size();
        const QByteArrayView line = file.sliced(at, end - at).trimmed();
        at = end + 1;
        ++lineNo;
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QList<QByteArrayView> fields = [&] {
            QList<QByteArrayView> f;
            qsizetype from = 0;
            for (qsizetype comma; (comma = line.indexOf(',', from)) >= 0; from = comma + 1)
                f << line.sliced(from, comma - from);
            f << line.sliced(from);
            return f;
        }();
        Row r;
        const bool header = firstLine && !number(fields.first(), &r.layer);
        firstLine = false;
        if (header)
            continue;
        if (fields.size() != 3)
            return fail(MassText::tr("line %1: %2 fields; expected layer,block,mass")
                            .arg(lineNo)
                            .arg(fields.size()));
        if (!number(fields[0], &r.layer) || r.layer < 0 || r.layer >= limits::maxLayers)
            return fail(MassText::tr("line %1: layer \"%2\" is not a whole number in 0-%3")
                            .arg(lineNo)
                            .arg(shownInput(fields[0].trimmed()))
                            .arg(limits::maxLayers - 1));
        if (!number(fields[1], &r.block) || r.block < 0 || r.block >= kMaxBlocks)
            return fail(MassText::tr("line %1: block \"%2\" is not a whole number in 0-%3")
                            .arg(lineNo)
                            .arg(shownInput(fields[1].trimmed()))
                            .arg(kMaxBlocks - 1));
        if (!number(fields[2], &r.mass))
            return fail(MassText::tr("line %1: mass \"%2\" is not a number")
                            .arg(lineNo)
                            .arg(shownInput(fields[2].trimmed())));
        if (std::isnan(r.mass) || std::isinf(r.mass) || r.mass < 0)
            return fail(MassText::tr("line %1: mass %2 is %3: attention mass is finite and ≥ 0")
                            .arg(lineNo)
                            .arg(r.mass)
                            .arg(std::isnan(r.mass)   ? QStringLiteral("NaN")
                                 : std::isinf(r.mass) ? QStringLiteral("infinite")
                                                      : QStringLiteral("negative")));
        rows.push_back(r);
    }
    ticker.at(file.size());
    if (rows.empty())
        return fail(MassText::tr("no rows: expected layer,block,mass"));

    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        return a.layer != b.layer ? a.layer < b.layer : a.block < b.block;
    });
    qint64 blocks = 0;
    for (const Row &r : rows)
        blocks = std::max(blocks, r.block + 1);
    QList<QList<double>> layers(rows.back().layer + 1);
    qint64 previousBlock = -1;
    for (size_t i = 0; i < rows.size(); ++i) {
        QList<double> &l = layers[rows[i].layer];
        if (i > 0 && rows[i].layer == rows[i - 1].layer && rows[i].block == previousBlock)
            l.last() += rows[i].mass; // the same block twice: accumulated mass adds up
        else
            l << rows[i].mass;
        previousBlock = rows[i].block;
    }
    for (qsizetype l = 0; l < layers.size(); ++l)
        if (layers[l].isEmpty())
            return fail(MassText::tr("layer %1 has no rows (layers 0-%2 expected)")
                            .arg(l)
                            .arg(layers.size() - 1));
    MassReport r;
    r.shape = {layers.size(), blocks};
    return finish(r, layers, {}, 1, blocks, o, error);
}

std::optional<MassReport> analyzeMassFile(const QString &path, const MassOptions &o, QString *error,
                                          const MassProgress &progress)
{
    MappedFile file;
    if (!file.open(path, error))
        return std::nullopt;
    const QString name = QFileInfo(path).fileName();
    const bool npy = file.bytes().startsWith("\x93NUMPY") ||
                     name.endsWith(QStringLiteral(".npy"), Qt::CaseInsensitive);
    QString why;
    auto r = npy ? analyzeNpy(file.bytes(), o, &why, progress)
                 : analyzeCsv(file.bytes(), o, &why, progress);
    if (!r) {
        *error = QStringLiteral("%1: %2").arg(name, why);
        return std::nullopt;
    }
    r->source = name;
    return r;
}

QString ReadProjection::text() const
{
    return MassText::tr("Reading the blocks that hold 99% of the mass would cut KV reads to "
                        "%1%: %2 per token instead of %3.")
        .arg(formatNumber(readShare * 100), formatSeconds(secondsPerToken),
             formatSeconds(fullSecondsPerToken));
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
