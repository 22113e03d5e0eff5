// The attention-mass analyzer on constructed arrays, fixtures, synthetic sources and broken files.
#include "attention_mass.h"
#include "mass_stats.h"
#include "npy_reader.h"
#include "step_model.h"
#include "synthetic_mass.h"
#include "test_models.h"

#include "units.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFloat16>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <random>

using namespace kvl;

namespace {

// A .npy file as NumPy writes it: magic, version, header length, the dict padded to 64 bytes.
QByteArray npy(const QByteArray &descr, const QList<qint64> &shape, const QByteArray &data,
               int major = 1, bool fortran = false, const QByteArray &dict = {})
{
    QByteArray header = dict;
    if (header.isEmpty()) {
        QByteArrayList dims;
        for (qint64 d : shape)
            dims << QByteArray::number(d);
        header = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                 ", 'shape': (" + dims.join(", ") + (shape.size() == 1 ? "," : "") + "), }";
    }
    const int prefix = major == 1 ? 10 : 12;
    header += QByteArray((64 - (prefix + header.size() + 1) % 64) % 64, ' ') + '\n';
    QByteArray out("\x93NUMPY", 6);
    out += char(major);
    out += char(0);
    if (major == 1) {
        out += char(header.size() & 0xff);
        out += char(header.size() >> 8);
    } else {
        char size[4];
        qToLittleEndian<quint32>(quint32(header.size()), size);
        out += QByteArray(size, 4);
    }
    return out + header + data;
}

QByteArray f32(const QList<float> &values)
{
    QByteArray out(values.size() * 4, Qt::Uninitialized);
    qToLittleEndian<float>(values.constData(), values.size(), out.data());
    return out;
}

QByteArray f16(const QList<float> &values)
{
    QList<qfloat16> halves(values.size());
    qFloatToFloat16(halves.data(), values.constData(), values.size());
    QByteArray out;
    for (qfloat16 h : halves) {
        const quint16 bits = *reinterpret_cast<const quint16 *>(&h);
        out += char(bits & 0xff);
        out += char(bits >> 8);
    }
    return out;
}

QList<float> filled(qsizetype n, float v)
{
    return QList<float>(n, v);
}

QList<float> oneHot(qsizetype n, qsizetype at)
{
    QList<float> v(n, 0.0f);
    v[at] = 1.0f;
    return v;
}

MassReport analyze(const QByteArray &file, const MassOptions &o = {})
{
    QString why;
    const auto r = analyzeNpy(file, o, &why);
    if (!r)
        qFatal("%s", qPrintable(why));
    return *r;
}

QString data(const QString &name)
{
    return QStringLiteral(KVL_TEST_DATA) + u"/mass/" + name;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// One layer of `keys` float16 weights in [0, 1), from a fixed sequence.
QByteArray randomHalves(qint64 keys)
{
    std::mt19937 rng(7);
    QByteArray data(keys * 2, Qt::Uninitialized);
    for (qint64 i = 0; i < keys; ++i) {
        const quint16 bits = quint16(rng() % 0x3c00);
        data[2 * i] = char(bits & 0xff);
        data[2 * i + 1] = char(bits >> 8);
    }
    return npy("<f2", {1, keys}, data);
}

// Every figure of two reports, bit for bit.
bool sameReport(const MassReport &a, const MassReport &b)
{
    const auto same = [](const QList<MassStats> &x, const QList<MassStats> &y) {
        return std::equal(
            x.cbegin(), x.cend(), y.cbegin(), y.cend(), [](const MassStats &s, const MassStats &t) {
                return s.layer == t.layer && s.head == t.head && s.blocks == t.blocks &&
                       s.totalMass == t.totalMass && s.topBlocks == t.topBlocks &&
                       s.topShare == t.topShare && s.blocksFor50 == t.blocksFor50 &&
                       s.blocksFor90 == t.blocksFor90 && s.blocksFor99 == t.blocksFor99 &&
                       s.verdict == t.verdict;
            });
    };
    const auto sameCurves = [](const QList<MassCurve> &x, const QList<MassCurve> &y) {
        return std::equal(x.cbegin(), x.cend(), y.cbegin(), y.cend(),
                          [](const MassCurve &c, const MassCurve &d) {
                              return c.layer == d.layer && c.points == d.points;
                          });
    };
    return a.shape == b.shape && same(a.layers, b.layers) && same(a.heads, b.heads) &&
           sameCurves(a.curves, b.curves);
}

// `layers` layers of `rest` (the other axes' product) random float16 weights in [0, 1).
QByteArray randomLayers(const QList<qint64> &shape)
{
    qint64 n = 1;
    for (qint64 d : shape)
        n *= d;
    std::mt19937 rng(11);
    QByteArray data(n * 2, Qt::Uninitialized);
    for (qint64 i = 0; i < n; ++i) {
        // Skewed: most weights small, a few large, so that layers differ.
        const quint16 bits = quint16(rng() % 8 == 0 ? rng() % 0x3c00 : rng() % 0x2000);
        data[2 * i] = char(bits & 0xff);
        data[2 * i + 1] = char(bits >> 8);
    }
    return npy("<f2", shape, data);
}

} // namespace

class TestAttentionMass : public QObject
{
    Q_OBJECT
private slots:
    void constructed_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<double>("topShare");
        QTest::addColumn<qint64>("blocksFor50");
        QTest::addColumn<qint64>("blocksFor90");
        QTest::addColumn<qint64>("blocksFor99");
        QTest::addColumn<bool>("concentrated");
        // 1,600 keys in blocks of 16: 100 blocks; the top 1% is one block.
        QTest::addRow("uniform f32") << npy("<f4", {1, 1600}, f32(filled(1600, 1))) << 0.01
                                     << qint64(50) << qint64(90) << qint64(99) << false;
        QTest::addRow("uniform f16") << npy("<f2", {1, 1600}, f16(filled(1600, 1))) << 0.01
                                     << qint64(50) << qint64(90) << qint64(99) << false;
        QTest::addRow("one-hot f32") << npy("<f4", {1, 1600}, f32(oneHot(1600, 800))) << 1.0
                                     << qint64(1) << qint64(1) << qint64(1) << true;
        QTest::addRow("one-hot f16") << npy("<f2", {1, 1600}, f16(oneHot(1600, 7))) << 1.0
                                     << qint64(1) << qint64(1) << qint64(1) << true;
        // Two queries over the same keys: summed, the same shares.
        QTest::addRow("queries axis") << npy("<f4", {1, 2, 1600}, f32(filled(3200, 0.5f))) << 0.01
                                      << qint64(50) << qint64(90) << qint64(99) << false;
        QTest::addRow("version 2.0") << npy("<f4", {1, 1600}, f32(oneHot(1600, 0)), 2) << 1.0
                                     << qint64(1) << qint64(1) << qint64(1) << true;
        QTest::addRow("version 3.0") << npy("<f2", {1, 1600}, f16(filled(1600, 2)), 3) << 0.01
                                     << qint64(50) << qint64(90) << qint64(99) << false;
    }
    void constructed()
    {
        QFETCH(QByteArray, file);
        QFETCH(double, topShare);
        QFETCH(qint64, blocksFor50);
        QFETCH(qint64, blocksFor90);
        QFETCH(qint64, blocksFor99);
        QFETCH(bool, concentrated);
        const MassReport r = analyze(file);
        QCOMPARE(r.layers.size(), 1);
        const MassStats &s = r.layers.first();
        QCOMPARE(s.blocks, qint64(100));
        QCOMPARE(s.topBlocks, qint64(1));
        QCOMPARE(s.topShare, topShare);
        QCOMPARE(s.blocksFor50, blocksFor50);
        QCOMPARE(s.blocksFor90, blocksFor90);
        QCOMPARE(s.blocksFor99, blocksFor99);
        QCOMPARE(s.verdict == MassVerdict::Concentrated, concentrated);
        QCOMPARE(r.keys, qint64(1600));
        QCOMPARE(r.blockSize, 16);
    }

    // Long lists without a curve are ranked by selection, not sorted: the same counts as a full
    // sort (the curve's path), shares equal to the last bits, on every shape of distribution.
    void selectionMatchesSort_data()
    {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<qint64>("blocks");
        for (const qint64 n : {qint64(mass::kSelectFrom), qint64(300'001)})
            for (const char *shape : {"uniform", "power", "constant", "two values", "mostly zero",
                                      "one block", "halves", "five octaves"})
                QTest::addRow("%s, %lld blocks", shape, qlonglong(n))
                    << QString::fromLatin1(shape) << n;
    }
    void selectionMatchesSort()
    {
        QFETCH(QString, shape);
        QFETCH(qint64, blocks);
        std::mt19937_64 rng(11);
        std::uniform_real_distribution<double> unit(0, 1);
        // Five octaves and one tiny mass: the first buckets split only by octave, so the answers
        // lie in large buckets, their masses interleaved.
        const auto octaves = [&](size_t i, double u) {
            return i == 0 ? 1e-30 : std::ldexp(1 + u, -int(rng() % 5));
        };
        std::vector<double> masses(static_cast<size_t>(blocks));
        for (size_t i = 0; i < masses.size(); ++i) {
            const double u = unit(rng);
            masses[i] = shape == u"uniform"       ? u
                        : shape == u"power"       ? std::pow(u, 12)
                        : shape == u"constant"    ? 0.25
                        : shape == u"two values"  ? (i % 3 == 0 ? 3.0 : 1.0)
                        : shape == u"mostly zero" ? (i % 1000 == 0 ? u : 0.0)
                        : shape == u"one block"   ? (i == 12345 ? 1.0 : 0.0)
                        : shape == u"halves"      ? std::ldexp(1.0, -int(i % 40))
                                                  : octaves(i, u);
        }
        std::vector<double> copy = masses;
        MassOptions o;
        mass::SortBuffer buffer;
        const MassProgress none;
        const mass::Ticker ticker(none, blocks);
        QList<QPointF> curve;
        const MassStats sorted = mass::rankMasses(copy, blocks, o, buffer, ticker, &curve);
        const MassStats selected = mass::rankMasses(masses, blocks, o, buffer, ticker);
        QCOMPARE(selected.topBlocks, sorted.topBlocks);
        QCOMPARE(selected.blocksFor50, sorted.blocksFor50);
        QCOMPARE(selected.blocksFor90, sorted.blocksFor90);
        QCOMPARE(selected.blocksFor99, sorted.blocksFor99);
        QVERIFY2(std::abs(selected.topShare - sorted.topShare) <= 1e-12,
                 qPrintable(QString::number(selected.topShare - sorted.topShare)));
        QVERIFY(std::abs(selected.totalMass - sorted.totalMass) <= 1e-12 * sorted.totalMass);
        QCOMPARE(selected.verdict, sorted.verdict);
    }

    void blockSizeAndTop()
    {
        // 6,400 keys of one block each: the top 1% is 64 blocks, 1% of the mass.
        MassOptions o;
        o.blockSize = 1;
        const MassReport r = analyze(npy("<f4", {1, 6400}, f32(filled(6400, 1))), o);
        QCOMPARE(r.layers.first().topBlocks, qint64(64));
        QCOMPARE(r.layers.first().topShare, 0.01);
        o.topFraction = 0.1;
        o.blockSize = 64; // 100 blocks, top 10 hold 10%
        const MassReport t = analyze(npy("<f4", {1, 6400}, f32(filled(6400, 1))), o);
        QCOMPARE(t.layers.first().topBlocks, qint64(10));
        QCOMPARE(t.layers.first().topShare, 0.1);
        // A last partial block counts as a block: 1,601 keys are 101 blocks.
        const MassReport p = analyze(npy("<f4", {1, 1601}, f32(filled(1601, 1))));
        QCOMPARE(p.layers.first().blocks, qint64(101));
    }

    void layersAndHeads()
    {
        // [layers 2, heads 2, queries 2, keys 32] in blocks of 16: layer 0's head 0 looks at
        // key 0 only, its head 1 everywhere; layer 1 everywhere.
        QList<float> values;
        values << oneHot(32, 0) << oneHot(32, 0) << filled(64, 1) << filled(128, 1);
        const MassReport r = analyze(npy("<f4", {2, 2, 2, 32}, f32(values)));
        QCOMPARE(r.layers.size(), 2);
        QCOMPARE(r.heads.size(), 4);
        // Layer 0: block 0 = 2 + 32, block 1 = 32.
        QCOMPARE(r.layers.at(0).totalMass, 66.0);
        QCOMPARE(r.layers.at(0).topShare, 34.0 / 66);
        QCOMPARE(r.layers.at(1).topShare, 0.5);
        QCOMPARE(r.heads.at(0).layer, 0);
        QCOMPARE(r.heads.at(0).head, 0);
        QCOMPARE(r.heads.at(0).topShare, 1.0);
        QCOMPARE(r.heads.at(1).topShare, 0.5);
        // Two blocks: "the top 1%" is one of them, 50%: no verdict either way.
        for (const MassStats &s : r.heads)
            QCOMPARE(s.verdict, MassVerdict::TooFewBlocks);
        QCOMPARE(r.concentratedLayers(), 0);
        QCOMPARE(r.heads.at(3).layer, 1);
        QCOMPARE(r.heads.at(3).head, 1);
        // No head axis, no head rows.
        QVERIFY(analyze(npy("<f4", {2, 1600}, f32(filled(3200, 1)))).heads.isEmpty());
    }

    void fixtures()
    {
        QString why;
        const auto u = analyzeMassFile(data("uniform-f16-1x1600.npy"), {}, &why);
        QVERIFY2(u, qPrintable(why));
        QCOMPARE(u->source, QStringLiteral("uniform-f16-1x1600.npy"));
        QCOMPARE(u->layers.first().topShare, 0.01);
        const auto h = analyzeMassFile(data("heads-f32-2x2x2x32.npy"), {}, &why);
        QVERIFY2(h, qPrintable(why));
        QCOMPARE(h->heads.size(), 4);
        QCOMPARE(h->heads.at(2).topShare, 1.0);
        // CSV: layer 0 flat over 100 blocks, layer 1 all in block 7.
        const auto c = analyzeMassFile(data("mass.csv"), {}, &why);
        QVERIFY2(c, qPrintable(why));
        QCOMPARE(c->layers.size(), 2);
        QCOMPARE(c->layers.at(0).topShare, 0.01);
        QCOMPARE(c->layers.at(0).verdict, MassVerdict::Flat);
        QCOMPARE(c->layers.at(1).topShare, 1.0);
        QCOMPARE(c->layers.at(1).blocksFor99, qint64(1));
        QCOMPARE(c->concentratedLayers(), 1);
        QVERIFY(!analyzeMassFile(data("missing.npy"), {}, &why));
        QVERIFY2(why.startsWith("missing.npy: "), qPrintable(why));
    }

    void csv_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error"); // empty: valid
        QTest::addColumn<double>("topShare");
        QTest::addColumn<qint64>("blocks");
        QTest::addRow("no header")
            << QByteArray("0,0,1\n0,1,3\n") << QString() << 0.75 << qint64(2);
        QTest::addRow("header, CRLF") << QByteArray("layer,block,mass\r\n0,0,1\r\n0,1,3\r\n")
                                      << QString() << 0.75 << qint64(2);
        QTest::addRow("gaps hold nothing")
            << QByteArray("0,0,1\n0,3,1\n") << QString() << 0.5 << qint64(4);
        QTest::addRow("duplicates add")
            << QByteArray("0,0,1\n0,0,2\n0,1,1\n") << QString() << 0.75 << qint64(2);
        QTest::addRow("empty") << QByteArray() << "empty file" << 0.0 << qint64(0);
        QTest::addRow("header only")
            << QByteArray("layer,block,mass\n") << "no rows" << 0.0 << qint64(0);
        QTest::addRow("fields") << QByteArray("0,1\n") << "line 1: 2 fields" << 0.0 << qint64(0);
        QTest::addRow("layer") << QByteArray("0,0,1\nx,0,1\n") << "line 2: layer \"x\"" << 0.0
                               << qint64(0);
        QTest::addRow("block") << QByteArray("0,-1,1\n") << "line 1: block \"-1\"" << 0.0
                               << qint64(0);
        QTest::addRow("mass text")
            << QByteArray("0,0,lots\n") << "mass \"lots\" is not a number" << 0.0 << qint64(0);
        QTest::addRow("NaN") << QByteArray("0,0,nan\n") << "is NaN" << 0.0 << qint64(0);
        QTest::addRow("negative") << QByteArray("0,0,-1\n") << "is negative" << 0.0 << qint64(0);
        QTest::addRow("infinite") << QByteArray("0,0,inf\n") << "is infinite" << 0.0 << qint64(0);
        QTest::addRow("missing layer")
            << QByteArray("0,0,1\n2,0,1\n") << "layer 1 has no rows" << 0.0 << qint64(0);
        QTest::addRow("all zero") << QByteArray("0,0,0\n") << "holds no attention mass" << 0.0
                                  << qint64(0);
        // One far block: the rows are kept as rows, not as 2^28 block sums.
        QTest::addRow("far block")
            << QByteArray("0,0,1\n0,268435455,1\n") << QString() << 1.0 << (qint64(1) << 28);
        QTest::addRow("line too long")
            << QByteArray(2 << 20, ' ') + "0,0,1\n"
            << "line 1 is longer than 1,048,576 bytes" << 0.0 << qint64(0);
    }
    void csv()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QFETCH(double, topShare);
        QFETCH(qint64, blocks);
        QString why;
        const auto r = analyzeCsv(text, {}, &why);
        if (!error.isEmpty()) {
            QVERIFY(!r);
            QVERIFY2(why.contains(error), qPrintable(why));
            return;
        }
        QVERIFY2(r, qPrintable(why));
        QCOMPARE(r->layers.first().topShare, topShare);
        QCOMPARE(r->layers.first().blocks, blocks);
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("error");
        const QByteArray ok = npy("<f4", {1, 4}, f32(filled(4, 1)));
        QTest::addRow("empty") << QByteArray() << "empty file";
        QTest::addRow("bad magic") << QByteArray("\x93NUMPZ").append(ok.mid(6)) << "bad magic";
        QTest::addRow("text file") << QByteArray("hello") << "bad magic";
        QTest::addRow("short header") << ok.left(8) << "truncated header";
        QTest::addRow("header past the end") << ok.left(40) << "truncated header";
        QTest::addRow("version 4")
            << QByteArray(ok).replace(6, 1, "\x04") << "unsupported .npy format version 4.0";
        QTest::addRow("garbage header")
            << npy("<f4", {1, 4}, f32(filled(4, 1)), 1, false, "{'descr': '<f4' 'shape': (1, 4)}")
            << "malformed header";
        QTest::addRow("not a dict") << npy("<f4", {1, 4}, f32(filled(4, 1)), 1, false, "descr=<f4")
                                    << "malformed header at byte 0: expected '{'";
        QTest::addRow("structured dtype")
            << npy("<f4", {1, 4}, f32(filled(4, 1)), 1, false,
                   "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (4,), }")
            << "'descr' has a value";
        QTest::addRow("missing shape") << npy("<f4", {1, 4}, f32(filled(4, 1)), 1, false,
                                              "{'descr': '<f4', 'fortran_order': False}")
                                       << "missing 'shape'";
        QTest::addRow("extra key")
            << npy("<f4", {1, 4}, f32(filled(4, 1)), 1, false,
                   "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 4), 'x': 'y'}")
            << "unexpected key 'x'";
        QTest::addRow("float64") << npy("<f8", {1, 4}, QByteArray(32, 0))
                                 << "dtype '<f8' is not supported";
        QTest::addRow("int32") << npy("<i4", {1, 4}, QByteArray(16, 0))
                               << "dtype '<i4' is not supported";
        QTest::addRow("big-endian")
            << npy(">f4", {1, 4}, QByteArray(16, 0)) << "dtype '>f4' is not supported";
        QTest::addRow("fortran order")
            << npy("<f4", {2, 2}, f32(filled(4, 1)), 1, true) << "fortran_order is True";
        QTest::addRow("truncated") << npy("<f4", {2, 64}, f32(filled(100, 1)))
                                   << "truncated data: shape (2, 64) needs 512 B";
        QTest::addRow("shape/size mismatch") << npy("<f4", {2, 8}, f32(filled(20, 1)))
                                             << "shape (2, 8) does not match the file size";
        QTest::addRow("huge shape") << npy("<f4", {1LL << 40, 1LL << 40}, {}) << "truncated data";
        QTest::addRow("zero-size") << npy("<f4", {0, 4}, {}) << "empty array: shape (0, 4)";
        QTest::addRow("rank 1") << npy("<f4", {4}, f32(filled(4, 1))) << "shape (4,) has 1 axes";
        QTest::addRow("rank 5") << npy("<f4", {1, 1, 1, 1, 4}, f32(filled(4, 1))) << "has 5 axes";
        QTest::addRow("NaN") << npy("<f4", {1, 4},
                                    f32({1, std::numeric_limits<float>::quiet_NaN(), 1, 1}))
                             << "weight at [layer 0, key 1] is NaN";
        QTest::addRow("NaN f16") << npy("<f2", {1, 1, 4},
                                        f16({1, 1, std::numeric_limits<float>::quiet_NaN(), 1}))
                                 << "weight at [layer 0, query 0, key 2] is NaN";
        QTest::addRow("negative")
            << npy("<f4", {1, 2, 1, 4}, f32({1, 1, 1, 1, 1, -0.5f, 1, 1}))
            << "weight at [layer 0, head 1, query 0, key 1] is negative (-0.5)";
        QTest::addRow("infinite") << npy("<f4", {1, 4},
                                         f32({1, std::numeric_limits<float>::infinity(), 1, 1}))
                                  << "is infinite";
        QTest::addRow("all zero") << npy("<f4", {2, 4}, f32({1, 1, 1, 1, 0, 0, 0, 0}))
                                  << "layer 1 holds no attention mass";
    }
    void malformed()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!analyzeNpy(file, {}, &why));
        QVERIFY2(why.contains(error), qPrintable(why));
    }

    void badOptions()
    {
        QString why;
        MassOptions o;
        o.blockSize = 0;
        QVERIFY(!analyzeNpy(npy("<f4", {1, 4}, f32(filled(4, 1))), o, &why));
        QVERIFY(why.contains("block size"));
        o = {};
        o.topFraction = 0;
        QVERIFY(!analyzeCsv("0,0,1\n", o, &why));
        QVERIFY(why.contains("top fraction"));
    }

    void progressAndCancel()
    {
        // 3 Mi values: progress at 0, 1/3, 2/3 and 1, rising.
        const QByteArray file = npy("<f4", {3, 1 << 20}, f32(filled(3 << 20, 1)));
        QList<double> seen;
        MassProgress p;
        p.progress = [&](double f) { seen << f; };
        QString why;
        QVERIFY2(analyzeNpy(file, {}, &why, p), qPrintable(why));
        QVERIFY(seen.size() >= 3);
        for (qsizetype i = 1; i < seen.size(); ++i)
            QVERIFY(seen.at(i) > seen.at(i - 1));
        QCOMPARE(seen.last(), 1.0);

        // Cancelled before the start, and from the first progress report on.
        std::atomic_bool cancel = true;
        p.cancel = &cancel;
        seen.clear();
        QVERIFY(!analyzeNpy(file, {}, &why, p));
        QCOMPARE(why, QStringLiteral("cancelled"));
        QVERIFY(seen.isEmpty());
        cancel = false;
        p.progress = [&](double f) {
            seen << f;
            cancel = true;
        };
        QVERIFY(!analyzeNpy(file, {}, &why, p));
        QCOMPARE(why, QStringLiteral("cancelled"));
        QCOMPARE(seen.size(), 1); // stopped at the next check, one chunk later
        cancel = false;
        QVERIFY(!analyzeCsv(QByteArray("0,0,1\n").repeated(300000), {}, &why, p));
        QCOMPARE(why, QStringLiteral("cancelled"));
    }

    void curves()
    {
        MassOptions o;
        o.curveLayers = {0, 1};
        QList<float> values = filled(1600, 1);
        values << oneHot(1600, 0);
        const MassReport r = analyze(npy("<f4", {2, 1600}, f32(values)), o);
        QCOMPARE(r.curves.size(), 2);
        // Flat: y = x; one-hot: everything after the first block.
        for (const QPointF &p : r.curves.at(0).points)
            QCOMPARE(p.y() + 1, p.x() + 1);
        QCOMPARE(r.curves.at(0).points.first(), QPointF(0, 0));
        QCOMPARE(r.curves.at(0).points.last(), QPointF(1, 1));
        QCOMPARE(r.curves.at(0).points.size(), 101);
        QCOMPARE(r.curves.at(1).points.at(1), QPointF(0.01, 1));
        // Decimated to the requested number of points.
        QString why;
        const auto many = analyzeBlockMasses({QList<double>(100000, 1.0)}, o, &why);
        QVERIFY2(many, qPrintable(why));
        QCOMPARE(many->curves.first().points.size(), 256);
        QCOMPARE(many->curves.first().points.last(), QPointF(1, 1));
    }

    void synthetic_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<double>("topShare");
        QTest::addColumn<bool>("concentrated");
        // 6,400 blocks: the top 1% is 64 blocks.
        QTest::addRow("uniform") << "uniform:blocks=6400,layers=2" << 0.01 << false;
        // Power law, exponent 1: H(64) / H(6400).
        double h64 = 0, h6400 = 0;
        for (int i = 1; i <= 6400; ++i)
            (i <= 64 ? h64 : h6400) += 1.0 / i;
        QTest::addRow("power law")
            << "power-law:blocks=6400,exponent=1" << h64 / (h64 + h6400) << true;
        QTest::addRow("power law 0: uniform")
            << "power-law:blocks=6400,exponent=0" << 0.01 << false;
    }
    void synthetic()
    {
        QFETCH(QString, spec);
        QFETCH(double, topShare);
        QFETCH(bool, concentrated);
        QString why;
        const auto source = SyntheticMass::parse(spec, &why);
        QVERIFY2(source, qPrintable(why));
        const auto r = analyzeSynthetic(*source, {}, &why);
        QVERIFY2(r, qPrintable(why));
        for (const MassStats &s : r->layers) {
            QCOMPARE(s.topShare, topShare);
            QCOMPARE(s.verdict == MassVerdict::Concentrated, concentrated);
            QCOMPARE(s.totalMass, 1.0);
        }
        QVERIFY(r->source.startsWith("synthetic "));
    }

    void recencyAndNeedle()
    {
        QString why;
        // Sinks hold 30%, 5% is spread flat, 65% decays over the newest blocks (decay 32).
        SyntheticMass s = *SyntheticMass::parse("recency:blocks=4096,flat-layers=1,layers=3", &why);
        const QList<QList<double>> m = s.generate();
        QCOMPARE(m.size(), 3);
        QCOMPARE(m.at(0).at(0), 1.0 / 4096); // the flat layer
        QCOMPARE(m.at(1).at(0), 0.3 + 0.05 / 4096);
        const auto r = analyzeSynthetic(s, {}, &why);
        QVERIFY2(r, qPrintable(why));
        QCOMPARE(r->layers.at(0).verdict, MassVerdict::Flat);
        QCOMPARE(r->layers.at(1).verdict, MassVerdict::Concentrated);
        QCOMPARE(r->concentratedLayers(), 2);
        // The needle: one old block with 0.5% of the mass, ranked among the blocks.
        const auto n =
            analyzeSynthetic(*SyntheticMass::parse("needle:blocks=4096,block=100", &why), {}, &why);
        QVERIFY2(n, qPrintable(why));
        QCOMPARE(n->notes.size(), 1);
        QVERIFY2(n->notes.first().contains("The needle (block 100"), qPrintable(n->notes.first()));
        QVERIFY(n->notes.first().contains("blocks that hold 99%"));
        QVERIFY(n->notes.first().contains("inside"));
        // A needle too faint for the 99% cut: outside.
        const auto faint = analyzeSynthetic(
            *SyntheticMass::parse("needle:blocks=4096,floor=0,share=0.0001", &why), {}, &why);
        QVERIFY(faint->notes.first().contains("outside"));
    }

    void syntheticSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("error");
        QTest::addRow("kind") << "bogus"
                              << "not a synthetic source";
        QTest::addRow("key") << "uniform:exponent=2"
                             << "\"exponent=2\" is not key=value with a key of";
        QTest::addRow("number") << "power-law:exponent=x"
                                << "exponent: \"x\" is not a number";
        QTest::addRow("exponent") << "power-law:exponent=-1"
                                  << "exponent: -1 is outside";
        QTest::addRow("layers") << "uniform:layers=0"
                                << "layers: 0 is not a whole number";
        QTest::addRow("blocks") << "uniform:blocks=1.5"
                                << "blocks: 1.5 is not a whole number";
        QTest::addRow("flat layers") << "recency:layers=2,flat-layers=3"
                                     << "flat-layers: 3";
        QTest::addRow("shares") << "recency:sink-share=0.9,floor=0.5"
                                << "more than the whole mass";
        QTest::addRow("needle block") << "needle:blocks=10,block=10"
                                      << "block: 10 is not a whole number in 0-9";
        QTest::addRow("decay") << "recency:decay=0"
                               << "decay: 0 is outside (0";
    }
    void syntheticSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, error);
        QString why;
        QVERIFY(!SyntheticMass::parse(spec, &why));
        QVERIFY2(why.contains(error), qPrintable(why));
    }

    void syntheticSpecRoundTrip()
    {
        for (const char *spec : {"uniform", "power-law:exponent=1.5,layers=4", "recency:decay=8",
                                 "needle:block=7,share=0.01,blocks=64"}) {
            const auto s = SyntheticMass::parse(QString::fromLatin1(spec));
            QVERIFY(s);
            const auto again = SyntheticMass::parse(s->spec());
            QVERIFY2(again, qPrintable(s->spec()));
            QCOMPARE(again->spec(), s->spec());
            QCOMPARE(again->generate(), s->generate());
        }
    }

    void projection()
    {
        // One hot block of 100: a step that reads 1% of the KV.
        const MassReport r = analyze(npy("<f4", {1, 1600}, f32(oneHot(1600, 3))));
        QCOMPARE(r.readShareFor99(), 0.01);
        const Scenario s = test::scenario(test::llama70b());
        const StepModel step(s);
        const ReadProjection p = projectReads(s, r);
        QCOMPARE(p.readShare, 0.01);
        QCOMPARE(p.fullSecondsPerToken, step.stepSeconds(s.context));
        QCOMPARE(p.secondsPerToken, (step.weightBytesRead + 80 * 4096 * 1e6 * 0.01) / 3.35e12);
        QVERIFY(p.text().startsWith("Reading the blocks that hold 99% of the mass would cut KV "
                                    "reads to 1%:"));
    }

    void halfConversion_data()
    {
        QTest::addColumn<float>("value");
        QTest::addRow("one") << 1.0f;
        QTest::addRow("half") << 0.5f;
        QTest::addRow("max") << 65504.0f;
        QTest::addRow("smallest normal") << 6.103515625e-05f;
        QTest::addRow("subnormal") << 5.960464477539063e-08f;
        QTest::addRow("zero") << 0.0f;
    }
    void halfConversion()
    {
        QFETCH(float, value);
        const QByteArray file = npy("<f2", {1, 1}, f16({value}));
        QString why;
        const auto h = parseNpyHeader(file, file.size(), &why);
        QVERIFY2(h, qPrintable(why));
        float out = -1;
        readNpyValues(h->dtype, file.constData() + h->dataOffset, 1, &out);
        QCOMPARE(out, value);
    }

    // Every half: the exact reading matches Qt's conversion; the fast one agrees on every finite
    // weight ≥ +0 and refuses the rest (-0 included: the exact reading then lets it pass).
    void everyHalf()
    {
        QByteArray bytes(2 * 65536, Qt::Uninitialized);
        for (int h = 0; h < 65536; ++h) {
            bytes[2 * h] = char(h & 0xff);
            bytes[2 * h + 1] = char(h >> 8);
        }
        QList<float> exact(65536), fast(65536);
        readNpyValues(NpyDtype::Float16, bytes.constData(), 65536, exact.data());
        const auto bits = [](float f) { return std::bit_cast<quint32>(f); };
        for (int h = 0; h < 65536; ++h) {
            const float expected = float(std::bit_cast<qfloat16>(quint16(h)));
            if (std::isnan(expected) ? !std::isnan(exact[h]) : bits(exact[h]) != bits(expected))
                QFAIL(qPrintable(QStringLiteral("half 0x%1 read exactly as %2, not %3")
                                     .arg(h, 4, 16, QLatin1Char('0'))
                                     .arg(exact[h])
                                     .arg(expected)));
            float one = -1;
            const bool ok = readNpyWeights(NpyDtype::Float16, bytes.constData() + 2 * h, 1, &one);
            if (ok != (h < 0x7c00) || (ok && bits(one) != bits(expected)))
                QFAIL(qPrintable(QStringLiteral("half 0x%1 read fast as %2 (%3)")
                                     .arg(h, 4, 16, QLatin1Char('0'))
                                     .arg(one)
                                     .arg(ok ? "accepted" : "refused")));
        }
        // Runs of them: the vector loop and its tail.
        QVERIFY(readNpyWeights(NpyDtype::Float16, bytes.constData(), 0x7c00, fast.data()));
        for (int h = 0; h < 0x7c00; ++h)
            QCOMPARE(bits(fast[h]), bits(exact[h]));
        QVERIFY(!readNpyWeights(NpyDtype::Float16, bytes.constData(), 0x7c01, fast.data()));
        const QByteArray floats = f32({1, 0, std::numeric_limits<float>::max(), 1e-45f});
        QVERIFY(readNpyWeights(NpyDtype::Float32, floats.constData(), 4, fast.data()));
        QCOMPARE(fast.mid(0, 4), (QList<float>{1, 0, std::numeric_limits<float>::max(), 1e-45f}));
        for (float bad : {-0.0f, -1.0f, std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN()})
            QVERIFY(!readNpyWeights(NpyDtype::Float32, f32({1, bad}).constData(), 2, fast.data()));
    }

    // Float16 blocks of up to 8,192 keys are summed in several lanes (vectors where the CPU has
    // them): exact in a double, so the same bits as one running sum in key order. Over 3M keys
    // a row outgrows one read (4 MiB), so blocks are also cut by the reads' ends.
    void halfSumsAreExact_data()
    {
        QTest::addColumn<int>("blockSize");
        QTest::addColumn<qint64>("keys");
        for (int bs : {1, 5, 16, 1000, 8192})
            QTest::addRow("blocks of %d", bs) << bs << qint64(100'003);
        for (int bs : {7, 24, 1000, 8192})
            QTest::addRow("blocks of %d across reads", bs) << bs << qint64(3'000'017);
    }
    void halfSumsAreExact()
    {
        QFETCH(int, blockSize);
        QFETCH(qint64, keys);
        const QByteArray file = randomHalves(keys);
        MassOptions o;
        o.blockSize = blockSize;
        o.curveLayers = {0};
        const MassReport r = analyze(file, o);
        QList<float> values(keys);
        readNpyValues(NpyDtype::Float16, file.constData() + file.size() - 2 * keys, keys,
                      values.data());
        QList<double> sums((keys + blockSize - 1) / blockSize, 0.0);
        for (qint64 k = 0; k < keys; ++k)
            sums[k / blockSize] += values[k];
        QString why;
        const auto expected = analyzeBlockMasses({sums}, o, &why);
        QVERIFY2(expected, qPrintable(why));
        const MassStats &a = r.layers.first(), &b = expected->layers.first();
        QVERIFY(a.totalMass == b.totalMass && a.topShare == b.topShare);
        QCOMPARE(a.blocksFor50, b.blocksFor50);
        QCOMPARE(a.blocksFor99, b.blocksFor99);
        QVERIFY(r.curves.first().points == expected->curves.first().points);
    }

    // "The top 1%" of 2 blocks is one block, 50% of them: it holds half of any mass, and the
    // old verdict called such a layer concentrated. No verdict below 1/fraction blocks.
    void tooFewBlocks_data()
    {
        QTest::addColumn<qint64>("blocks");
        QTest::addColumn<double>("top");
        QTest::addColumn<qint64>("topBlocks");
        QTest::addColumn<bool>("judged");
        QTest::addRow("2 blocks, top 1%%") << qint64(2) << 0.01 << qint64(1) << false;
        QTest::addRow("99 blocks, top 1%%") << qint64(99) << 0.01 << qint64(1) << false;
        QTest::addRow("100 blocks, top 1%%") << qint64(100) << 0.01 << qint64(1) << true;
        QTest::addRow("9 blocks, top 10%%") << qint64(9) << 0.1 << qint64(1) << false;
        QTest::addRow("10 blocks, top 10%%") << qint64(10) << 0.1 << qint64(1) << true;
        QTest::addRow("33 blocks, top 3%%") << qint64(33) << 0.03 << qint64(1) << false;
        QTest::addRow("34 blocks, top 3%%") << qint64(34) << 0.03 << qint64(2) << true;
        QTest::addRow("1 block, top 100%%") << qint64(1) << 1.0 << qint64(1) << true;
    }
    void tooFewBlocks()
    {
        QFETCH(qint64, blocks);
        QFETCH(double, top);
        QFETCH(qint64, topBlocks);
        QFETCH(bool, judged);
        QCOMPARE(blocks >= blocksForVerdict(top), judged);
        // Most of the mass on the first block.
        QList<double> masses(blocks, 0.485 / double(blocks));
        masses[0] += 0.515;
        MassOptions o;
        o.topFraction = top;
        QString why;
        const auto r = analyzeBlockMasses({masses, masses}, o, &why);
        QVERIFY2(r, qPrintable(why));
        for (const MassStats &s : r->layers) {
            QCOMPARE(s.topBlocks, topBlocks);
            QCOMPARE(s.verdict == MassVerdict::TooFewBlocks, !judged);
        }
        QCOMPARE(r->judgedLayers(), judged ? 2 : 0);
        if (!judged)
            QCOMPARE(r->concentratedLayers(), 0);
    }

    // A head that never attends: no mass, no blocks that hold it, no verdict (it was "flat",
    // its 99% held by one block).
    void headWithoutMass()
    {
        QList<float> values = filled(1600, 1);
        values << filled(1600, 0);
        const MassReport r = analyze(npy("<f4", {1, 2, 1, 1600}, f32(values)));
        const MassStats &silent = r.heads.at(1);
        QCOMPARE(silent.verdict, MassVerdict::NoMass);
        QCOMPARE(silent.totalMass, 0.0);
        QCOMPARE(silent.topShare, 0.0);
        QCOMPARE(silent.blocksFor50, qint64(0));
        QCOMPARE(silent.blocksFor99, qint64(0));
        QCOMPARE(r.heads.at(0).verdict, MassVerdict::Flat);
        QCOMPARE(r.layers.first().verdict, MassVerdict::Flat);
        QCOMPARE(massVerdictKey(silent.verdict), QStringLiteral("no_mass"));
    }

    void projectionText_data()
    {
        QTest::addColumn<double>("readShare");
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("text");
        QTest::addRow("a saving") << 0.12 << 0.05
                                  << "Reading the blocks that hold 99% of the mass would cut KV "
                                     "reads to 12%: 50 ms per token instead of 140 ms.";
        QTest::addRow("every block needed")
            << 1.0 << 0.14
            << "No saving: every block is needed to hold 99% of the mass; a step takes 140 ms per "
               "token either way.";
        // Fewer bytes read, the same time at the precision shown: the step is bound elsewhere.
        QTest::addRow("no time saved")
            << 0.5 << 0.1400004
            << "Reading only the blocks that hold 99% of the mass would cut KV reads by 50% but "
               "save no time: 140 ms per token either way.";
    }
    void projectionText()
    {
        QFETCH(double, readShare);
        QFETCH(double, seconds);
        QFETCH(QString, text);
        ReadProjection p;
        p.readShare = readShare;
        p.secondsPerToken = seconds;
        p.fullSecondsPerToken = 0.14;
        QCOMPARE(p.text(), text);
    }

    // Two blocks per layer: both hold 99% of the mass; no "cut KV reads to 100%: 140 ms
    // instead of 140 ms".
    void projectionWithEveryBlock()
    {
        QList<float> values;
        values << oneHot(32, 0) << oneHot(32, 0) << filled(64, 1) << filled(128, 1);
        const MassReport r = analyze(npy("<f4", {2, 2, 2, 32}, f32(values)));
        QCOMPARE(r.layers.at(0).topShare, 34.0 / 66); // "51.5%", as the issue saw it
        QCOMPARE(r.layers.at(0).verdict, MassVerdict::TooFewBlocks);
        QCOMPARE(r.readShareFor99(), 1.0);
        const QString text = projectReads(test::scenario(test::llama70b()), r).text();
        QVERIFY2(text.startsWith("No saving: every block is needed"), qPrintable(text));
    }

    // The file is read in chunks, not mapped: cut short while it is read, it is reported (a
    // mapping took the process down with SIGBUS).
    void truncatedWhileRead_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<double>("at"); // the progress at which the file is cut
        QTest::addColumn<qint64>("keep");
        const QByteArray weights = randomHalves(3 << 20);
        QTest::addRow(".npy, before its data") << "weights.npy" << weights << 0.0 << qint64(1000);
        QTest::addRow(".npy, while streaming")
            << "weights.npy" << weights << 0.25 << qint64(weights.size() - 1000);
        QByteArray rows;
        for (int i = 0; i < 400'000; ++i)
            rows += "0," + QByteArray::number(i % 5000) + ",1\n";
        QTest::addRow("CSV, first reading")
            << "mass.csv" << rows << 0.1 << qint64(rows.size() - 1000);
        QTest::addRow("CSV, second reading")
            << "mass.csv" << rows << 0.75 << qint64(rows.size() - 1000);
    }
    void truncatedWhileRead()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(double, at);
        QFETCH(qint64, keep);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QVERIFY(writeFile(path, content));
        bool cut = false;
        MassProgress p;
        p.progress = [&](double f) {
            if (!cut && f >= at)
                cut = QFile::resize(path, keep);
        };
        QString why;
        QVERIFY(!analyzeMassFile(path, {}, &why, p));
        QVERIFY(cut);
        QCOMPARE(why, QStringLiteral("%1: the file got shorter while it was read (%2 of %3 bytes)")
                          .arg(name, formatInteger(keep), formatInteger(qint64(content.size()))));
    }

    // Time from a cancel to the analysis returning, at every stage of a file whose 16 M blocks
    // take a while to rank. Printed; the bound only catches a cancel that is not honoured
    // (the machine may be loaded). Before, a cancel at the last report was ignored: the
    // statistics ran on for seconds and returned a full report.
    void cancelLatency_data()
    {
        QTest::addColumn<double>("at"); // progress at which to cancel; below 0: before the start
        QTest::addRow("right away") << -1.0;
        QTest::addRow("while reading") << 0.25;
        QTest::addRow("while ranking") << 0.5; // every value read, one layer of 16 M blocks
        QTest::addRow("at the last report") << 1.0;
    }
    void cancelLatency()
    {
        QFETCH(double, at);
        const QString path = m_dir.filePath(QStringLiteral("weights.npy"));
        if (!QFile::exists(path))
            QVERIFY(writeFile(path, randomHalves(1 << 24)));
        std::atomic_bool cancel = at < 0;
        QElapsedTimer sinceCancel;
        if (cancel)
            sinceCancel.start();
        MassProgress p;
        p.cancel = &cancel;
        p.progress = [&](double f) {
            if (!cancel && f >= at) {
                sinceCancel.start();
                cancel = true;
            }
        };
        MassOptions o;
        o.blockSize = 1;
        QString why;
        const bool finished = bool(analyzeMassFile(path, o, &why, p));
        const qint64 ms = sinceCancel.isValid() ? sinceCancel.elapsed() : -1;
        qInfo("cancel %s: returned %lld ms after it", QTest::currentDataTag(), ms);
        QVERIFY(sinceCancel.isValid());
        QVERIFY2(!finished, "cancelled, yet a full report came back");
        QCOMPARE(why, QStringLiteral("weights.npy: cancelled"));
        QVERIFY2(ms < 1000, qPrintable(QStringLiteral("%1 ms").arg(ms)));
    }

    // Layers read on several threads at once give the report of one pass, bit for bit, for
    // every shape; more threads than layers read one layer each.
    void parallelMatchesOnePass_data()
    {
        QTest::addColumn<QList<qint64>>("shape");
        QTest::addColumn<int>("blockSize");
        QTest::addColumn<int>("threads");
        QTest::addRow("[5, keys], 2 threads") << QList<qint64>{5, 100'003} << 16 << 2;
        QTest::addRow("[5, keys], 3 threads") << QList<qint64>{5, 100'003} << 7 << 3;
        QTest::addRow("[4, queries, keys], 3 threads") << QList<qint64>{4, 3, 50'001} << 16 << 3;
        QTest::addRow("[3, heads, queries, keys], 2 threads")
            << QList<qint64>{3, 2, 2, 30'011} << 5 << 2;
        QTest::addRow("[3, heads, queries, keys], 8 threads")
            << QList<qint64>{3, 2, 2, 30'011} << 16 << 8;
    }
    void parallelMatchesOnePass()
    {
        QFETCH(QList<qint64>, shape);
        QFETCH(int, blockSize);
        QFETCH(int, threads);
        const QByteArray file = randomLayers(shape);
        MassOptions o;
        o.blockSize = blockSize;
        o.curveLayers = {0, int(shape.first()) - 1};
        o.threads = 1;
        const MassReport one = analyze(file, o);
        o.threads = threads;
        QList<double> seen;
        MassProgress p;
        p.progress = [&](double f) { seen << f; };
        QString why;
        const auto many = analyzeNpy(file, o, &why, p);
        QVERIFY2(many, qPrintable(why));
        QVERIFY(sameReport(*many, one));
        QCOMPARE(many->layers.size(), shape.first());
        for (qsizetype i = 1; i < seen.size(); ++i)
            QVERIFY(seen.at(i) > seen.at(i - 1));
        QCOMPARE(seen.last(), 1.0);
    }

    // The first thing wrong in the file is said, whichever thread meets it first: a NaN in
    // layer 1 before one in layer 3 (another thread's), and a NaN before a layer without mass.
    void parallelFirstError_data()
    {
        QTest::addColumn<int>("nanLayer1");
        QTest::addColumn<int>("nanLayer2");
        QTest::addColumn<int>("emptyLayer");
        QTest::addColumn<QString>("expected");
        QTest::addRow("two NaNs") << 1 << 3 << -1 << "weight at [layer 1, key 5] is NaN";
        QTest::addRow("NaN after an empty layer")
            << 4 << 4 << 2 << "weight at [layer 4, key 5] is NaN";
        QTest::addRow("an empty layer") << -1 << -1 << 2 << "layer 2";
    }
    void parallelFirstError()
    {
        QFETCH(int, nanLayer1);
        QFETCH(int, nanLayer2);
        QFETCH(int, emptyLayer);
        QFETCH(QString, expected);
        const qint64 keys = 40'000;
        QList<float> values = filled(5 * keys, 0.5f);
        for (int layer : {nanLayer1, nanLayer2})
            if (layer >= 0)
                values[layer * keys + 5] = std::numeric_limits<float>::quiet_NaN();
        if (emptyLayer >= 0)
            std::fill_n(values.begin() + emptyLayer * keys, keys, 0.0f);
        const QByteArray file = npy("<f4", {5, keys}, f32(values));
        for (int threads : {1, 3, 5}) {
            MassOptions o;
            o.threads = threads;
            QString why;
            QVERIFY(!analyzeNpy(file, o, &why));
            QVERIFY2(why.contains(expected), qPrintable(why));
        }
    }

    // A cancel reaches every thread: at the first report while they read, nothing after it.
    void parallelCancel()
    {
        const QByteArray file = randomLayers({6, 1 << 21});
        MassOptions o;
        o.threads = 3;
        o.blockSize = 1;
        std::atomic_bool cancel = false;
        QList<double> seen;
        MassProgress p;
        p.cancel = &cancel;
        p.progress = [&](double f) {
            QVERIFY(!cancel);
            seen << f;
            cancel = f > 0;
        };
        QString why;
        QVERIFY(!analyzeNpy(file, o, &why, p));
        QCOMPARE(why, QStringLiteral("cancelled"));
        QCOMPARE(seen.size(), 2);
        QVERIFY(seen.last() < 1);
    }

    // Each thread opens the file for itself: one cut short after its header was read (at the
    // first report, before the threads start) is reported, not read as a shorter file.
    void parallelTruncated()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("weights.npy"));
        const QByteArray content = randomLayers({4, 1 << 20});
        QVERIFY(writeFile(path, content));
        bool cut = false;
        MassProgress p;
        p.progress = [&](double) {
            if (!cut)
                cut = QFile::resize(path, content.size() / 2);
        };
        MassOptions o;
        o.threads = 4;
        QString why;
        QVERIFY(!analyzeMassFile(path, o, &why, p));
        QVERIFY(cut);
        QCOMPARE(why, QStringLiteral("weights.npy: the file changed size while it was read (%1, "
                                     "then %2 bytes)")
                          .arg(formatInteger(content.size()), formatInteger(content.size() / 2)));
        o.threads = kvl::mass::kMaxThreads + 1;
        QVERIFY(!analyzeMassFile(path, o, &why));
        QVERIFY2(why.contains(QStringLiteral("threads")), qPrintable(why));
    }

    void syntheticCancel()
    {
        std::atomic_bool cancel = false;
        MassProgress p{[&](double) { cancel = true; }, &cancel};
        QString why;
        QVERIFY(!analyzeSynthetic(*SyntheticMass::parse("uniform:blocks=1000000,layers=8"), {},
                                  &why, p));
        QCOMPARE(why, QStringLiteral("cancelled"));
    }

    // Over a megabyte of rows, read in chunks of one: lines cross them, in memory and from a file.
    void csvAcrossChunks()
    {
        QByteArray text = "layer,block,mass\n";
        qint64 rows = 0;
        for (; text.size() < 3 << 20 || rows % 1000 != 0; ++rows)
            text += "0," + QByteArray::number(rows % 1000) + ",1\n";
        QString why;
        const auto r = analyzeCsv(text, {}, &why);
        QVERIFY2(r, qPrintable(why));
        QCOMPARE(r->layers.first().blocks, qint64(1000));
        QCOMPARE(r->layers.first().totalMass, double(rows));
        QCOMPARE(r->layers.first().topShare, 0.01);
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(QStringLiteral("rows.csv")), text));
        const auto f = analyzeMassFile(dir.filePath(QStringLiteral("rows.csv")), {}, &why);
        QVERIFY2(f, qPrintable(why));
        QVERIFY(f->layers.first().totalMass == r->layers.first().totalMass &&
                f->layers.first().topShare == r->layers.first().topShare);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestAttentionMass)
#include "tst_attention_mass.moc"
