#include "tour.h"

#include "scenario_controller.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace kvl {

QList<TourStep> seedTourSteps()
{
    // The seed article's argument, in its order. Every step starts from the seed scenario.
    return {
        {TourPanel::tr("Bytes per token"),
         TourPanel::tr("Each token leaves a key and a value in every layer: 2 × 80 layers × 8 KV "
                       "heads × 128 dimensions × 2 bytes = 327,680 B, 320 KiB per token of "
                       "context."),
         [](Scenario &) {}, QStringLiteral("kv_bytes_per_token"), QStringLiteral("gqa")},
        {TourPanel::tr("MHA vs GQA"),
         TourPanel::tr("Llama 3.1 70B has 64 query heads but only 8 KV heads. Give every query "
                       "head its own K and V (MHA) and a token costs 2.6 MB: GQA already saved "
                       "8× in the design."),
         [](Scenario &s) { s.model.kvHeads = s.model.queryHeads; },
         QStringLiteral("kv_bytes_per_token"), QStringLiteral("gqa")},
        {TourPanel::tr("A million tokens"),
         TourPanel::tr("An agent's working set reaches a million tokens: 10^6 × 327,680 B = "
                       "327.68 GB of KV cache, the seed's “order of 320 GB”."),
         [](Scenario &) {}, QStringLiteral("kv_bytes"), QStringLiteral("memory")},
        {TourPanel::tr("GPUs just to fit"),
         TourPanel::tr("Add 141 GB of fp16 weights: 469 GB. 80 GB H100s hold it on 6 GPUs, but "
                       "tensor parallelism must divide the heads, so a deployment uses 8."),
         [](Scenario &) {}, QStringLiteral("gpus_to_fit"), QStringLiteral("memory")},
        {TourPanel::tr("95 ms per token"),
         TourPanel::tr("Every decoded token reads the whole cache. 327.68 GB at 3.35 TB/s is "
                       "97.8 ms: about 10 tokens per second at best, before the weights."),
         [](Scenario &) {}, QStringLiteral("kv_seconds_per_token"), QStringLiteral("latency")},
        {TourPanel::tr("Eight GPUs"),
         TourPanel::tr("Shard the cache over 8 GPUs and each streams 41 GB: 12.2 ms per token. "
                       "But the fleet still moves 328 GB per token, and more as the conversation "
                       "grows."),
         [](Scenario &s) { s.gpus = 8; }, QStringLiteral("kv_seconds_per_token"),
         QStringLiteral("latency")},
        {TourPanel::tr("fp8: the safe first step"),
         TourPanel::tr("Store K and V in fp8: 160 KiB per token, half the bytes, half the time "
                       "and half the GPUs, with little quality impact. int4 quarters them, for "
                       "the desperate."),
         [](Scenario &s) { s.kvPrecision = Precision::of(NumberFormat::FP8); },
         QStringLiteral("kv_bytes_per_token"), QStringLiteral("precision")},
    };
}

TourPanel::TourPanel(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_steps(seedTourSteps()),
      m_counter(new QLabel(this)), m_title(new QLabel(this)), m_text(new QLabel(this)),
      m_back(new QPushButton(this)), m_next(new QPushButton(this)), m_close(new QPushButton(this))
{
    setObjectName(QStringLiteral("tour"));
    auto *layout = new QVBoxLayout(this);
    auto *head = new QHBoxLayout;
    head->addWidget(m_title, 1);
    head->addWidget(m_counter);
    layout->addLayout(head);
    layout->addWidget(m_text, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addWidget(m_close);
    layout->addLayout(buttons);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_title->setFont(big);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    // Window-wide keys (a button's own shortcut is reset by every setText).
    const auto key = [this](const QKeySequence &k, auto slot) {
        auto *a = new QAction(this);
        a->setShortcut(k);
        a->setShortcutContext(Qt::WindowShortcut);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
    };
    const auto forward = [this] {
        if (m_step + 1 >= stepCount())
            emit finished();
        else
            next();
    };
    key(QKeySequence(Qt::ALT | Qt::Key_Left), &TourPanel::back);
    key(QKeySequence(Qt::ALT | Qt::Key_Right), forward);
    key(QKeySequence(Qt::Key_Escape), &TourPanel::finished);
    connect(m_back, &QPushButton::clicked, this, &TourPanel::back);
    connect(m_next, &QPushButton::clicked, this, forward);
    connect(m_close, &QPushButton::clicked, this, &TourPanel::finished);
    retranslate();
}

void TourPanel::start()
{
    goTo(0);
}

void TourPanel::goTo(int step)
{
    if (step < 0 || step >= stepCount())
        return;
    m_step = step;
    Scenario s = Scenario::seed();
    m_steps.at(step).apply(s);
    m_controller->replace(s, tr("Tour: %1").arg(m_steps.at(step).title));
    show(step);
}

void TourPanel::show(int step)
{
    const TourStep &t = m_steps.at(step);
    m_title->setText(t.title);
    m_text->setText(t.text);
    m_counter->setText(tr("Step %1 of %2").arg(step + 1).arg(stepCount()));
    m_back->setEnabled(step > 0);
    m_next->setText(step + 1 < stepCount() ? tr("Next ›") : tr("Finish"));
    emit highlightRequested(t.ledgerKey, t.chartId);
}

void TourPanel::retranslate()
{
    m_steps = seedTourSteps();
    m_back->setText(tr("‹ Back"));
    m_back->setToolTip(tr("Previous step (Alt+Left)"));
    m_next->setToolTip(tr("Next step (Alt+Right)"));
    m_close->setText(tr("Close"));
    m_close->setToolTip(tr("End the tour (Esc)"));
    if (m_step >= 0)
        show(m_step);
}

void TourPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

} // namespace kvl
