// The window end to end, offscreen: sliders → controller → ledger and charts, files, undo,
// the tour, presentation mode and languages.
#include "capacity_panel.h"
#include "controls_panel.h"
#include "hf_config.h"
#include "input_limits.h"
#include "language.h"
#include "ledger_chart.h"
#include "ledger_text.h"
#include "ledger_view.h"
#include "main_window.h"
#include "pages.h"
#include "preset_problems.h"
#include "presets.h"
#include "scenario_controller.h"
#include "scenario_document.h"
#include "scenario_file.h"
#include "selectable_label.h"
#include "slider_field.h"
#include "test_window.h"
#include "tour.h"
#include "view_settings.h"
#include "weights.h"

#include <QApplication>
#include <QComboBox>
#include <QEnterEvent>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <QUndoStack>

using namespace kvl;
using kvl::test::seedWindow;

class TestMainWindow : public QObject
{
    Q_OBJECT
    std::unique_ptr<MainWindow> m_window;
    ScenarioController *controller() { return m_window->controller(); }
    SliderField *field(const char *name)
    {
        return m_window->controls()->field(QLatin1String(name));
    }

    // What a freshly built chart shows for the controller's scenario.
    static ChartTable expectedTable(LedgerChart *chart, const Scenario &s)
    {
        const Ledger l = evaluate(s);
        std::unique_ptr<LedgerChart> fresh(createChartLike(chart));
        fresh->setViewSettings(chart->viewSettings());
        fresh->updateFrom(s, l);
        return fresh->table();
    }
    static LedgerChart *createChartLike(LedgerChart *chart);

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        m_window = seedWindow({1400, 900});
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() { m_window.reset(); }

    // The ledger's datasheet-against-measured rows follow a measurement whichever tab is up.
    void measuredRowsOnEveryTab_data()
    {
        QTest::addColumn<int>("tab");
        for (int i = 0; i < pageIds().size(); ++i)
            QTest::addRow("%s", qPrintable(pageIds().at(i))) << i;
    }
    void measuredRowsOnEveryTab()
    {
        QFETCH(int, tab);
        m_window->views()->setCurrentIndex(tab);
        const QString row = QStringLiteral("Measured bandwidth");
        QVERIFY(!m_window->ledgerView()->plainText().contains(row));
        Scenario s = controller()->scenario();
        s.measured = MeasuredBandwidth{"cuda:0", "NVIDIA H100 SXM", 2.5e12, 2.6e12, 1 << 30, {}};
        controller()->replace(s, QStringLiteral("measured"));
        QVERIFY(m_window->ledgerView()->plainText().contains(row));
        controller()->undoStack()->undo();
        QVERIFY(!m_window->ledgerView()->plainText().contains(row));
    }

    // A restart comes back to the document it closed on: the scenario, its baseline, the tab and
    // the file's name; unsaved edits come back too, as Untitled.
    void restartKeepsTheDocument()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("talk.kvledger"));
        controller()->edit(QString(), [](Scenario &s) { s.gpus = 8; });
        Scenario base = Scenario::seed();
        base.kvPrecision = Precision::of(NumberFormat::FP8);
        controller()->setBaseline(base, [] { return QString(); });
        m_window->views()->setCurrentIndex(2);
        QVERIFY(m_window->saveScenario(path));
        m_window->document()->rememberSession();

        MainWindow again;
        again.document()->restoreSession();
        QCOMPARE(again.controller()->scenario(), controller()->scenario());
        QCOMPARE(again.controller()->baseline(), std::optional<Scenario>(base));
        QCOMPARE(again.views()->currentIndex(), 2);
        QCOMPARE(again.document()->path(), path);
        QVERIFY(!again.document()->isModified());
        QVERIFY2(again.windowTitle().startsWith(u"talk.kvledger"), qPrintable(again.windowTitle()));
        QCOMPARE(again.controller()->undoStack()->count(), 0);

        controller()->edit(QString(), [](Scenario &s) { s.context = 1000; });
        m_window->document()->rememberSession();
        MainWindow third;
        third.document()->restoreSession();
        QCOMPARE(third.controller()->scenario().context, 1000);
        QVERIFY(third.document()->path().isEmpty());
    }

    void opensOnTheSeed()
    {
        QCOMPARE(controller()->scenario(), Scenario::seed());
        QVERIFY(m_window->ledgerView()->displayedText().contains(
            QStringLiteral("2 × 80 × 8 × 128 × 2 = 327,680 B")));
        QCOMPARE(m_window->charts().size(), 4);
    }

    void slidersDriveLedgerAndCharts_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("sliderIndex");
        QTest::addRow("layers") << "layers" << 31; // 32 layers
        QTest::addRow("kv heads → MQA") << "kv_heads" << 0;
        QTest::addRow("kv heads → MHA") << "kv_heads" << 6; // divisors of 64: 1..64
        QTest::addRow("head dim") << "head_dim" << 3;       // 64
        QTest::addRow("kv precision fp8") << "kv_precision" << 3;
        QTest::addRow("context") << "context" << 10;
        QTest::addRow("gpus") << "gpus" << 7; // 8 GPUs
        QTest::addRow("batch") << "batch" << 15;
        QTest::addRow("efficiency") << "efficiency" << 15;   // 80 %
        QTest::addRow("query heads") << "query_heads" << 31; // 32: KV heads stay a divisor
    }
    void slidersDriveLedgerAndCharts()
    {
        QFETCH(QString, name);
        QFETCH(int, sliderIndex);
        SliderField *f = m_window->controls()->field(name);
        QVERIFY(f);
        QSignalSpy changed(controller(), &ScenarioController::changed);
        f->slider()->setValue(sliderIndex);
        QCOMPARE(changed.count(), 1);
        const Scenario &s = controller()->scenario();
        QCOMPARE(s.validate(), QString());
        QCOMPARE(f->value(), f->spinBox()->value());
        // The ledger is what core computes for the new scenario.
        const Ledger expected = evaluate(s);
        QCOMPARE(controller()->ledger().kvBytesPerToken, expected.kvBytesPerToken);
        QCOMPARE(controller()->ledger().secondsPerToken, expected.secondsPerToken);
        QCOMPARE(controller()->ledger().tpDegree, expected.tpDegree);
        const QString text = m_window->ledgerView()->displayedText();
        QVERIFY2(text.contains(bytesPerTokenFormula(s, expected, m_window->ledgerView()->units())),
                 qPrintable(text.left(200)));
        // Every chart shows what a fresh chart shows for that scenario.
        for (LedgerChart *c : m_window->charts()) {
            const ChartTable shown = c->table();
            const ChartTable want = expectedTable(c, s);
            QCOMPARE(shown.header, want.header);
            QCOMPARE(shown.rows, want.rows);
        }
        QVERIFY(controller()->modelIsCustom() ==
                (name == "layers" || name.contains("heads") || name == "head_dim"));
    }

    void typedEntry()
    {
        SliderField *context = field("context");
        context->spinBox()->selectAll();
        QTest::keyClicks(context->spinBox(), "128Ki");
        QTest::keyClick(context->spinBox(), Qt::Key_Enter);
        QCOMPARE(controller()->scenario().context, qint64(131072));
        SliderField *kv = field("kv_heads");
        kv->spinBox()->selectAll();
        QTest::keyClicks(kv->spinBox(), "5"); // not a divisor of 64: snaps to 4
        QTest::keyClick(kv->spinBox(), Qt::Key_Enter);
        QCOMPARE(controller()->scenario().model.kvHeads, 4);
    }

    void dragIsOneUndoStep()
    {
        const Scenario before = controller()->scenario();
        QSlider *slider = field("context")->slider();
        emit slider->sliderPressed();
        for (int i = 0; i < 20; ++i)
            slider->setValue(slider->value() - 1);
        emit slider->sliderReleased();
        QVERIFY(controller()->scenario().context < before.context);
        QCOMPARE(controller()->undoStack()->count(), 1);
        controller()->undoStack()->undo();
        QCOMPARE(controller()->scenario(), before);
        controller()->undoStack()->redo();
        QVERIFY(controller()->scenario().context < before.context);
        // Two separate clicks are two steps.
        field("gpus")->slider()->setValue(3);
        field("gpus")->slider()->setValue(5);
        QCOMPARE(controller()->undoStack()->count(), 3);
    }

    void saveOpenRoundTrip()
    {
        QTemporaryDir dir;
        field("gpus")->slider()->setValue(3);
        field("kv_precision")->slider()->setValue(3);
        const Scenario edited = controller()->scenario();
        const QString path = dir.filePath("a.kvledger");
        QVERIFY(m_window->saveScenario(path));
        QVERIFY(!m_window->isWindowModified());
        controller()->replace(Scenario::seed(), QString());
        QVERIFY(m_window->openScenario(path));
        QCOMPARE(controller()->scenario(), edited);
        QVERIFY(m_window->windowTitle().contains("a.kvledger"));
    }

    void badScenarioLeavesStateUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        QTest::addRow("garbage") << QByteArray("{not json") << "not valid JSON";
        QByteArray future = writeScenario(Scenario::seed());
        future.replace("\"version\": 3", "\"version\": 7");
        QTest::addRow("future version") << future << "version 7";
        QTest::addRow("missing") << QByteArray() << "No such file";
    }
    void badScenarioLeavesStateUntouched()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.kvledger");
        if (!content.isEmpty()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        field("gpus")->slider()->setValue(3);
        const Scenario before = controller()->scenario();
        const int undoCount = controller()->undoStack()->count();
        QVERIFY(!m_window->openScenario(path));
        QVERIFY2(m_window->lastError().contains(message), qPrintable(m_window->lastError()));
        QCOMPARE(controller()->scenario(), before);
        QCOMPARE(controller()->undoStack()->count(), undoCount);
    }

    void unwritableSaveReportsError()
    {
        QVERIFY(!m_window->saveScenario("/proc/kvledger/x.kvledger"));
        QVERIFY(m_window->lastError().contains("/proc/kvledger/x.kvledger"));
    }

    void importConfig()
    {
        QVERIFY(m_window->importConfig(QStringLiteral(KVL_TEST_DATA "/hf/gemma-2-9b.json")));
        QCOMPARE(controller()->scenario().model.headDim, 256);
        QVERIFY(controller()->scenario().weightsAsStored); // the checkpoint as published
        QVERIFY(!m_window->importConfig(QStringLiteral(KVL_TEST_DATA "/nonexistent.json")));
    }

    void resetAndPresets()
    {
        QComboBox *models = m_window->controls()->modelPicker();
        const int mistral = models->findData("mistral-7b-v0.1");
        QVERIFY(mistral >= 0);
        models->setCurrentIndex(mistral);
        emit models->activated(mistral);
        QCOMPARE(controller()->scenario().model.id, QStringLiteral("mistral-7b-v0.1"));
        QVERIFY(!controller()->modelIsCustom());
        field("layers")->slider()->setValue(10);
        QVERIFY(controller()->modelIsCustom());
        QCOMPARE(models->currentIndex(), models->count() - 1); // "Custom (edited)"
        controller()->replace(Scenario::seed(), QString());
        QCOMPARE(models->currentData().toString(), QStringLiteral("llama-3.1-70b"));
    }

    // Loading a scenario into the controls writes nothing back: a preset switch or Reset
    // restores every field the preset defines, in one undo step.
    void presetSwitchRestoresEveryField_data()
    {
        QTest::addColumn<QString>("from"); // a preset id, or a config file to import
        QTest::addColumn<QString>("to");   // a preset id, or "reset"
        QTest::addRow("DeepSeek-V3 → Llama 3.1 70B") << "deepseek-v3"
                                                     << "llama-3.1-70b";
        QTest::addRow("DeepSeek-V3 → Llama 3.1 8B") << "deepseek-v3"
                                                    << "llama-3.1-8b";
        QTest::addRow("DeepSeek-V3 → Reset") << "deepseek-v3"
                                             << "reset";
        QTest::addRow("import DeepSeek-V3 → Reset") << "deepseek-v3.json"
                                                    << "reset";
        QTest::addRow("import Qwen3 235B → Mistral 7B") << "qwen3-235b-a22b.json"
                                                        << "mistral-7b-v0.1";
        QTest::addRow("Llama 3.1 405B → Mixtral") << "llama-3.1-405b"
                                                  << "mixtral-8x7b";
    }
    void presetSwitchRestoresEveryField()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QComboBox *models = m_window->controls()->modelPicker();
        const auto pick = [models](const QString &id) {
            const int index = models->findData(id);
            QVERIFY2(index >= 0, qPrintable(id));
            models->setCurrentIndex(index);
            emit models->activated(index);
        };
        if (from.endsWith(u".json"))
            QVERIFY(m_window->importConfig(QStringLiteral(KVL_TEST_DATA "/hf/") + from));
        else
            pick(from);
        QCOMPARE(controller()->undoStack()->count(), 1);
        const Scenario before = controller()->scenario();

        QAction *reset = m_window->findChild<QAction *>(QStringLiteral("reset"));
        QVERIFY(reset);
        if (to == u"reset")
            reset->trigger();
        else
            pick(to);
        const ModelSpec expected =
            to == u"reset" ? Scenario::seed().model : *PresetLibrary::instance().model(to);
        QCOMPARE(controller()->undoStack()->count(), 2);
        QCOMPARE(controller()->scenario().model, expected);
        if (to == u"reset")
            QCOMPARE(controller()->scenario(), Scenario::seed());
        QVERIFY(!controller()->modelIsCustom());
        QCOMPARE(models->currentData().toString(), expected.id);
        QVERIFY(models->currentText() != u"Custom (edited)");
        QCOMPARE(field("kv_heads")->value(), expected.kvHeads);
        QCOMPARE(field("query_heads")->value(), expected.queryHeads);
        QCOMPARE(field("layers")->value(), expected.layers);
        QCOMPARE(field("head_dim")->value(), expected.headDim);
        if (expected.id == u"llama-3.1-70b")
            QCOMPARE(controller()->ledger().kvBytesPerToken, qint64(327'680));
        // One undo step back, one forward.
        controller()->undoStack()->undo();
        QCOMPARE(controller()->scenario(), before);
        controller()->undoStack()->redo();
        QCOMPARE(controller()->scenario().model, expected);
        QCOMPARE(controller()->undoStack()->count(), 2);
    }

    // An import is the model as published: named in the model box until a field is edited.
    void importIsNamedUntilEdited()
    {
        QComboBox *models = m_window->controls()->modelPicker();
        QVERIFY(m_window->importConfig(QStringLiteral(KVL_TEST_DATA "/hf/gemma-2-9b.json")));
        const QString name = controller()->scenario().model.name;
        QCOMPARE(models->currentIndex(), models->count() - 1);
        QCOMPARE(models->currentText(), QStringLiteral("%1 (imported)").arg(name));
        QVERIFY(!m_window->windowTitle().contains(u"(custom)"));
        field("layers")->spinBox()->setValue(10);
        QCOMPARE(models->currentText(), QStringLiteral("Custom (edited)"));
        QVERIFY(m_window->windowTitle().contains(u"(custom)"));
        QCOMPARE(controller()->scenario().model.id, QStringLiteral("custom"));
        controller()->undoStack()->undo();
        QCOMPARE(models->currentText(), QStringLiteral("%1 (imported)").arg(name));
        // Reset goes back to the seed's preset entry.
        m_window->findChild<QAction *>(QStringLiteral("reset"))->trigger();
        QCOMPARE(models->currentData().toString(), QStringLiteral("llama-3.1-70b"));
    }

    // A deployment that cannot run is drawn as a warning, with the nearest valid GPU count
    // one key press away.
    void invalidDeploymentIsAWarning_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<qint64>("context");
        QTest::addColumn<int>("batch");
        QTest::addRow("1024 GPUs on 64 heads") << 1024 << qint64(1'000'000) << 1;
        QTest::addRow("seed: 1 GPU, does not fit") << 1 << qint64(1'000'000) << 1;
        QTest::addRow("3 GPUs: not a TP degree") << 3 << qint64(1'000'000) << 1;
        QTest::addRow("8 GPUs: runs") << 8 << qint64(1'000'000) << 1;
        QTest::addRow("2 GPUs at 8k: runs") << 2 << qint64(8'000) << 1;
        QTest::addRow("nothing fits") << 1024 << limits::maxContext << limits::maxBatch;
    }
    void invalidDeploymentIsAWarning()
    {
        QFETCH(int, gpus);
        QFETCH(qint64, context);
        QFETCH(int, batch);
        controller()->edit(QString(), [&](Scenario &s) {
            s.gpus = gpus;
            s.context = context;
            s.batch = batch;
        });
        controller()->undoStack()->clear();
        const Scenario s = controller()->scenario();
        const Ledger l = evaluate(s);
        const bool broken = !l.fits || !l.validTpDegree;
        QList<LedgerRow> rows = ledgerRows(s, l, m_window->ledgerView()->units());
        QStringList warned;
        for (const LedgerRow &r : rows)
            if (r.warning)
                warned << r.key;
        QCOMPARE(warned.isEmpty(), !broken);

        // Rows core marks are drawn as warnings, not in the grey small print of a note.
        QStringList drawn;
        for (QFrame *f : m_window->ledgerView()->findChildren<QFrame *>())
            if (f->isVisibleTo(m_window->ledgerView()) && f->property("warning").toBool()) {
                drawn << f->property("ledgerKey").toString();
                for (QLabel *label : f->findChildren<QLabel *>()) {
                    if (label->text().isEmpty())
                        continue;
                    QVERIFY(label->foregroundRole() != QPalette::PlaceholderText);
                    QVERIFY(label->font().bold());
                }
            }
        QCOMPARE(drawn, warned);

        auto *banner = m_window->ledgerView()->findChild<QWidget *>("deploymentWarning");
        QVERIFY(banner);
        QCOMPARE(banner->isVisibleTo(m_window.get()), broken);
        auto *use = m_window->ledgerView()->findChild<QPushButton *>("useTpDegree");
        QVERIFY(use);
        QCOMPARE(use->isVisibleTo(m_window.get()), broken && l.tpDegree > 0);
        if (!broken || l.tpDegree == 0)
            return;
        QVERIFY2(use->text().contains(QStringLiteral("Use %1 GPUs").arg(l.tpDegree)),
                 qPrintable(use->text()));
        // Keyboard: Tab reaches it, Space presses it; one undo step.
        QVERIFY(use->focusPolicy() & Qt::TabFocus);
        use->setFocus();
        QTest::keyClick(use, Qt::Key_Space);
        QCOMPARE(controller()->scenario().gpus, l.tpDegree);
        QCOMPARE(controller()->undoStack()->count(), 1);
        QVERIFY(controller()->ledger().fits && controller()->ledger().validTpDegree);
        QVERIFY(!banner->isVisibleTo(m_window.get()));
        controller()->undoStack()->undo();
        QCOMPARE(controller()->scenario().gpus, gpus);
        QVERIFY(banner->isVisibleTo(m_window.get()));
    }

    // What an import assumed stays beside the model; the status bar repeats none of it, and
    // names the weight precision core computes.
    void importNotesBesideTheModel_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addRow("Gemma 2 9B") << "gemma-2-9b.json";
        QTest::addRow("gpt-oss-120b (mxfp4)") << "gpt-oss-120b.json";
        QTest::addRow("DeepSeek-V3 (fp8)") << "deepseek-v3.json";
        QTest::addRow("Qwen2.5 72B AWQ") << "qwen2.5-72b-awq.json";
    }
    void importNotesBesideTheModel()
    {
        QFETCH(QString, file);
        const QString path = QStringLiteral(KVL_TEST_DATA "/hf/") + file;
        QString why;
        const auto imported = importHfConfigFile(path, &why);
        QVERIFY2(imported, qPrintable(why));
        QVERIFY(!imported->model.notes.isEmpty());
        auto *notes = m_window->controls()->findChild<QLabel *>(QStringLiteral("modelNotes"));
        QVERIFY(notes);
        QVERIFY(!notes->isVisibleTo(m_window.get())); // the seed has none

        QVERIFY(m_window->importConfig(path));
        const Scenario &s = controller()->scenario();
        QVERIFY(s.weightsAsStored); // the checkpoint as published
        QVERIFY(notes->isVisibleTo(m_window.get()));
        QVERIFY(notes->wordWrap());
        for (const QString &note : imported->model.notes) {
            QVERIFY2(s.model.notes.contains(note), qPrintable(note));
            QVERIFY2(notes->text().contains(note), qPrintable(note));
            QVERIFY2(!m_window->statusBar()->currentMessage().contains(note), qPrintable(note));
        }
        const QString message = m_window->statusBar()->currentMessage();
        QVERIFY2(message.contains(weightPrecisionLabel(s)), qPrintable(message));

        // Another model: its own notes (none); undo brings the import's back.
        QComboBox *models = m_window->controls()->modelPicker();
        const int mistral = models->findData("mistral-7b-v0.1");
        models->setCurrentIndex(mistral);
        emit models->activated(mistral);
        QVERIFY(!notes->isVisibleTo(m_window.get()));
        controller()->undoStack()->undo();
        QVERIFY(notes->isVisibleTo(m_window.get()));
        QVERIFY(notes->text().contains(imported->model.notes.first()));
    }

    void tourVisitsEveryStep()
    {
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_window->startTour();
        TourPanel *tour = m_window->tour();
        QVERIFY(tour->stepCount() >= 12);
        const QList<TourStep> steps = seedTourSteps();
        for (int i = 0; i < steps.size(); ++i) {
            QCOMPARE(tour->step(), i);
            Scenario expected = Scenario::seed();
            steps.at(i).apply(expected);
            QCOMPARE(controller()->scenario(), expected);
            QCOMPARE(m_window->ledgerView()->highlighted(), steps.at(i).ledgerKey);
            QTest::keyClick(m_window.get(), Qt::Key_Right, Qt::AltModifier);
        }
        QVERIFY(!tour->isRunning());
        QVERIFY(!m_window->tour()->isVisible()); // Alt+Right past the last step finishes
        m_window->startTour();
        tour->goTo(11);
        QTest::keyClick(m_window.get(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(tour->step(), 10);
        QCOMPARE(controller()->scenario().gpus, 8); // "Eight GPUs"
    }

    // The window's type only (dialogs keep theirs), back to normal on leaving.
    void presentationMode()
    {
        const qreal before = QApplication::font().pointSizeF();
        m_window->setPresentationMode(true);
        QVERIFY(m_window->font().pointSizeF() > before * 1.4);
        QCOMPARE(QApplication::font().pointSizeF(), before);
        for (LedgerChart *c : m_window->charts())
            QVERIFY(c->presentation());
        m_window->setPresentationMode(false);
        QCOMPARE(m_window->font().pointSizeF(), before);
    }

    void languageSwitchAtRunTime()
    {
        QMenu *file = m_window->menuBar()->findChildren<QMenu *>().first();
        const QString english = file->title();
        m_window->setLanguage("pt_BR");
        QCOMPARE(language::current(), QStringLiteral("pt_BR"));
        // Qt posts LanguageChange to each window.
        QTRY_COMPARE(file->title(), QStringLiteral("&Arquivo"));
        QVERIFY(m_window->ledgerView()->displayedText().contains("por token"));
        m_window->setLanguage("en");
        QTRY_COMPARE(file->title(), english);
    }

    // User presets that did not load are named in the status bar, not skipped in silence: the
    // loader's messages in the tooltip, a count that follows the language.
    void brokenPresetsAreShown()
    {
        auto *problems = m_window->statusBar()->findChild<PresetProblems *>("presetProblems");
        QVERIFY(problems);
        QCOMPARE(problems->isVisibleTo(m_window.get()), false); // the bundled ones all load
        const QStringList errors{"models/a.json: layers: expected a whole number",
                                 "gpus/b.json: not valid JSON at byte 3"};
        problems->setErrors(errors);
        QVERIFY(problems->isVisibleTo(m_window.get()));
        QVERIFY2(problems->text().contains("User presets not loaded: 2"),
                 qPrintable(problems->text()));
        QCOMPARE(problems->toolTip(), errors.join('\n'));
        m_window->setLanguage("pt_BR");
        QTRY_VERIFY2(!problems->text().contains("not loaded"), qPrintable(problems->text()));
        m_window->setLanguage("en");
    }

    // Every chart's axis numbers in the language's notation, also after a switch at run time.
    void chartNumbersFollowTheLanguage_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("tenThousand");
        QTest::addRow("pt_BR") << "pt_BR"
                               << "10.000";
        QTest::addRow("en") << "en"
                            << "10,000";
    }
    void chartNumbersFollowTheLanguage()
    {
        QFETCH(QString, code);
        QFETCH(QString, tenThousand);
        m_window->setLanguage(code);
        QVERIFY(!m_window->allCharts().isEmpty());
        for (LedgerChart *c : m_window->allCharts()) {
            QTRY_COMPARE(c->chart()->locale(), QLocale(code));
            QVERIFY(c->chart()->localizeNumbers());
            QCOMPARE(c->chart()->locale().toString(10000), tenThousand);
        }
        m_window->setLanguage("en");
        for (LedgerChart *c : m_window->allCharts())
            QTRY_COMPARE(c->chart()->locale(), QLocale("en"));
    }

    // The ledger's figures turn selectable under the pointer (SelectableLabel: a selectable
    // label costs a text document on every slider step), and turning so moves nothing.
    void ledgerFiguresSelectableUnderThePointer_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("baseline");
        QTest::addColumn<int>("width");
        QTest::addRow("seed") << QString() << false << 1400;
        QTest::addRow("with a baseline") << QString() << true << 1400;
        QTest::addRow("narrow, with a baseline") << QString() << true << 900;
        // A row per kind of layer, and a longer formula.
        QTest::addRow("hybrid, wide") << "gemma-3-27b" << false << 1900;
        QTest::addRow("hybrid, narrow, with a baseline") << "gemma-3-27b" << true << 900;
    }
    void ledgerFiguresSelectableUnderThePointer()
    {
        QFETCH(QString, model);
        QFETCH(bool, baseline);
        QFETCH(int, width);
        if (!model.isEmpty()) {
            Scenario s = controller()->scenario();
            s.model = *PresetLibrary::instance().model(model);
            controller()->replace(s, QString());
        }
        if (baseline) {
            Scenario fp8 = controller()->scenario();
            fp8.kvPrecision = Precision::of(NumberFormat::FP8);
            controller()->setBaseline(fp8, [] { return QString(); });
        }
        m_window->resize(width, 900);
        for (int round = 0; round < 5; ++round) // wrapped rows settle over a few layouts
            QApplication::processEvents();
        LedgerView *view = m_window->ledgerView();
        const auto placed = [view] {
            QList<QRect> rects;
            for (const QLabel *l : view->findChildren<QLabel *>())
                if (l->isVisibleTo(view))
                    rects << QRect(l->mapTo(view, QPoint()), l->size());
            return rects;
        };
        const QList<QRect> before = placed();
        int figures = 0;
        for (SelectableLabel *l : view->findChildren<SelectableLabel *>()) {
            if (!l->isVisibleTo(view) || l->text().isEmpty())
                continue;
            ++figures;
            QVERIFY(!l->isSelectable());
            const QImage plain = l->grab().toImage();
            const QPointF at(1, 1);
            QEnterEvent enter(at, at, l->mapToGlobal(at));
            QApplication::sendEvent(l, &enter);
            QVERIFY2(l->isSelectable(), qPrintable(l->text()));
            QCOMPARE(l->grab().toImage(), plain); // it looks the same
            l->setSelection(0, 1);
            QCOMPARE(l->selectedText(), l->text().left(1));
            QApplication::sendPostedEvents();
            QCOMPARE(placed(), before);
            QEvent leave(QEvent::Leave);
            QApplication::sendEvent(l, &leave);
            QVERIFY(!l->isSelectable());
            QApplication::sendPostedEvents();
            QCOMPARE(placed(), before);
        }
        // Every row's figure, and with a baseline its twin and the change.
        QVERIFY2(figures >= (baseline ? 30 : 10), qPrintable(QString::number(figures)));
    }

    // During a drag the ledger's figures keep their sizes (PinnedLabels: no layout pass per
    // step); each shows the figure of the step, and when the drag ends the ledger is laid out as
    // if there had been none.
    void ledgerSettlesAfterADrag_data()
    {
        QTest::addColumn<bool>("baseline");
        QTest::addColumn<qint64>("last");
        QTest::addRow("figures that fit") << false << qint64(1'000'900);
        // From 1,000,000 tokens to 2,000: shorter figures, and "does not fit" notes gone.
        QTest::addRow("shorter figures, with a baseline") << true << qint64(2'000);
        QTest::addRow("longer figures") << false << qint64(9'000'000);
    }
    void ledgerSettlesAfterADrag()
    {
        QFETCH(bool, baseline);
        QFETCH(qint64, last);
        const auto withBaseline = [baseline](MainWindow *w) {
            if (!baseline)
                return;
            Scenario fp8 = w->controller()->scenario();
            fp8.kvPrecision = Precision::of(NumberFormat::FP8);
            w->controller()->setBaseline(fp8, [] { return QString(); });
        };
        const auto settle = [] {
            for (int round = 0; round < 5; ++round) // wrapped rows settle over a few layouts
                QApplication::processEvents();
        };
        const auto placed = [](const LedgerView *view) {
            QList<QPair<QRect, QString>> labels;
            for (const QLabel *l : view->findChildren<QLabel *>())
                if (l->isVisibleTo(view))
                    labels << qMakePair(QRect(l->mapTo(view, QPoint()), l->size()), l->text());
            return labels;
        };
        withBaseline(m_window.get());
        settle();
        ScenarioController *c = controller();
        c->beginInteractive();
        const qint64 first = c->scenario().context;
        for (int step = 1; step <= 4; ++step) {
            const qint64 context = first + (last - first) * step / 4;
            c->edit(QStringLiteral("Context"), [context](Scenario &s) { s.context = context; });
            QApplication::processEvents();
            // Every figure of the step is shown.
            const QString shown = m_window->ledgerView()->displayedText();
            for (const LedgerRow &r : ledgerRows(c->scenario(), c->ledger(), ByteUnits::SI))
                QVERIFY2(shown.contains(r.value), qPrintable(r.value));
        }
        c->endInteractive();
        settle();

        auto fresh = seedWindow(m_window->size());
        QVERIFY(QTest::qWaitForWindowExposed(fresh.get()));
        withBaseline(fresh.get()); // the baseline as the drag's was: at the first context
        Scenario s = fresh->controller()->scenario();
        s.context = last;
        fresh->controller()->replace(s, QString());
        settle();
        QCOMPARE(placed(m_window->ledgerView()), placed(fresh->ledgerView()));
    }

    // A row that stops (or starts) warning during a drag changes colour at once; its icon and
    // bold note, which change its size, follow when the drag ends.
    void warningRowsKeepTheirSizeDuringADrag()
    {
        ScenarioController *c = controller();
        QApplication::processEvents();
        const auto row = [this](const char *key) {
            for (auto *f : m_window->ledgerView()->findChildren<QFrame *>())
                if (f->property("ledgerKey").toString() == QLatin1String(key))
                    return f;
            return static_cast<QFrame *>(nullptr);
        };
        QFrame *time = row("seconds_per_token");
        QVERIFY(time);
        QVERIFY(time->property("warning").toBool()); // 1 GPU: the seed does not fit
        const auto icon = [time] {
            for (auto *l : time->findChildren<QLabel *>())
                if (!l->pixmap().isNull())
                    return l->isVisibleTo(time);
            return false;
        };
        QVERIFY(icon());
        c->beginInteractive();
        QApplication::processEvents();
        c->edit(QStringLiteral("GPU count"), [](Scenario &s) { s.gpus = 8; });
        QApplication::processEvents();
        QVERIFY(!time->property("warning").toBool());
        QVERIFY(icon());
        c->endInteractive();
        QApplication::processEvents();
        QVERIFY(!icon());
    }

    // A selection in use outlives the pointer: the focus keeps it, and so does the context menu
    // that copies it.
    void selectionInUseStaysSelectable()
    {
        QWidget window;
        auto *label = new SelectableLabel(&window);
        label->setText(QStringLiteral("327,680 B"));
        auto *other = new QLabel(&window);
        window.show();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const QPointF at(1, 1);
        const auto hover = [&] {
            QEnterEvent enter(at, at, label->mapToGlobal(at));
            QApplication::sendEvent(label, &enter);
        };
        const auto leave = [&] {
            QEvent e(QEvent::Leave);
            QApplication::sendEvent(label, &e);
        };
        hover();
        label->setFocus(Qt::MouseFocusReason);
        leave();
        QVERIFY(label->isSelectable());
        other->setFocusPolicy(Qt::StrongFocus);
        other->setFocus();
        QVERIFY(!label->isSelectable());

        // A right click focuses the label, then its menu pops up.
        hover();
        label->setFocus(Qt::MouseFocusReason);
        QMenu menu;
        menu.addAction(QStringLiteral("Copy"));
        menu.popup(label->mapToGlobal(QPoint(2, 2)));
        QTRY_VERIFY(QApplication::activePopupWidget());
        leave();
        QVERIFY(label->isSelectable());
        menu.close();
        other->setFocus();
        QVERIFY(!label->isSelectable());
    }

    void unitsSwitch()
    {
        // The ledger's units box edits the window's one setting; every view reads it.
        auto *box = m_window->ledgerView()->findChild<QComboBox *>(QStringLiteral("unitsBox"));
        QVERIFY(box);
        box->setCurrentIndex(1);
        emit box->activated(1);
        QCOMPARE(m_window->viewSettings()->units(), ByteUnits::Binary);
        QVERIFY(m_window->ledgerView()->displayedText().contains("320 KiB"));
        for (LedgerChart *c : m_window->allCharts())
            QCOMPARE(c->units(), ByteUnits::Binary);
        auto *capacity = m_window->findChild<CapacityPanel *>();
        QVERIFY(capacity);
        QVERIFY(capacity->table()->item(0, 1)->text().endsWith(QLatin1String("GiB")));
        m_window->viewSettings()->setUnits(ByteUnits::SI);
        QCOMPARE(box->currentIndex(), 0);
        QVERIFY(capacity->table()->item(0, 1)->text().endsWith(QLatin1String(" GB")));
    }
};

#include "chart_factory.h"
LedgerChart *TestMainWindow::createChartLike(LedgerChart *chart)
{
    return createChart(chart->id(), nullptr);
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
