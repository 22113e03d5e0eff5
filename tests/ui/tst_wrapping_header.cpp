// WrappingHeader: a table's columns within its width, labels and long texts wrapped, figures
// whole; a horizontal scroll bar only where the widest words need far more than the width.
#include "wrapping_header.h"

#include <QApplication>
#include <QScrollBar>
#include <QTableWidget>
#include <QTest>

using namespace kvl;

class TestWrappingHeader : public QObject
{
    Q_OBJECT

    // A table of a name, a figure and a long text, `width` pixels wide, shown and fitted.
    static std::unique_ptr<QTableWidget> table(int width)
    {
        auto t = std::make_unique<QTableWidget>(2, 3);
        t->setHorizontalHeader(new WrappingHeader(t.get()));
        t->setHorizontalHeaderLabels({QStringLiteral("Engine"),
                                      QStringLiteral("Share of the floor's speed"),
                                      QStringLiteral("What is lost")});
        const QString text = QStringLiteral("Every token kept at fp8: rounding, not loss, on every "
                                            "layer of the model and every sequence of the batch.");
        for (int row = 0; row < 2; ++row) {
            t->setItem(row, 0, new QTableWidgetItem(QStringLiteral("TensorRT-LLM")));
            t->setItem(row, 1, new QTableWidgetItem(QStringLiteral("35.1%")));
            t->setItem(row, 2, new QTableWidgetItem(text));
        }
        t->resize(width, 300);
        t->show();
        return t;
    }
    static int textWidth(const QTableWidget &t, const QString &s)
    {
        return t.fontMetrics().horizontalAdvance(s);
    }

private slots:
    void fits_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("wraps"); // the long text on more than one line
        QTest::addRow("room for every text on one line") << 2400 << false;
        QTest::addRow("the long text wraps") << 330 << true;
    }
    void fits()
    {
        QFETCH(int, width);
        QFETCH(bool, wraps);
        const auto t = table(width);
        QVERIFY(QTest::qWaitForWindowExposed(t.get()));
        const QHeaderView *h = t->horizontalHeader();
        QTRY_COMPARE(h->length(), t->viewport()->width());
        QVERIFY(!t->horizontalScrollBar()->isVisible());
        // The name and the figure whole, each on one line.
        QVERIFY(h->sectionSize(0) > textWidth(*t, QStringLiteral("TensorRT-LLM")));
        QVERIFY(h->sectionSize(1) > textWidth(*t, QStringLiteral("35.1%")));
        const int line = t->fontMetrics().height();
        QCOMPARE(t->rowHeight(0) > 2 * line, wraps);
        // Squeezed, the label wraps rather than widen its column past the figure's needs, and
        // the header grows a line to hold it.
        QCOMPARE(h->sectionSize(1) < textWidth(*t, QStringLiteral("Share of the floor's speed")),
                 wraps);
        QCOMPARE(h->height() >= 2 * line, wraps);
    }

    // Far narrower than the widest words: each column keeps them, the rest scrolls.
    void farTooNarrowScrolls()
    {
        const auto t = table(90);
        QVERIFY(QTest::qWaitForWindowExposed(t.get()));
        const QHeaderView *h = t->horizontalHeader();
        QTRY_VERIFY(h->length() > t->viewport()->width());
        QVERIFY(h->sectionSize(0) > textWidth(*t, QStringLiteral("TensorRT-LLM")));
    }
};

QTEST_MAIN(TestWrappingHeader)
#include "tst_wrapping_header.moc"
