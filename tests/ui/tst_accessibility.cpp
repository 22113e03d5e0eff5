// Keyboard and screen-reader access to the window: every control has an accessible name, charts
// describe their numbers, mnemonics reach their menus without clashing, focus is visible.
#include "controls_panel.h"
#include "export_dialog.h"
#include "gpu_panel.h"
#include "language.h"
#include "ledger_chart.h"
#include "ledger_view.h"
#include "main_window.h"
#include "pages.h"
#include "scenario_controller.h"
#include "strategy_panel.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QUndoStack>

using namespace kvl;

namespace {

QString accessibleName(QWidget *w)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(w);
    return iface ? iface->text(QAccessible::Name) : QString();
}

// Where a widget sits, for failure messages.
QString where(const QWidget *w)
{
    QStringList path;
    for (const QWidget *p = w; p; p = p->parentWidget())
        if (!p->objectName().isEmpty())
            path.prepend(p->objectName());
    return QStringLiteral("%1 (%2)").arg(path.join(u'/'),
                                         QLatin1String(w->metaObject()->className()));
}

// What a screen reader reaches as a control of its own.
bool isControl(QWidget *w)
{
    if (qobject_cast<QScrollBar *>(w) || qobject_cast<QHeaderView *>(w)) // read through their table
        return false;
    return qobject_cast<QAbstractSlider *>(w) || qobject_cast<QAbstractSpinBox *>(w) ||
           qobject_cast<QComboBox *>(w) || qobject_cast<LedgerChart *>(w) ||
           qobject_cast<QAbstractItemView *>(w) ||
           (qobject_cast<QLineEdit *>(w) && !qobject_cast<QAbstractSpinBox *>(w->parentWidget()) &&
            !qobject_cast<QComboBox *>(w->parentWidget()));
}

// The mnemonic letter of a text with one "&x", lower case; none for "&&" or no "&".
QChar mnemonic(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("(?<!&)&([^&\\s])"));
    const auto m = re.match(text);
    return m.hasMatch() ? m.captured(1).at(0).toLower() : QChar();
}

// The mnemonic a widget answers to while shown, with the text it came from.
std::optional<std::pair<QChar, QString>> widgetMnemonic(QWidget *w)
{
    QString text;
    if (auto *label = qobject_cast<QLabel *>(w); label && label->buddy())
        text = label->text();
    else if (auto *button = qobject_cast<QAbstractButton *>(w))
        text = button->text();
    else if (auto *group = qobject_cast<QGroupBox *>(w); group && group->isCheckable())
        text = group->title();
    const QChar c = mnemonic(text);
    if (c.isNull())
        return std::nullopt;
    return std::pair{c, text};
}

} // namespace

class TestAccessibility : public QObject
{
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setQuietErrors(true);
        m_window->controller()->replace(Scenario::seed(), QString());
        m_window->resize(1400, 900);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup()
    {
        m_window.reset();
        language::apply(QStringLiteral("en"));
    }

    void everyControlHasAName_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<int>("tab");
        for (const char *lang : {"en", "pt_BR"})
            for (int tab = 0; tab < pageIds().size(); ++tab)
                QTest::addRow("%s %s", lang, qPrintable(pageIds().at(tab)))
                    << QString::fromLatin1(lang) << tab;
    }
    // Every control a screen reader reaches has a name, without the colon of its label, and
    // no two of the same kind side by side share one. The strategy editor shows each row's
    // parameters and the mass panel each source's fields in turn, so every state is read.
    void everyControlHasAName()
    {
        QFETCH(QString, language);
        QFETCH(int, tab);
        m_window->setLanguage(language);
        m_window->views()->setCurrentIndex(tab);
        QApplication::processEvents();
        QStringList problems;
        const auto check = [&] {
            QApplication::processEvents();
            QHash<std::pair<QWidget *, QString>, QStringList> siblings;
            for (QWidget *w : m_window->findChildren<QWidget *>()) {
                if (!isControl(w) || !w->isVisible())
                    continue;
                const QString name = accessibleName(w).trimmed();
                if (name.isEmpty())
                    problems << u"no name: " + where(w);
                else if (name.endsWith(u':'))
                    problems << u"colon: " + name + u" " + where(w);
                else
                    siblings[{w->parentWidget(),
                              QLatin1String(w->metaObject()->className()) + u'/' + name}]
                        << where(w);
            }
            for (auto it = siblings.cbegin(); it != siblings.cend(); ++it)
                if (it.value().size() > 1)
                    problems << u"shared name " + it.key().second + u": " +
                                    it.value().join(QStringLiteral(", "));
        };
        check();
        if (auto *strategies = m_window->findChild<StrategyPanel *>(); strategies && tab == 1)
            for (int row = 0; row < strategies->strategyCount(); ++row) {
                strategies->setCurrentRow(row);
                check();
            }
        if (auto *source = m_window->findChild<QComboBox *>(QStringLiteral("massSource"));
            source && tab == 3)
            for (int i = 0; i < source->count(); ++i) {
                source->setCurrentIndex(i);
                check();
            }
        problems.removeDuplicates();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    // Tab goes from the scenario on the left to the views in the centre, then the ledger and
    // the GPU panel on the right: the centre does not come last.
    void focusGoesLeftToRight()
    {
        const QList<QWidget *> regions = {
            m_window->findChild<QDockWidget *>(QStringLiteral("controlsDock")), m_window->views(),
            m_window->findChild<QDockWidget *>(QStringLiteral("ledgerDock")),
            m_window->findChild<QDockWidget *>(QStringLiteral("gpuDock"))};
        const auto regionOf = [&](QWidget *w) -> int {
            for (int i = 0; i < regions.size(); ++i)
                if (regions.at(i)->isAncestorOf(w))
                    return i;
            return -1;
        };
        QWidget *start = m_window->controls()->findChild<QComboBox *>();
        QVERIFY(start);
        QList<int> visited{0};
        QWidget *w = start;
        for (int i = 0; i < 2000; ++i) {
            w = w->nextInFocusChain();
            if (w == start)
                break;
            // As Qt's Tab does: a widget with a focus proxy is passed over.
            if (!(w->focusPolicy() & Qt::TabFocus) || w->focusProxy() || !w->isVisible() ||
                !w->isEnabled())
                continue;
            const int r = regionOf(w);
            if (r >= 0 && r != visited.last())
                visited << r;
        }
        QCOMPARE(visited, (QList<int>{0, 1, 2, 3}));
    }

    void chartsDescribeTheirNumbers()
    {
        for (int tab = 0; tab < m_window->views()->count(); ++tab) {
            m_window->views()->setCurrentIndex(tab);
            QApplication::processEvents();
        }
        static const QRegularExpression digit(QStringLiteral("\\d"));
        for (LedgerChart *c : m_window->charts()) {
            QCOMPARE(c->accessibleName(), c->title());
            QVERIFY2(c->accessibleDescription().contains(digit),
                     qPrintable(c->id() + u": " + c->accessibleDescription()));
        }
        // The memory chart says how many GPUs the seed needs and how much it holds.
        QVERIFY2(m_window->chart(QStringLiteral("memory"))
                     ->accessibleDescription()
                     .contains(QStringLiteral("6 GPUs to fit")),
                 qPrintable(m_window->chart(QStringLiteral("memory"))->accessibleDescription()));
        QVERIFY(m_window->chart(QStringLiteral("latency"))
                    ->accessibleDescription()
                    .contains(QStringLiteral("140 ms per token")));
    }

    // Within what is on screen at once (the menu bar, the docks, the current tab), no two
    // mnemonics share a letter, so Alt+letter always reaches its target.
    void mnemonicsDoNotClash_data() { everyControlHasAName_data(); }
    void mnemonicsDoNotClash()
    {
        QFETCH(QString, language);
        QFETCH(int, tab);
        m_window->setLanguage(language);
        m_window->views()->setCurrentIndex(tab);
        QApplication::processEvents();
        QHash<QChar, QStringList> users;
        for (QAction *a : m_window->menuBar()->actions())
            users[mnemonic(a->text())] << QStringLiteral("menu ") + a->text();
        for (QWidget *w : m_window->findChildren<QWidget *>()) {
            if (!w->isVisible())
                continue;
            if (const auto m = widgetMnemonic(w))
                users[m->first] << m->second + u" in " + where(w);
        }
        users.remove(QChar());
        QStringList clashes;
        for (auto it = users.cbegin(); it != users.cend(); ++it)
            if (it.value().size() > 1)
                clashes << QStringLiteral("Alt+%1: %2").arg(it.key(), it.value().join(u" | "));
        QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(u'\n')));
    }

    // Inside each menu no two items share a letter, and every letter is one a US keyboard types
    // (Alt+ç does nothing there).
    void menusHaveTheirOwnLetters_data() { altLetterOpensItsMenu_data(); }
    void menusHaveTheirOwnLetters()
    {
        QFETCH(QString, language);
        m_window->setLanguage(language);
        QApplication::processEvents();
        QStringList problems;
        QList<QMenu *> menus;
        QHash<QChar, QStringList> bar;
        for (QAction *a : m_window->menuBar()->actions()) {
            menus << a->menu();
            bar[mnemonic(a->text())] << a->text();
        }
        const auto report = [&](const QString &where, const QHash<QChar, QStringList> &letters) {
            for (auto it = letters.cbegin(); it != letters.cend(); ++it) {
                if (it.key().isNull())
                    continue;
                if (it.key().unicode() > 0x7f || !it.key().isLetterOrNumber())
                    problems << where + u": not a key: " + it.value().join(u", ");
                if (it.value().size() > 1)
                    problems << where + u": Alt+" + it.key() + u": " + it.value().join(u" | ");
            }
        };
        report(QStringLiteral("menu bar"), bar);
        while (!menus.isEmpty()) {
            QMenu *menu = menus.takeFirst();
            emit menu->aboutToShow(); // menus filled when opened
            QHash<QChar, QStringList> letters;
            for (QAction *a : menu->actions()) {
                if (a->isSeparator())
                    continue;
                if (a->menu())
                    menus << a->menu();
                letters[mnemonic(a->text())] << a->text();
            }
            report(menu->title(), letters);
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    }

    void altLetterOpensItsMenu_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addRow("en") << QStringLiteral("en");
        QTest::addRow("pt_BR") << QStringLiteral("pt_BR");
    }
    void altLetterOpensItsMenu()
    {
        QFETCH(QString, language);
        m_window->setLanguage(language);
        QApplication::processEvents();
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        for (QAction *a : m_window->menuBar()->actions()) {
            const QChar c = mnemonic(a->text());
            QVERIFY2(!c.isNull(), qPrintable(a->text()));
            QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget()
                                                        : m_window.get(),
                            Qt::Key(QKeySequence(QString(c.toUpper()))[0].key()), Qt::AltModifier);
            QTRY_VERIFY2(a->menu()->isVisible(), qPrintable(a->text()));
            a->menu()->close();
            QTRY_VERIFY(!a->menu()->isVisible());
        }
    }

    void undoRedoHaveMnemonics()
    {
        auto *undo = m_window->findChild<QAction *>(QStringLiteral("undo"));
        auto *redo = m_window->findChild<QAction *>(QStringLiteral("redo"));
        QVERIFY(!mnemonic(undo->text()).isNull());
        QVERIFY(!mnemonic(redo->text()).isNull());
        m_window->controller()->edit(QStringLiteral("Context length"),
                                     [](Scenario &s) { s.context = 128'000; });
        QCOMPARE(undo->text(), QStringLiteral("&Undo Context length"));
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QCOMPARE(m_window->controller()->scenario().context, Scenario::seed().context);
        QCOMPARE(redo->text(), QStringLiteral("&Redo Context length"));
        m_window->setLanguage(QStringLiteral("pt_BR"));
        QTRY_VERIFY2(redo->text().startsWith(QStringLiteral("&Refazer")), qPrintable(redo->text()));
    }

    // Ctrl+G brings the GPU panel forward; a second press keeps it there. It shares the screen
    // with the ledger.
    void ctrlGShowsTheGpuPanel()
    {
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("gpuDock"));
        dock->hide();
        for (int press = 0; press < 2; ++press) {
            QTest::keyClick(m_window.get(), Qt::Key_G, Qt::ControlModifier);
            QTRY_VERIFY(m_window->gpuPanel()->isVisible());
        }
    }

    void exportDialogLabelsHaveBuddies()
    {
        ExportDialog dialog(m_window->allCharts(), m_window->charts().first(), QDir::tempPath(),
                            m_window.get());
        for (QLabel *label : dialog.findChildren<QLabel *>()) {
            if (!label->text().contains(u'&'))
                continue;
            QVERIFY2(label->buddy(), qPrintable(label->text()));
            // Qt's button box may claim letters too.
        }
        QHash<QChar, QString> seen;
        for (QWidget *w : dialog.findChildren<QWidget *>())
            if (const auto m = widgetMnemonic(w)) {
                QVERIFY2(!seen.contains(m->first),
                         qPrintable(seen.value(m->first) + u" / " + m->second));
                seen.insert(m->first, m->second);
            }
    }

    // A focused chart and the focused ledger draw a frame the others do not.
    void focusIsVisible()
    {
        QList<QWidget *> targets;
        for (LedgerChart *c : m_window->charts())
            targets << c;
        targets << m_window->ledgerView()->focusTarget();
        for (QWidget *w : targets) {
            m_window->setFocus();
            QApplication::processEvents();
            const QImage before = w->grab().toImage();
            w->setFocus(Qt::TabFocusReason);
            QTRY_VERIFY(w->hasFocus());
            const QImage after = w->grab().toImage();
            QVERIFY2(before != after, qPrintable(where(w)));
        }
    }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
