// The window's tabs come from one list (ui/pages): each is on the tab bar in its order with its
// translated title and tooltip, ids are unique, and the ledger rows presentation mode shows
// beside each tab are rows the ledger has, and its slides show the tab's charts.
#include "ledger_chart.h"
#include "ledger_text.h"
#include "main_window.h"
#include "pages.h"
#include "test_window.h"

#include <QSet>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <algorithm>

using namespace kvl;

class TestPages : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // never the user's settings
        m_window = kvl::test::seedWindow(QSize(1280, 720));
    }

    void uniqueIds()
    {
        const QStringList ids = pageIds();
        QCOMPARE(QSet<QString>(ids.cbegin(), ids.cend()).size(), ids.size());
        QVERIFY(!pageInfo(QStringLiteral("no such tab")));
    }

    void tabs_data()
    {
        QTest::addColumn<int>("index");
        for (int i = 0; i < pageInfos().size(); ++i)
            QTest::addRow("%s", qPrintable(pageInfos().at(i).id)) << i;
    }
    void tabs()
    {
        QFETCH(int, index);
        const PageInfo &page = pageInfos().at(index);
        QTabWidget *views = m_window->views();
        QCOMPARE(views->count(), pageInfos().size());
        QCOMPARE(views->tabText(index), page.translatedTitle());
        QCOMPARE(views->tabToolTip(index), page.translatedToolTip());
        QVERIFY(!page.translatedTitle().isEmpty());
        QCOMPARE(pageInfo(page.id), &page);
        const Scenario s = Scenario::seed();
        QSet<QString> keys;
        for (const LedgerRow &r : ledgerRows(s, evaluate(s), ByteUnits::SI))
            keys.insert(r.key);
        QVERIFY(!page.headlineKeys.isEmpty());
        for (const QString &key : page.headlineKeys)
            QVERIFY2(keys.contains(key), qPrintable(key));
        // Presentation mode shows each chart of the tab once, on the tab's own slides.
        QStringList slideCharts;
        for (const QStringList &group : page.slides)
            slideCharts += group;
        QStringList onTab;
        for (LedgerChart *c : m_window->allCharts())
            if (views->widget(index)->isAncestorOf(c))
                onTab << c->id();
        std::sort(slideCharts.begin(), slideCharts.end());
        std::sort(onTab.begin(), onTab.end());
        QCOMPARE(slideCharts, onTab);
    }

    void cleanupTestCase() { m_window.reset(); }

private:
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestPages)
#include "tst_pages.moc"
