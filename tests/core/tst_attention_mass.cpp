// The attention-mass analyzer on constructed arrays, fixtures, synthetic sources and broken files.
#include "attention_mass.h"
#include "npy_reader.h"
#include "step_model.h"
#include "synthetic_mass.h"
#include "test_models.h"

#include <QFloat16>
#include <QTest>
#include <QtEndian>
#include <cmath>
#include <limits>

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
        QCOMPARE(r.heads.at(0).verdict, MassVerdict::Concentrated);
        QCOMPARE(r.heads.at(1).topShare, 0.5);
        // Two equal blocks: the top one holds 50% by arithmetic alone, which is flat.
        QCOMPARE(r.heads.at(1).verdict, MassVerdict::Flat);
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
        QList<double> many(100000, 1.0);
        QCOMPARE(cumulativeMassCurve(many, 100000, 256).size(), 256);
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
        const auto h = parseNpyHeader(file, &why);
        QVERIFY2(h, qPrintable(why));
        float out = -1;
        readNpyValues(*h, file, 0, 1, &out);
        QCOMPARE(out, value);
    }
};

QTEST_GUILESS_MAIN(TestAttentionMass)
#include "tst_attention_mass.moc"
