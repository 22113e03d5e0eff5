// The scenario controls on their own: what an edit writes into the scenario, what a loaded
// scenario shows, and the ranges the fields offer.
#include "controls_panel.h"
#include "engine_prediction.h"
#include "input_limits.h"
#include "ledger_text.h"
#include "pinned_labels.h"
#include "presets.h"
#include "scenario_controller.h"
#include "slider_field.h"
#include "weights.h"
#include "wrapped_label.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QTest>
#include <QUndoStack>
#include <QVBoxLayout>

using namespace kvl;

class TestControls : public QObject
{
    Q_OBJECT
    std::unique_ptr<ScenarioController> m_controller;
    std::unique_ptr<ControlsPanel> m_panel;

    SliderField *field(const QString &name) const { return m_panel->field(name); }
    QComboBox *weightBox() const
    {
        return m_panel->findChild<QComboBox *>(QStringLiteral("weightPrecision"));
    }
    QString weightNote() const
    {
        for (const LedgerRow &r :
             ledgerRows(m_controller->scenario(), m_controller->ledger(), ByteUnits::SI))
            if (r.key == u"weight_bytes")
                return r.note;
        return {};
    }
    void pickModel(const QString &id)
    {
        QComboBox *models = m_panel->modelPicker();
        const int index = models->findData(id);
        QVERIFY2(index >= 0, qPrintable(id));
        models->setCurrentIndex(index);
        emit models->activated(index);
    }
    void pickWeights(int index)
    {
        QComboBox *box = weightBox();
        box->setCurrentIndex(index);
        emit box->activated(index);
    }

private slots:
    void wrappedLabelHeight_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addRow("one word") << QStringLiteral("GiB");
        QTest::addRow("a note") << QStringLiteral(
            "8 GPUs hold the bytes; a TP degree must divide 64 query heads and match 8 KV heads");
        QTest::addRow("pt_BR") << QStringLiteral(
            "Topo considerado (fração dos blocos) em cada camada, medido antes de escolher");
    }

    void wrappedLabelHeight()
    {
        // The remembered height is QLabel's own, for every width and after anything it reads
        // changes: the text, the font, the margins, the minimum width, the wrapping.
        QFETCH(QString, text);
        WrappedLabel wrapped;
        QLabel plain;
        for (QLabel *l : {static_cast<QLabel *>(&wrapped), &plain}) {
            l->setWordWrap(true);
            l->setText(text);
        }
        // Each check starts at the width the last one ended with: what the label remembers.
        const auto same = [&] {
            for (int width : {200, 60, 600, 200})
                if (wrapped.heightForWidth(width) != plain.heightForWidth(width))
                    return false;
            return true;
        };
        QVERIFY(same());
        for (QLabel *l : {static_cast<QLabel *>(&wrapped), &plain})
            l->setText(text + u' ' + text);
        QVERIFY(same());
        QFont big = plain.font();
        big.setPointSizeF(big.pointSizeF() * 2);
        for (QLabel *l : {static_cast<QLabel *>(&wrapped), &plain})
            l->setFont(big);
        QVERIFY(same());
        for (QLabel *l : {static_cast<QLabel *>(&wrapped), &plain}) {
            l->setMargin(7);
            l->setIndent(11);
            l->setContentsMargins(3, 5, 3, 5);
        }
        QVERIFY(same());
        for (QLabel *l : {static_cast<QLabel *>(&wrapped), &plain})
            l->setMinimumWidth(400);
        QVERIFY(same());
        for (QLabel *l : {static_cast<QLabel *>(&wrapped), &plain})
            l->setWordWrap(false);
        QVERIFY(same());
    }

    void pinnedLabelKeepsItsPlace_data()
    {
        QTest::addColumn<bool>("wrap");
        QTest::addColumn<bool>("button");
        QTest::addRow("one line") << false << false;
        QTest::addRow("wrapped") << true << false;
        QTest::addRow("button") << false << true;
    }

    void pinnedLabelKeepsItsPlace()
    {
        // A pinned label takes a text that fits without asking its layout for a pass; one that
        // does not fit grows to fit it (one pass), and then takes the shorter texts again
        // without one. Released, it has its own size limits back.
        QFETCH(bool, wrap);
        QFETCH(bool, button);
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *label = new WrappedLabel(&window);
        auto *push = new QPushButton(&window);
        QWidget *widget = button ? static_cast<QWidget *>(push) : label;
        const auto setText = [&](PinnedLabels &pins, const QString &text) {
            if (button)
                pins.setText(push, text);
            else
                pins.setText(label, text);
        };
        const auto text = [&] { return button ? push->text() : label->text(); };
        label->setWordWrap(wrap);
        label->setText(QStringLiteral("327,680 B per token, 2 × 80 × 8 × 128 × 2"));
        push->setText(QStringLiteral("Use 8 GPUs"));
        widget->setMinimumWidth(40);
        layout->addWidget(label);
        layout->addWidget(push, 0, Qt::AlignLeft);
        layout->addStretch(1);
        window.resize(400, 300);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QSize minimum = widget->minimumSize(), maximum = widget->maximumSize();
        const QRect at = widget->geometry();

        struct LayoutRequests : QObject
        {
            int count = 0;
            bool eventFilter(QObject *, QEvent *e) override
            {
                count += e->type() == QEvent::LayoutRequest;
                return false;
            }
        } requests;
        PinnedLabels pins;
        pins.pin(widget); // asks for one pass, as the drag begins
        QVERIFY(pins.isPinned(widget));
        QApplication::processEvents();
        window.installEventFilter(&requests);
        const QString shorter =
            button ? QStringLiteral("Use 1 GPU") : QStringLiteral("40,960 B per token");
        setText(pins, shorter);
        QApplication::processEvents();
        QCOMPARE(requests.count, 0);
        QCOMPARE(widget->geometry(), at);
        QCOMPARE(text(), shorter);

        const QString longer =
            button ? QStringLiteral("Use the 128 GPUs of the whole pod, TP 8 × PP 16")
                   : QStringLiteral("2,621,440 B per token: 64 KV heads instead of 8, "
                                    "every one of 80 layers, K and V, at fp16");
        setText(pins, longer);
        QVERIFY(pins.isPinned(widget));
        QTRY_VERIFY(requests.count > 0); // its layout lays it out again, once
        if (wrap)
            QTRY_VERIFY(widget->height() > at.height());
        else
            QTRY_VERIFY(widget->width() > at.width());
        const QRect grown = widget->geometry();
        QApplication::processEvents();
        requests.count = 0;
        setText(pins, shorter); // the room stays while the drag lasts
        QApplication::processEvents();
        QCOMPARE(requests.count, 0);
        QCOMPARE(widget->geometry(), grown);

        pins.release();
        QVERIFY(!pins.isPinned(widget));
        QCOMPARE(widget->minimumSize(), minimum);
        QCOMPARE(widget->maximumSize(), maximum);
    }

    void init()
    {
        m_controller = std::make_unique<ScenarioController>(Scenario::seed());
        m_panel = std::make_unique<ControlsPanel>(m_controller.get());
        m_panel->resize(400, 1200);
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
    }
    void cleanup()
    {
        m_panel.reset();
        m_controller.reset();
    }

    // A shape edit invalidates a published parameter count; other edits keep it.
    void shapeEditReestimatesParameters_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("value");
        QTest::addColumn<bool>("reestimates");
        QTest::addRow("layers 1") << "layers" << 1 << true;
        QTest::addRow("query heads 32") << "query_heads" << 32 << true;
        QTest::addRow("kv heads 64 (MHA)") << "kv_heads" << 64 << true;
        QTest::addRow("head dim 64") << "head_dim" << 64 << true;
        QTest::addRow("gpus 8") << "gpus" << 8 << false;
        QTest::addRow("batch 4") << "batch" << 4 << false;
        QTest::addRow("context 128k") << "context" << 128'000 << false;
    }
    void shapeEditReestimatesParameters()
    {
        QFETCH(QString, name);
        QFETCH(int, value);
        QFETCH(bool, reestimates);
        const double published = m_controller->scenario().model.totalParameters;
        QCOMPARE(published, 70'553'706'496.0);
        auto *count = m_panel->findChild<QLabel *>(QStringLiteral("modelParameters"));
        QVERIFY(count);
        QVERIFY(count->isVisibleTo(m_panel.get()));
        QVERIFY2(!count->text().contains(u"estimated"), qPrintable(count->text()));

        field(name)->spinBox()->setValue(value); // as typed: emits the edit
        const ModelSpec &m = m_controller->scenario().model;
        QCOMPARE(m_controller->undoStack()->count(), 1);
        if (reestimates) {
            QCOMPARE(m.totalParameters, 0.0);
            QCOMPARE(m.activeParameters, 0.0);
            QVERIFY(m.parametersEstimated());
            QCOMPARE(m.parameters(), m.estimateParameters());
            QVERIFY(weightNote().contains(u"(estimated from the shape)"));
            QVERIFY2(count->text().contains(u"estimated"), qPrintable(count->text()));
            QVERIFY2(count->text().contains(formatInteger(m.parameters())),
                     qPrintable(count->text()));
        } else {
            QCOMPARE(m.totalParameters, published);
            QVERIFY(!weightNote().contains(u"estimated"));
            QVERIFY(!count->text().contains(u"estimated"));
        }
        // One undo step brings the published count back.
        m_controller->undoStack()->undo();
        QCOMPARE(m_controller->scenario(), Scenario::seed());
        QVERIFY(!count->text().contains(u"estimated"));
    }

    void oneLayerIsNotSeventyBillion()
    {
        field(QStringLiteral("layers"))->spinBox()->setValue(1);
        const ModelSpec &m = m_controller->scenario().model;
        QVERIFY(m.parameters() < 10e9); // embeddings and one layer, not 70,553,706,496
        QVERIFY(!weightNote().contains(formatNumber(70'553'706'496.0, 4)));
    }

    // Every slider reaches the limits core accepts; the spin boxes take exactly those.
    void rangesFollowInputLimits_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("lo");
        QTest::addColumn<int>("hi");
        QTest::addRow("layers") << "layers" << 1 << limits::maxLayers;
        QTest::addRow("query heads") << "query_heads" << 1 << limits::maxHeads;
        QTest::addRow("head dim") << "head_dim" << 16 << limits::maxHeadDim;
        QTest::addRow("context") << "context" << 1000 << int(limits::maxContext);
        QTest::addRow("gpus") << "gpus" << 1 << limits::maxGpus;
        QTest::addRow("batch") << "batch" << 1 << limits::maxBatch;
    }
    void rangesFollowInputLimits()
    {
        QFETCH(QString, name);
        QFETCH(int, lo);
        QFETCH(int, hi);
        SliderField *f = field(name);
        QVERIFY(f);
        QCOMPARE(f->spinBox()->maximum(), hi);
        QSlider *slider = f->slider();
        slider->setValue(slider->maximum());
        QCOMPARE(f->value(), hi);
        slider->setValue(slider->minimum());
        QCOMPARE(f->value(), lo);
        QCOMPARE(m_controller->scenario().validate(), QString());
    }

    void kvHeadsRangeIsTheQueryHeads()
    {
        SliderField *kv = field(QStringLiteral("kv_heads"));
        QCOMPARE(kv->spinBox()->maximum(), 64);
        pickModel(QStringLiteral("llama-3.1-405b"));
        QCOMPARE(kv->spinBox()->maximum(), 128);
        QCOMPARE(kv->value(), 8);
    }

    // The first entry is the checkpoint as stored; a format costs every part at that format.
    void weightPrecisionEntries_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addRow("Llama 3.1 70B, bf16") << "llama-3.1-70b";
        QTest::addRow("DeepSeek-V3, fp8") << "deepseek-v3";
        QTest::addRow("Mixtral 8x7B") << "mixtral-8x7b";
    }
    void weightPrecisionEntries()
    {
        QFETCH(QString, model);
        QComboBox *box = weightBox();
        QVERIFY(box);
        // The seed keeps the article's fp16 for every part.
        QVERIFY(!m_controller->scenario().weightsAsStored);
        QCOMPARE(box->currentText(), QStringLiteral("fp16"));
        pickModel(model);
        const Scenario &s = m_controller->scenario();
        QVERIFY(s.weightsAsStored); // a preset is the checkpoint as published
        QCOMPARE(m_controller->undoStack()->count(), 1);
        QCOMPARE(box->currentIndex(), 0);
        QCOMPARE(box->itemText(0), QStringLiteral("As stored (%1)").arg(weightPrecisionLabel(s)));
        QCOMPARE(box->count(), 1 + Precision::allFormats().size());
        for (int i = 0; i < Precision::allFormats().size(); ++i)
            QCOMPARE(box->itemText(i + 1), Precision::of(Precision::allFormats().at(i)).label());
    }

    void weightPrecisionEditsAndUndo()
    {
        QComboBox *box = weightBox();
        QVERIFY(box);
        const int int4 = box->findText(Precision::of(NumberFormat::INT4).label());
        QVERIFY(int4 > 0);
        pickWeights(0);
        QVERIFY(m_controller->scenario().weightsAsStored);
        QCOMPARE(weightPrecisionLabel(m_controller->scenario()), QStringLiteral("bf16"));
        pickWeights(int4);
        QVERIFY(!m_controller->scenario().weightsAsStored);
        QCOMPARE(m_controller->scenario().weightPrecision, Precision::of(NumberFormat::INT4));
        pickWeights(int4); // no change, no step
        QCOMPARE(m_controller->undoStack()->count(), 2);
        // The box follows undo, redo and a replaced (opened) scenario.
        m_controller->undoStack()->undo();
        QCOMPARE(box->currentIndex(), 0);
        m_controller->undoStack()->undo();
        QCOMPARE(box->currentText(), QStringLiteral("fp16"));
        m_controller->undoStack()->redo();
        QCOMPARE(box->currentIndex(), 0);
        Scenario opened = Scenario::seed();
        opened.weightPrecision = Precision::of(NumberFormat::FP8);
        m_controller->replace(opened, QString());
        QCOMPARE(box->currentText(), QStringLiteral("fp8"));
        // Keyboard: the box takes focus and steps with the arrow keys.
        QVERIFY(box->focusPolicy() & Qt::TabFocus);
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Down);
        QCOMPARE(m_controller->scenario().weightPrecision,
                 Precision::of(Precision::allFormats().at(box->currentIndex() - 1)));
    }

    // The serving engine: none (the floor alone) first, then each engine with fitted constants;
    // a pick is one undoable edit, the ledger gains the calibrated time, and a loaded scenario's
    // engine shows.
    void servingEngine()
    {
        auto *box = m_panel->findChild<QComboBox *>(QStringLiteral("engine"));
        QVERIFY(box);
        QCOMPARE(box->count(), 1 + calibratedEngines().size());
        QCOMPARE(box->currentIndex(), 0);
        QVERIFY(box->itemData(0).toString().isEmpty());
        const int vllm = box->findData(QStringLiteral("vllm"));
        QVERIFY(vllm > 0);
        QCOMPARE(box->itemText(vllm), QStringLiteral("vLLM"));
        box->setCurrentIndex(vllm);
        emit box->activated(vllm);
        QCOMPARE(m_controller->scenario().engine, QStringLiteral("vllm"));
        QCOMPARE(m_controller->undoStack()->count(), 1);
        QVERIFY(m_controller->ledger().predictedSecondsPerToken > 0);
        m_controller->undoStack()->undo();
        QVERIFY(m_controller->scenario().engine.isEmpty());
        QCOMPARE(box->currentIndex(), 0);
        m_controller->undoStack()->redo();
        QCOMPARE(box->currentIndex(), vllm);
    }
};

QTEST_MAIN(TestControls)
#include "tst_controls.moc"
