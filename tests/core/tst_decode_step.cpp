// The decode step the tour draws, against hand arithmetic: scores q·k/√d, the softmax and the
// weighted sum of the values.
#include "decode_step.h"

#include <QTest>
#include <cmath>

using namespace kvl;

class TestDecodeStep : public QObject
{
    Q_OBJECT
private slots:
    void scoresAreDotProductsOverRootD_data()
    {
        QTest::addColumn<int>("token");
        QTest::addColumn<double>("score");
        // q = (1.5, 1, 1, 0.5), √4 = 2.
        QTest::addRow("sink") << 0 << (1.5 * 1.5 + 1 * 1 + 1 * 0.5 + 0.5 * 0) / 2;      // 1.875
        QTest::addRow("token 2") << 1 << (1.5 * -1 + 1 * 0.5 + 1 * 0 + 0.5 * -0.5) / 2; // -0.625
        QTest::addRow("matched") << 6 << (1.5 * 2 + 1 * 1.5 + 1 * 1 + 0.5 * 1) / 2;     // 3
    }
    void scoresAreDotProductsOverRootD()
    {
        QFETCH(int, token);
        QFETCH(double, score);
        const DecodeStep s = exampleDecodeStep();
        QCOMPARE(s.tokens(), 8);
        QCOMPARE(s.headDim(), 4);
        QCOMPARE(s.scores.at(token), score);
    }

    void weightsAreTheSoftmax()
    {
        const DecodeStep s = exampleDecodeStep();
        double sum = 0;
        for (double w : s.weights) {
            QVERIFY(w > 0);
            sum += w;
        }
        QVERIFY(std::abs(sum - 1) < 1e-12);
        // e^3 / (e^1.875 + e^-0.625 + 3 e^-0.125 + 2 e^-0.75 + e^3) = 0.65353...
        const double denominator = std::exp(1.875) + std::exp(-0.625) + 3 * std::exp(-0.125) +
                                   2 * std::exp(-0.75) + std::exp(3.0);
        QVERIFY(std::abs(s.weights.at(6) - std::exp(3.0) / denominator) < 1e-12);
        QVERIFY(std::abs(s.weights.at(6) - 0.6535316) < 1e-6);
        QCOMPARE(s.strongest(), 6);
    }

    void outputIsTheWeightedSumOfValues()
    {
        const DecodeStep s = exampleDecodeStep();
        QCOMPARE(s.output.size(), 4);
        // Σ weights × values, each component worked out apart from this code.
        const double expected[] = {-0.16585298, 0.72735277, 0.59737731, 0.82574259};
        for (int i = 0; i < 4; ++i)
            QVERIFY2(std::abs(s.output.at(i) - expected[i]) < 1e-7, qPrintable(QString::number(i)));
    }

    void theNewTokenLeavesAKeyAndAValue()
    {
        const DecodeStep s = exampleDecodeStep();
        QCOMPARE(s.newKey.size(), s.headDim());
        QCOMPARE(s.newValue.size(), s.headDim());
    }
};

QTEST_GUILESS_MAIN(TestDecodeStep)
#include "tst_decode_step.moc"
