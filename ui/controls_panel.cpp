#include "controls_panel.h"

#include "engine_prediction.h"
#include "presets.h"
#include "scenario_controller.h"
#include "slider_field.h"
#include "units.h"
#include "weights.h"
#include "wrapped_label.h"

#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace kvl {

namespace {
QList<int> divisors(int n)
{
    QList<int> out;
    for (int d = 1; d <= n; ++d)
        if (n % d == 0)
            out << d;
    return out;
}

// 1k to limits::maxContext on a log scale, 40 stops a decade, rounded to two significant digits
// so the slider stops on round numbers (1,000,000 rather than 1,023,293).
QList<int> contextSteps()
{
    QList<int> out;
    const double decades = std::log10(double(limits::maxContext)) - 3.0;
    const int stops = int(std::lround(40 * decades));
    for (int i = 0; i <= stops; ++i) {
        const double v = std::pow(10.0, 3.0 + decades * i / stops);
        const double scale = std::pow(10.0, std::floor(std::log10(v)) - 1);
        const int rounded =
            int(std::min<qint64>(std::llround(v / scale) * qint64(scale), limits::maxContext));
        if (out.isEmpty() || rounded > out.last())
            out << rounded;
    }
    // The binary sizes people type: 128Ki, 1Mi.
    for (int v : {131072, 1048576})
        out.insert(std::lower_bound(out.begin(), out.end(), v), v);
    return out;
}

// Every count to 16, then the tensor-parallel sizes deployments use (24, 32, 48, 64, ...).
QList<int> gpuSteps()
{
    QList<int> out;
    for (int n = 1; n <= std::min(16, limits::maxGpus); ++n)
        out << n;
    for (int n = 16; n < limits::maxGpus; n *= 2)
        out << std::min(n * 3 / 2, limits::maxGpus) << std::min(n * 2, limits::maxGpus);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// Multiples of 16 to 512, then doubling to the limit.
QList<int> headDimSteps()
{
    QList<int> out;
    for (int d = 16; d <= std::min(512, limits::maxHeadDim); d += 16)
        out << d;
    for (int d = 1024; d < 2 * limits::maxHeadDim; d *= 2)
        out << std::min(d, limits::maxHeadDim);
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

int formatIndex(const Precision &p)
{
    return int(Precision::allFormats().indexOf(p.format));
}

Precision formatAt(int index)
{
    return Precision::of(Precision::allFormats().value(index, NumberFormat::FP16));
}
} // namespace

ControlsPanel::ControlsPanel(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    build();
    retranslate();
    refresh();
    connect(m_controller, &ScenarioController::changed, this, &ControlsPanel::refresh);
    connect(m_controller, &ScenarioController::interactiveChanged, this, [this](bool on) {
        if (on)
            m_pins.pin(m_parameters);
        else
            m_pins.release();
    });
}

SliderField *ControlsPanel::field(const QString &name) const
{
    return m_fields.value(name);
}

SliderField *ControlsPanel::addField(const QString &name, int lo, int hi)
{
    auto *f = new SliderField(QString(), this);
    f->setObjectName(name);
    f->setRange(lo, hi);
    m_fields.insert(name, f);
    connect(f, &SliderField::dragStarted, m_controller, &ScenarioController::beginInteractive);
    connect(f, &SliderField::dragFinished, m_controller, &ScenarioController::endInteractive);
    return f;
}

void ControlsPanel::connectField(SliderField *f, const std::function<void(int)> &apply)
{
    // While a scenario loads, ranges clamp and sliders move: none of that is the user's edit.
    connect(f, &SliderField::edited, this, [this, apply](int v) {
        if (!m_loading)
            apply(v);
    });
}

void ControlsPanel::build()
{
    auto *layout = new QVBoxLayout(this);

    // Presets.
    m_model = new QComboBox(this);
    m_model->setObjectName(QStringLiteral("modelPicker"));
    // An imported model's long name must not widen the panel.
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_model->setMinimumContentsLength(16);
    m_gpu = new QComboBox(this);
    m_gpu->setObjectName(QStringLiteral("gpuPicker"));
    m_import = new QPushButton(this);
    m_import->setObjectName(QStringLiteral("importConfig"));
    fillPresets();
    auto *presetBox = new QGroupBox(this);
    auto *presetForm = new QFormLayout(presetBox);
    presetForm->addRow(QStringLiteral("model"), m_model);
    m_parameters = new WrappedLabel(this);
    m_parameters->setObjectName(QStringLiteral("modelParameters"));
    m_parameters->setWordWrap(true);
    m_parameters->setTextFormat(Qt::PlainText);
    // A wrapped label's size hint grows with its text: a longer translation would widen the
    // dock and the window. The dock's width decides; the label wraps to it.
    m_parameters->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    presetForm->addRow(QString(), m_parameters);
    presetForm->addRow(QString(), m_import);
    presetForm->addRow(QStringLiteral("gpu"), m_gpu);
    layout->addWidget(presetBox);
    m_groups << presetBox;
    // What an import assumed or left out stays with the model, not in a passing message. Its
    // own group below the pickers, so that a long list moves none of them.
    m_notesBox = new QGroupBox(this);
    m_notesBox->setObjectName(QStringLiteral("modelNotesBox"));
    auto *notes = new QVBoxLayout(m_notesBox);
    m_notes = new WrappedLabel(m_notesBox);
    m_notes->setObjectName(QStringLiteral("modelNotes"));
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    notes->addWidget(m_notes);
    layout->addWidget(m_notesBox);

    connect(m_model, &QComboBox::activated, this, [this](int index) {
        const QString id = m_model->itemData(index).toString();
        const auto m = PresetLibrary::instance().model(id);
        if (!m)
            return; // the "custom" entry
        // The checkpoint as published, weights included.
        m_controller->edit([n = m->name] { return tr("Model: %1").arg(n); },
                           [&](Scenario &s) {
                               s.model = *m;
                               s.weightsAsStored = true;
                           });
    });
    connect(m_gpu, &QComboBox::activated, this, [this](int index) {
        const auto g = PresetLibrary::instance().gpu(m_gpu->itemData(index).toString());
        if (g)
            m_controller->edit([n = g->name] { return tr("GPU: %1").arg(n); },
                               [&](Scenario &s) { s.gpu = *g; });
    });
    connect(m_import, &QPushButton::clicked, this, &ControlsPanel::importConfigRequested);

    // The model's shape: the terms of 2 × layers × KV heads × head dim × bytes.
    auto *shapeBox = new QGroupBox(this);
    auto *shape = new QVBoxLayout(shapeBox);
    auto *layers = addField(QStringLiteral("layers"), 1, limits::maxLayers);
    auto *qHeads = addField(QStringLiteral("query_heads"), 1, limits::maxHeads);
    auto *kvHeads = addField(QStringLiteral("kv_heads"), 1, limits::maxHeads); // then divisors
    kvHeads->setSnapToSteps(true);
    auto *headDim = addField(QStringLiteral("head_dim"), 1, limits::maxHeadDim);
    headDim->setSteps(headDimSteps());
    for (auto *f : {layers, qHeads, kvHeads, headDim})
        shape->addWidget(f);
    layout->addWidget(shapeBox);
    m_groups << shapeBox;

    // Bytes per element.
    auto *precisionBox = new QGroupBox(this);
    auto *precision = new QVBoxLayout(precisionBox);
    const int formats = int(Precision::allFormats().size());
    auto *kvPrecision = addField(QStringLiteral("kv_precision"), 0, formats - 1);
    kvPrecision->spinBox()->toText = [](int i) { return formatAt(i).label(); };
    kvPrecision->spinBox()->fromText = [](const QString &t, QString *error) -> std::optional<int> {
        const auto p = Precision::parse(t.section(u' ', 0, 0), error);
        return p ? std::optional<int>(formatIndex(*p)) : std::nullopt;
    };
    precision->addWidget(kvPrecision);
    // Weights: as the checkpoint stores them (parts may differ), or one format for every part.
    m_weightsLabel = new QLabel(this);
    m_weights = new QComboBox(this);
    m_weights->setObjectName(QStringLiteral("weightPrecision"));
    m_weightsLabel->setBuddy(m_weights);
    // "As stored (fp4 (g32, 4.25 bits) experts + bf16)" must not widen the panel.
    m_weights->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_weights->setMinimumContentsLength(16);
    m_weights->addItem(QString()); // "As stored (…)", named in refresh()
    for (int i = 0; i < formats; ++i)
        m_weights->addItem(formatAt(i).label());
    precision->addWidget(m_weightsLabel);
    precision->addWidget(m_weights);
    layout->addWidget(precisionBox);
    m_groups << precisionBox;

    // Deployment.
    auto *deployBox = new QGroupBox(this);
    auto *deploy = new QVBoxLayout(deployBox);
    auto *context = addField(QStringLiteral("context"), 1, int(limits::maxContext));
    context->setSteps(contextSteps());
    context->spinBox()->setTokenCounts();
    auto *gpus = addField(QStringLiteral("gpus"), 1, limits::maxGpus);
    gpus->setSteps(gpuSteps());
    auto *batch = addField(QStringLiteral("batch"), 1, limits::maxBatch);
    // The spin box takes the whole valid range; the slider steps through the usual part of it.
    auto *efficiency =
        addField(QStringLiteral("efficiency"), int(std::lround(limits::efficiency.lo * 100)),
                 int(std::lround(limits::efficiency.hi * 100)));
    QList<int> percents{1, 2};
    for (int p = 5; p <= 100; p += 5)
        percents << p;
    efficiency->setSteps(percents);
    efficiency->spinBox()->setSuffix(QStringLiteral(" %"));
    for (auto *f : {context, gpus, batch, efficiency})
        deploy->addWidget(f);
    // A serving engine's calibrated time beside the floor.
    m_engineLabel = new QLabel(this);
    m_engine = new QComboBox(this);
    m_engine->setObjectName(QStringLiteral("engine"));
    m_engineLabel->setBuddy(m_engine);
    m_engine->addItem(QString(), QString()); // "None", named in retranslate()
    for (const QString &id : calibratedEngines())
        m_engine->addItem(engineName(id), id);
    deploy->addWidget(m_engineLabel);
    deploy->addWidget(m_engine);
    layout->addWidget(deployBox);
    m_groups << deployBox;
    layout->addStretch(1);

    const auto editModel = [this](const ScenarioController::Text &what,
                                  const std::function<void(ModelSpec &)> &change) {
        m_controller->editModel(what, change);
    };
    connectField(layers, [=](int v) {
        editModel([] { return tr("Layers"); }, [v](ModelSpec &m) { m.layers = v; });
    });
    connectField(qHeads, [=](int v) {
        editModel([] { return tr("Query heads"); },
                  [v](ModelSpec &m) {
                      m.queryHeads = v;
                      // Keep KV heads a divisor: the largest one not above the old value.
                      int kv = std::min(m.kvHeads, v);
                      while (v % kv != 0)
                          --kv;
                      m.kvHeads = kv;
                  });
    });
    connectField(kvHeads, [=](int v) {
        editModel([] { return tr("KV heads"); }, [v](ModelSpec &m) { m.kvHeads = v; });
    });
    connectField(headDim, [=](int v) {
        editModel([] { return tr("Head dim"); }, [v](ModelSpec &m) { m.headDim = v; });
    });
    connectField(field(QStringLiteral("kv_precision")), [this](int i) {
        m_controller->edit([] { return tr("KV precision"); },
                           [i](Scenario &s) { s.kvPrecision = formatAt(i); });
    });
    connect(m_weights, &QComboBox::activated, this, [this](int index) {
        m_controller->edit([] { return tr("Weight precision"); },
                           [index](Scenario &s) {
                               if (index == 0) {
                                   s.weightsAsStored = true;
                                   return;
                               }
                               if (!s.weightsAsStored &&
                                   formatIndex(s.weightPrecision) == index - 1)
                                   return; // the same format: keep its scales as opened
                               s.weightsAsStored = false;
                               s.weightPrecision = formatAt(index - 1);
                           });
    });
    connect(m_engine, &QComboBox::activated, this, [this](int index) {
        const QString id = m_engine->itemData(index).toString();
        m_controller->edit([] { return tr("Serving engine"); },
                           [id](Scenario &s) { s.engine = id; });
    });
    connectField(context, [this](int v) {
        m_controller->edit([] { return tr("Context length"); },
                           [v](Scenario &s) { s.context = v; });
    });
    connectField(gpus, [this](int v) {
        m_controller->edit([] { return tr("GPU count"); }, [v](Scenario &s) { s.gpus = v; });
    });
    connectField(batch, [this](int v) {
        m_controller->edit([] { return tr("Batch"); }, [v](Scenario &s) { s.batch = v; });
    });
    connectField(efficiency, [this](int v) {
        m_controller->edit([] { return tr("Bandwidth efficiency"); },
                           [v](Scenario &s) { s.efficiency = v / 100.0; });
    });
}

void ControlsPanel::fillPresets()
{
    const auto &lib = PresetLibrary::instance();
    const QSignalBlocker b1(m_model), b2(m_gpu);
    m_model->clear();
    for (const auto &m : lib.models())
        m_model->addItem(m.name, m.id);
    m_model->addItem(QString(), QString()); // "custom", named in retranslate()
    m_gpu->clear();
    for (const auto &g : lib.gpus())
        m_gpu->addItem(g.name, g.id);
}

void ControlsPanel::retranslate()
{
    const QStringList groups = {tr("Presets"), tr("Model shape"), tr("Bytes per element"),
                                tr("Deployment")};
    for (int i = 0; i < m_groups.size(); ++i)
        static_cast<QGroupBox *>(m_groups.at(i))->setTitle(groups.at(i));
    auto *form = static_cast<QFormLayout *>(m_groups.first()->layout());
    static_cast<QLabel *>(form->labelForField(m_model))->setText(tr("&Model"));
    static_cast<QLabel *>(form->labelForField(m_gpu))->setText(tr("&GPU"));
    m_import->setText(tr("&Import config.json…"));
    m_import->setToolTip(tr("Read layers, heads, head dim, windows and MLA from a Hugging Face "
                            "config.json"));
    m_model->setToolTip(tr("A published model: its shape fills every term of the formula"));
    m_gpu->setToolTip(tr("The GPU's memory sets how many are needed to fit; its bandwidth sets "
                         "the time per token"));
    const QString formula = tr("2 × layers × KV heads × head dim × bytes per element");
    const struct
    {
        const char *name;
        QString label;
        QString tip;
    } texts[] = {
        {"layers", tr("&Layers"),
         tr("The “layers” term of %1: every layer caches its own K and V for every token.")},
        {"query_heads", tr("&Query heads"),
         tr("Not a term of %1, but the KV heads must divide the query heads. With as many KV "
            "heads as query heads the model is MHA.")},
        {"kv_heads", tr("&KV heads"),
         tr("The “KV heads” term of %1. 1 = MQA, as many as the query heads = MHA, GQA in "
            "between: the query heads of a group share one K and V.")},
        {"head_dim", tr("He&ad dim"),
         tr("The “head dim” term of %1: elements of one head's K (and of its V).")},
        {"kv_precision", tr("KV &precision"),
         tr("The “bytes per element” term of %1: fp16 = 2, fp8 = 1, int4 with one fp16 scale per "
            "32 values = 0.5625.")},
        {"context", tr("&Context length (tokens)"),
         tr("Multiplies %1: the cache holds every token, and each decoded token reads all of them. "
            "Type 128k, 1M, 128Ki or 1Mi.")},
        {"gpus", tr("GPUs (&tensor parallel)"),
         tr("Splits the weights and the KV heads N ways; a GPU holds at least one KV head, so past "
            "that the heads are replicated. Each GPU streams its share in parallel.")},
        {"batch", tr("&Batch (sequences)"),
         tr("Concurrent sequences: each has its own cache, so %1 × context is paid per sequence; "
            "the weights are read once per step for all.")},
        {"efficiency", tr("Ba&ndwidth efficiency"),
         tr("Achieved / datasheet bandwidth; divides the time per token. 100% is the physical "
            "floor the seed article uses.")},
    };
    for (const auto &t : texts) {
        SliderField *f = field(QLatin1String(t.name));
        f->setLabel(t.label);
        f->setToolTips(t.tip.contains(u"%1") ? t.tip.arg(formula) : t.tip);
    }
    m_weightsLabel->setText(tr("&Weight precision"));
    const QString weightsTip =
        tr("Not in %1: the bytes of the weights, which every decode step also reads once. "
           "“As stored” costs each part as the checkpoint stores it (fp8 blocks, MXFP4 experts "
           "beside bf16 attention); a format costs every part at that format.")
            .arg(formula);
    m_weightsLabel->setToolTip(weightsTip);
    m_weights->setToolTip(weightsTip);
    m_engineLabel->setText(tr("Serving engine (e&xpected time)"));
    m_engine->setItemText(0, tr("None: the floor only"));
    const QString engineTip =
        tr("Beside the floor, the time per token this engine reached on measured runs: constants "
           "fitted per engine and GPU generation (a calibrated prediction, not a floor), drawn "
           "above the floor on the latency chart and given in the ledger.");
    m_engineLabel->setToolTip(engineTip);
    m_engine->setToolTip(engineTip);
}

void ControlsPanel::refresh()
{
    const QScopedValueRollback loading(m_loading, true);
    const Scenario &s = m_controller->scenario();
    const ModelSpec &m = s.model;
    {
        const QSignalBlocker b1(m_model), b2(m_gpu);
        const int preset = m_controller->modelIsCustom() ? -1 : m_model->findData(m.id);
        // An import is named until an edit makes it custom; beside a preset the entry is only
        // the place a custom model would take, not "Llama 3.1 70B (imported)".
        m_model->setItemText(m_model->count() - 1, preset < 0 && !m_controller->modelIsEdited()
                                                       ? tr("%1 (imported)").arg(m.name)
                                                       : tr("Custom (edited)"));
        m_model->setCurrentIndex(preset >= 0 ? preset : m_model->count() - 1);
        m_gpu->setCurrentIndex(std::max(0, m_gpu->findData(s.gpu.id)));
    }
    m_pins.setText(m_parameters, parameterText(m));
    m_notesBox->setTitle(tr("Notes on %1").arg(m.name));
    m_notes->setText(m.notes.isEmpty() ? QString() : u"• " + m.notes.join(QStringLiteral("\n• ")));
    m_notesBox->setVisible(!m.notes.isEmpty());
    field(QStringLiteral("layers"))->setValue(m.layers);
    field(QStringLiteral("query_heads"))->setValue(m.queryHeads);
    SliderField *kv = field(QStringLiteral("kv_heads"));
    // The range first, silently: the previous model's value may lie outside it.
    // Only when it moved: setRange relayouts the field even when the range is the same.
    if (kv->spinBox()->minimum() != 1 || kv->spinBox()->maximum() != m.queryHeads) {
        const QSignalBlocker block(kv->spinBox());
        kv->spinBox()->setRange(1, m.queryHeads);
    }
    kv->setSteps(divisors(m.queryHeads));
    kv->setValue(m.kvHeads);
    kv->setEnabled(m.hasKind(AttentionKind::Full) || m.hasKind(AttentionKind::SlidingWindow));
    field(QStringLiteral("head_dim"))->setValue(m.headDim);
    field(QStringLiteral("kv_precision"))->setValue(formatIndex(s.kvPrecision));
    {
        Scenario stored = s;
        stored.weightsAsStored = true;
        const QString asStored = tr("As stored (%1)").arg(weightPrecisionLabel(stored));
        m_weights->setItemText(0, asStored);
        m_weights->setItemData(0, asStored, Qt::ToolTipRole);
        m_weights->setCurrentIndex(s.weightsAsStored ? 0 : 1 + formatIndex(s.weightPrecision));
    }
    field(QStringLiteral("context"))->setValue(int(s.context));
    field(QStringLiteral("gpus"))->setValue(s.gpus);
    field(QStringLiteral("batch"))->setValue(s.batch);
    field(QStringLiteral("efficiency"))->setValue(int(std::lround(s.efficiency * 100)));
    {
        const QSignalBlocker block(m_engine);
        m_engine->setCurrentIndex(std::max(0, m_engine->findData(s.engine)));
    }
}

// A preset's published count, until a shape edit leaves it to core's estimate.
QString ControlsPanel::parameterText(const ModelSpec &m)
{
    const bool active = m.isMoE() && m.parametersActive() < m.parameters();
    if (m.parametersEstimated())
        return active ? tr("≈ %1 parameters, %2 active per token, estimated from the shape")
                            .arg(formatInteger(m.parameters()), formatInteger(m.parametersActive()))
                      : tr("≈ %1 parameters, estimated from the shape")
                            .arg(formatInteger(m.parameters()));
    return active ? tr("%1 parameters, %2 active per token, as published")
                        .arg(formatInteger(m.parameters()), formatInteger(m.parametersActive()))
                  : tr("%1 parameters, as published").arg(formatInteger(m.parameters()));
}

void ControlsPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange) {
        retranslate();
        refresh();
    }
    QWidget::changeEvent(e);
}

} // namespace kvl
