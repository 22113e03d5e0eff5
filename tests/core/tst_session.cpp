// An agent session, turn by turn, against hand arithmetic written out here.
#include "ledger.h"
#include "session.h"
#include "test_models.h"

#include <QTest>

using namespace kvl;
using namespace kvl::test;

namespace {
// Llama 3.1 8B with 8.03e9 parameters in fp16 (1.606e10 B), 131,072 KV bytes per token, on one
// H100 SXM (989e12 FLOP/s, 3.35e12 B/s), $3.99 per GPU-hour.
Scenario llama8bOnH100()
{
    Scenario s = scenario(llama8b(), 0);
    s.gpuHourPrice = 3.99;
    return s;
}

constexpr double W = 1.606e10, KV = 131072, BW = 3.35e12, PEAK = 989e12;
constexpr double PAIR = 32 * 4.0 * 32 * 128; // prefill FLOP per query-key pair, all layers

// Prefill of P on L cached: compute-bound here (checked against the memory floor).
double prefillSeconds(double P, double L)
{
    const double compute = (2 * 8.03e9 * P + PAIR * (P * L + P * (P + 1) / 2)) / PEAK;
    const double memory = (W + L * KV + P * KV) / BW;
    return std::max(compute, memory);
}

// R decode steps from context C: Σ_{i<R} (W + (C + i) × KV) / BW, memory-bound at these sizes.
double decodeSeconds(double C, double R)
{
    return (R * W + KV * (R * C + R * (R - 1) / 2)) / BW;
}
} // namespace

class TestSession : public QObject
{
    Q_OBJECT
private slots:
    // From 1,000 tokens, 3 turns of 500 in and 100 out: the turns start at 1,000, 1,600, 2,200.
    // Prefix cache on: each turn prefills its 500 new tokens on top of the context; off: the
    // whole context + 500 (1,500, 2,100, 2,700) from nothing. Each answer starts at context +
    // 500. Cost = 1 GPU × $3.99 × seconds / 3600.
    void threeTurns_data()
    {
        QTest::addColumn<bool>("prefixCache");
        QTest::addColumn<QList<double>>("prefill");
        QTest::addRow("prefix cache on")
            << true
            << QList<double>{prefillSeconds(500, 1000), prefillSeconds(500, 1600),
                             prefillSeconds(500, 2200)};
        QTest::addRow("prefix cache off")
            << false
            << QList<double>{prefillSeconds(1500, 0), prefillSeconds(2100, 0),
                             prefillSeconds(2700, 0)};
    }
    void threeTurns()
    {
        QFETCH(bool, prefixCache);
        QFETCH(QList<double>, prefill);
        SessionOptions o;
        o.startContext = 1000;
        o.turns = 3;
        o.turnInput = 500;
        o.response = 100;
        o.prefixCache = prefixCache;
        QCOMPARE(o.validate(), QString());
        const Session r = simulateSession(llama8bOnH100(), o);
        QCOMPARE(r.turns.size(), 3);
        const QList<double> decode{decodeSeconds(1500, 100), decodeSeconds(2100, 100),
                                   decodeSeconds(2700, 100)};
        double total = 0;
        for (int i = 0; i < 3; ++i) {
            const SessionTurn &t = r.turns.at(i);
            QCOMPARE(t.context, qint64(1000 + 600 * i));
            QCOMPARE(t.prefillSeconds, prefill.at(i));
            QCOMPARE(t.decodeSeconds, decode.at(i));
            QCOMPARE(t.cost, 3.99 * (prefill.at(i) + decode.at(i)) / 3600);
            total += prefill.at(i) + decode.at(i);
        }
        QCOMPARE(r.seconds, total);
        QCOMPARE(r.cost, 3.99 * total / 3600);
        QCOMPARE(r.firstTurnNotFitting, 0);
    }

    // Usable 80e9 − 1.606e10 = 6.394e10 B hold 487,823 tokens of 131,072 B. From 400,000, turns
    // of 10,000 in and none out end at 400,000 + 10,000 k: turn 8 ends at 480,000 (fits),
    // turn 9 at 490,000 (does not).
    void firstTurnNotFitting_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<int>("turns");
        QTest::addColumn<int>("first");
        QTest::addRow("turn 9") << qint64(400000) << 20 << 9;
        QTest::addRow("last turn") << qint64(400000) << 9 << 9;
        QTest::addRow("all fit") << qint64(400000) << 8 << 0;
        QTest::addRow("first turn") << qint64(485000) << 5 << 1;
    }
    void firstTurnNotFitting()
    {
        QFETCH(qint64, start);
        QFETCH(int, turns);
        QFETCH(int, first);
        SessionOptions o;
        o.startContext = start;
        o.turns = turns;
        o.turnInput = 10000;
        QCOMPARE(simulateSession(llama8bOnH100(), o).firstTurnNotFitting, first);
    }

    void badOptions_data()
    {
        QTest::addColumn<int>("turns");
        QTest::addColumn<qint64>("input");
        QTest::addColumn<QString>("field");
        QTest::addRow("zero turns") << 0 << qint64(10) << "turns";
        QTest::addRow("negative input") << 3 << qint64(-1) << "turn input";
        QTest::addRow("past the longest context") << 1000 << qint64(200000) << "session ends";
    }
    void badOptions()
    {
        QFETCH(int, turns);
        QFETCH(qint64, input);
        QFETCH(QString, field);
        SessionOptions o;
        o.turns = turns;
        o.turnInput = input;
        QVERIFY2(o.validate().contains(field), qPrintable(o.validate()));
    }
};

QTEST_GUILESS_MAIN(TestSession)
#include "tst_session.moc"
