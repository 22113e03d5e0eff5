#include "chunk_reader.h"
#include "input_text.h"
#include "mass_stats.h"
#include "units.h"

#include <charconv>
#include <cmath>

namespace kvl::mass {

namespace {

// The longest CSV line held (a row is a few dozen bytes).
constexpr qsizetype kMaxLine = 1 << 20;
// Comparisons between cancel checks while sorting rows: well under a millisecond.
constexpr int kComparisonsPerCheck = 1 << 16;

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

// The rows of a "layer,block,mass" CSV, read from the start of `in` a chunk at a time; a line
// that spans two chunks is carried over, at most kMaxLine bytes of it.
class CsvRows
{
public:
    CsvRows(ChunkReader &in, Ticker &t) : m_in(in), m_t(t) {}
    // The next row; false at the end, or on a malformed row or a failed read (error() says).
    bool next(Row *row);
    QString error() const { return m_error; }

private:
    std::optional<QByteArrayView> nextLine();

    ChunkReader &m_in;
    Ticker &m_t;
    QByteArrayView m_chunk;
    qsizetype m_at = 0;
    QByteArray m_carry;
    bool m_carried = false;
    qint64 m_lineNo = 0;
    bool m_firstLine = true;
    QString m_error;
};

std::optional<QByteArrayView> CsvRows::nextLine()
{
    if (m_carried) {
        m_carry.clear();
        m_carried = false;
    }
    for (;;) {
        const qsizetype newline = m_chunk.indexOf('\n', m_at);
        const qsizetype end = newline < 0 ? m_chunk.size() : newline;
        const QByteArrayView rest = m_chunk.sliced(m_at, end - m_at);
        if (newline >= 0 || m_in.position() == m_in.size()) { // a whole line, or the last one
            if (newline < 0 && rest.isEmpty() && m_carry.isEmpty())
                return std::nullopt;
            m_at = newline < 0 ? end : end + 1;
            if (m_carry.isEmpty())
                return rest;
            m_carry += rest;
            m_carried = true;
            return QByteArrayView(m_carry);
        }
        m_carry += rest;
        if (m_carry.size() > kMaxLine) {
            m_error = MassText::tr("line %1 is longer than %2 bytes: not a layer,block,mass row")
                          .arg(m_lineNo + 1)
                          .arg(formatInteger(qint64(kMaxLine)));
            return std::nullopt;
        }
        const auto chunk = m_in.read(kChunk);
        if (!chunk) {
            m_error = m_in.error();
            return std::nullopt;
        }
        m_t.step(chunk->size());
        m_chunk = *chunk;
        m_at = 0;
    }
}

bool CsvRows::next(Row *r)
{
    const auto fail = [this](const QString &why) {
        m_error = why;
        return false;
    };
    while (const auto raw = nextLine()) {
        const QByteArrayView line = raw->trimmed();
        ++m_lineNo;
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        QList<QByteArrayView> fields;
        qsizetype from = 0;
        for (qsizetype comma; (comma = line.indexOf(',', from)) >= 0; from = comma + 1)
            fields << line.sliced(from, comma - from);
        fields << line.sliced(from);
        const bool header = m_firstLine && !number(fields.first(), &r->layer);
        m_firstLine = false;
        if (header)
            continue;
        if (fields.size() != 3)
            return fail(MassText::tr("line %1: %2 fields; expected layer,block,mass")
                            .arg(m_lineNo)
                            .arg(fields.size()));
        if (!number(fields[0], &r->layer) || r->layer < 0 || r->layer >= limits::maxLayers)
            return fail(MassText::tr("line %1: layer \"%2\" is not a whole number in 0-%3")
                            .arg(m_lineNo)
                            .arg(shownInput(fields[0].trimmed()))
                            .arg(limits::maxLayers - 1));
        if (!number(fields[1], &r->block) || r->block < 0 || r->block >= kMaxBlocks)
            return fail(MassText::tr("line %1: block \"%2\" is not a whole number in 0-%3")
                            .arg(m_lineNo)
                            .arg(shownInput(fields[1].trimmed()))
                            .arg(kMaxBlocks - 1));
        if (!number(fields[2], &r->mass))
            return fail(MassText::tr("line %1: mass \"%2\" is not a number")
                            .arg(m_lineNo)
                            .arg(shownInput(fields[2].trimmed())));
        if (std::isnan(r->mass) || std::isinf(r->mass) || r->mass < 0)
            return fail(MassText::tr("line %1: mass %2 is %3: attention mass is finite and ≥ 0")
                            .arg(m_lineNo)
                            .arg(r->mass)
                            .arg(std::isnan(r->mass)   ? QStringLiteral("NaN")
                                 : std::isinf(r->mass) ? QStringLiteral("infinite")
                                                       : QStringLiteral("negative")));
        return true;
    }
    return false;
}

// One layer's block masses while the CSV is read a second time: dense (one sum per block) where
// its rows fill at least a third of its blocks, else its rows as (block, mass) pairs, merged
// afterwards. Either way no more than its blocks in doubles, however many rows add up.
struct CsvLayer
{
    qint64 rows = 0;
    qint64 lastBlock = -1;
    qint64 seen = 0; // rows of the second reading
    std::vector<double> dense;
    std::vector<std::pair<qint64, double>> sparse;

    bool isDense() const { return lastBlock + 1 <= 3 * rows; }
    qint64 held() const { return isDense() ? lastBlock + 1 : 3 * rows; }
    // The masses to rank: the dense sums, or the pairs merged by block.
    std::vector<double> masses(const Ticker &t)
    {
        if (isDense())
            return std::move(dense);
        int countdown = kComparisonsPerCheck;
        std::sort(sparse.begin(), sparse.end(), [&](const auto &a, const auto &b) {
            if (--countdown == 0) {
                countdown = kComparisonsPerCheck;
                t.check();
            }
            return a.first < b.first;
        });
        std::vector<double> out;
        out.reserve(sparse.size());
        for (size_t i = 0; i < sparse.size(); ++i) {
            if (i > 0 && sparse[i].first == sparse[i - 1].first)
                out.back() += sparse[i].second; // the same block twice: accumulated mass adds up
            else
                out.push_back(sparse[i].second);
        }
        sparse = {};
        return out;
    }
};

} // namespace

std::optional<MassReport> analyzeCsvStream(ChunkReader &in, const MassOptions &o, QString *error,
                                           const MassProgress &progress)
{
    if (!validOptions(o, error))
        return std::nullopt;
    if (in.size() == 0)
        return failed(error, MassText::tr("empty file"));
    Ticker ticker(progress, 2 * in.size());
    ticker.report();
    // First reading: every row checked; per layer, how many rows and the last block.
    std::vector<CsvLayer> layers;
    Row row;
    {
        CsvRows rows(in, ticker);
        while (rows.next(&row)) {
            if (row.layer >= qint64(layers.size()))
                layers.resize(size_t(row.layer + 1));
            CsvLayer &l = layers[size_t(row.layer)];
            ++l.rows;
            l.lastBlock = std::max(l.lastBlock, row.block);
        }
        if (!rows.error().isEmpty())
            return failed(error, rows.error());
    }
    if (layers.empty())
        return failed(error, MassText::tr("no rows: expected layer,block,mass"));
    qint64 blocks = 0, held = 0;
    for (size_t l = 0; l < layers.size(); ++l) {
        if (layers[l].rows == 0)
            return failed(error, MassText::tr("layer %1 has no rows (layers 0-%2 expected)")
                                     .arg(l)
                                     .arg(layers.size() - 1));
        blocks = std::max(blocks, layers[l].lastBlock + 1);
        held += layers[l].held();
    }
    if (held > kMaxBlocks)
        return failed(error,
                      MassText::tr("%1 blocks are too many to hold").arg(formatInteger(held)));
    for (CsvLayer &l : layers) {
        if (l.isDense())
            l.dense = zeros(l.lastBlock + 1, ticker);
        else
            l.sparse.reserve(size_t(l.rows));
    }

    // Second reading: the masses added up. A file that changed in between is refused.
    if (!in.seek(0))
        return failed(error, in.error());
    const QString changed = MassText::tr("the file changed while it was read");
    CsvRows rows(in, ticker);
    while (rows.next(&row)) {
        if (row.layer >= qint64(layers.size()))
            return failed(error, changed);
        CsvLayer &l = layers[size_t(row.layer)];
        if (++l.seen > l.rows || row.block > l.lastBlock)
            return failed(error, changed);
        if (l.isDense())
            l.dense[size_t(row.block)] += row.mass;
        else
            l.sparse.emplace_back(row.block, row.mass);
    }
    if (!rows.error().isEmpty())
        return failed(error, rows.error());
    for (const CsvLayer &l : layers)
        if (l.seen != l.rows)
            return failed(error, changed);
    ticker.report();

    MassReport r;
    r.shape = {qint64(layers.size()), blocks};
    r.topFraction = o.topFraction;
    SortBuffer buffer;
    for (size_t l = 0; l < layers.size(); ++l) {
        std::vector<double> masses = layers[l].masses(ticker);
        if (const QString why = layerError(addLayer(r, int(l), masses, blocks, o, buffer, ticker));
            !why.isEmpty())
            return failed(error, why);
    }
    return r;
}

} // namespace kvl::mass
