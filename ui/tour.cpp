#include "tour.h"

#include "ledger_text.h"
#include "mass_panel.h"
#include "roofline_chart.h"
#include "scenario_controller.h"
#include "strategy_panel.h"
#include "strategy_table_model.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTextEdit>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace kvl {

namespace {

// Rows of the Strategies panel, in the order it lists them (two precisions, then the presets).
constexpr int kFp8Row = 0;
constexpr int kInt4Row = 1;
constexpr int kH2oRow = 3;
constexpr int kSnapKvRow = 4;
constexpr int kDuoRow = 5;
constexpr int kMobaRow = 7;
constexpr int kNsaRow = 8;

QString rowValue(const TourContext &c, const QString &key, ByteUnits units)
{
    for (const LedgerRow &r : ledgerRows(c.scenario, c.ledger, units))
        if (r.key == key)
            return r.value;
    return {};
}

// By preset name ("H2O"), or by spec ("fp8") for the panel's precision rows.
std::optional<StrategyResult> strategyResult(const TourContext &c, const QString &name)
{
    if (!c.strategies)
        return std::nullopt;
    for (const StrategyResult &r : c.strategies->model()->results())
        if (r.name == name || r.spec == name)
            return r;
    return std::nullopt;
}

std::optional<RooflinePoint> rooflinePoint(const TourContext &c, const QString &id)
{
    if (!c.roofline)
        return std::nullopt;
    for (const RooflinePoint &p : c.roofline->roofline().points)
        if (p.id == id)
            return p;
    return std::nullopt;
}

QString times(double v)
{
    return TourPanel::tr("%1×").arg(formatNumber(v));
}

QString percent(double share)
{
    return TourPanel::tr("%1%").arg(formatNumber(share * 100));
}

} // namespace

QString seedArticleTitle()
{
    // The article's own title, in its language: a name, not a phrase to translate.
    return QStringLiteral("KV cache em agentes de 1 milhão de tokens: a matemática do custo de "
                          "inferência");
}

QList<TourStep> seedTourSteps()
{
    using C = const TourContext &;
    const auto none = [](Scenario &) {};
    // The article's argument, in its order. Every step starts from the seed scenario; every
    // figure is read from core's values at that moment.
    QList<TourStep> steps;
    steps << TourStep{
        TourPanel::tr("Bytes per token"),
        none,
        QStringLiteral("cost"),
        QStringLiteral("kv_bytes_per_token"),
        QStringLiteral("gqa"),
        ByteUnits::Binary,
        {},
        [](C c) {
            const QString kib = formatBytes(double(c.ledger.kvBytesPerToken), ByteUnits::Binary);
            return TourText{
                TourPanel::tr(
                    "The article “%1”, step by step. Each token leaves a key and a value in every "
                    "layer: %2. The article's “320 KB” is %3 in binary units, shown "
                    "here.")
                    .arg(seedArticleTitle(),
                         bytesPerTokenFormula(c.scenario, c.ledger, ByteUnits::Binary), kib),
                kib,
                {{TourPanel::tr("KV per token"), kib},
                 {TourPanel::tr("Layers"), QString::number(c.scenario.model.layers)},
                 {TourPanel::tr("KV heads × head size"), TourPanel::tr("%1 × %2")
                                                             .arg(c.scenario.model.kvHeads)
                                                             .arg(c.scenario.model.headDim)}}};
        }};
    steps << TourStep{TourPanel::tr("GQA beside MHA"),
                      none,
                      QStringLiteral("cost"),
                      QStringLiteral("kv_bytes_per_token_mha"),
                      QStringLiteral("gqa"),
                      ByteUnits::SI,
                      {},
                      [](C c) {
                          const QString mha = formatInteger(c.ledger.kvBytesPerTokenMha) + u" B";
                          const QString gqa = formatInteger(c.ledger.kvBytesPerToken) + u" B";
                          const QString saved = times(c.ledger.gqaFactor);
                          return TourText{
                              TourPanel::tr("%1 query heads share %2 KV heads. Without the "
                                            "sharing (MHA) a token would cost %3; with GQA it "
                                            "costs %4: %5 less, saved in the design.")
                                  .arg(c.scenario.model.queryHeads)
                                  .arg(c.scenario.model.kvHeads)
                                  .arg(mha, gqa, saved),
                              mha,
                              {{TourPanel::tr("MHA per token"), mha},
                               {TourPanel::tr("GQA per token"), gqa},
                               {TourPanel::tr("Saved by GQA"), saved}}};
                      }};
    steps << TourStep{
        TourPanel::tr("A million tokens"),
        none,
        QStringLiteral("cost"),
        QStringLiteral("kv_bytes"),
        QStringLiteral("memory"),
        ByteUnits::SI,
        {},
        [](C c) {
            const QString kv = rowValue(c, QStringLiteral("kv_bytes"), ByteUnits::SI);
            return TourText{
                TourPanel::tr("An agent's working set: %1 tokens × %2 B = %3 (exactly %4) of KV "
                              "cache, the article's “order of 320 GB” in decimal units.")
                    .arg(formatInteger(c.scenario.context), formatInteger(c.ledger.kvBytesPerToken),
                         kv, formatBytes(c.ledger.kvBytes, ByteUnits::SI, 5)),
                kv,
                {{TourPanel::tr("Context (tokens)"), formatInteger(c.scenario.context)},
                 {TourPanel::tr("KV per token"), formatInteger(c.ledger.kvBytesPerToken) + u" B"},
                 {TourPanel::tr("KV cache"), kv}}};
        }};
    steps << TourStep{
        TourPanel::tr("GPUs just to fit"),
        none,
        QStringLiteral("cost"),
        QStringLiteral("gpus_to_fit"),
        QStringLiteral("memory"),
        ByteUnits::SI,
        {},
        [](C c) {
            const QString gpus = QString::number(c.ledger.gpusToFit);
            const QString weights = formatBytes(c.ledger.weightBytes, ByteUnits::SI);
            const QString total = formatBytes(c.ledger.totalBytes, ByteUnits::SI);
            const QString tp = QString::number(c.ledger.tpDegree);
            return TourText{
                TourPanel::tr("Add %1 of weights: %2. With %3 usable per %4, %5 GPUs hold it by "
                              "capacity; tensor parallelism must divide the heads, so a "
                              "deployment uses %6.")
                    .arg(weights, total, formatBytes(c.ledger.usableBytesPerGpu, ByteUnits::SI),
                         c.scenario.gpu.name, gpus, tp),
                gpus,
                {{TourPanel::tr("Weights"), weights},
                 {TourPanel::tr("Weights + KV"), total},
                 {TourPanel::tr("GPUs to fit"), gpus},
                 {TourPanel::tr("Tensor-parallel degree"), tp}}};
        }};
    steps << TourStep{
        TourPanel::tr("The read that cannot be skipped"),
        none,
        QStringLiteral("cost"),
        QStringLiteral("kv_seconds_per_token"),
        QStringLiteral("latency"),
        ByteUnits::SI,
        {},
        [](C c) {
            const QString read = formatBytes(c.ledger.kvBytesPerGpu, ByteUnits::SI);
            return TourText{
                TourPanel::tr("Every decoded token reads all %1 of keys and values, even those "
                              "the softmax weighs at one part in a million: the weight that "
                              "would justify skipping a read comes from the read itself.")
                    .arg(read),
                read,
                {{TourPanel::tr("KV read per token"), read},
                 {TourPanel::tr("Bandwidth"),
                  formatRate(c.scenario.gpu.bandwidth * c.scenario.efficiency, ByteUnits::SI)},
                 {TourPanel::tr("Time per token, KV only"),
                  formatSeconds(c.ledger.kvSecondsPerToken)}}};
        }};
    steps << TourStep{
        TourPanel::tr("The article's 95 ms per token"),
        none,
        QStringLiteral("cost"),
        QStringLiteral("kv_seconds_per_token"),
        QStringLiteral("latency"),
        ByteUnits::SI,
        {},
        [](C c) {
            const double bw = c.scenario.gpu.bandwidth * c.scenario.efficiency;
            const double rounded = std::floor(c.ledger.kvBytes / 1e10) * 1e10; // as the article
            const QString kv = formatSeconds(c.ledger.kvSecondsPerToken);
            const QString read = formatBytes(c.ledger.kvBytes, ByteUnits::SI);
            const QString rate = rowValue(c, QStringLiteral("tokens_per_second"), ByteUnits::SI);
            return TourText{
                TourPanel::tr("%1 / %2 = %3 per token (the article's 95 ms divides its rounded "
                              "%4: %5). The KV read alone allows %6 tokens/s, the article's "
                              "“10”; with the weights read too, %7.")
                    .arg(read, formatRate(bw, ByteUnits::SI), kv,
                         formatBytes(rounded, ByteUnits::SI), formatSeconds(rounded / bw),
                         formatNumber(1 / c.ledger.kvSecondsPerToken), rate),
                kv,
                {{TourPanel::tr("KV read per token"), read},
                 {TourPanel::tr("Time per token, KV only"), kv},
                 {TourPanel::tr("With the weights"), formatSeconds(c.ledger.secondsPerToken)},
                 {TourPanel::tr("Tokens per second"), rate}}};
        }};
    steps << TourStep{
        TourPanel::tr("A whole answer"),
        none,
        QStringLiteral("cost"),
        QStringLiteral("response_seconds"),
        QStringLiteral("latency"),
        ByteUnits::SI,
        {},
        [](C c) {
            const Ledger &l = c.ledger;
            const QString kv = formatSeconds(l.responseKvSeconds);
            const double growth =
                l.responseKvSeconds - double(c.scenario.responseTokens) * l.kvSecondsPerToken;
            const QString weights = formatSeconds(l.responseSeconds - l.responseKvSeconds);
            const QString total = formatSeconds(l.responseSeconds);
            return TourText{
                TourPanel::tr("An answer of %1 tokens carries %2 of pure KV streaming on the "
                              "critical path; the cache growing while it answers adds only %3. "
                              "The weights add %4: %5 in all.")
                    .arg(formatInteger(c.scenario.responseTokens), kv, formatSeconds(growth),
                         weights, total),
                kv,
                {{TourPanel::tr("Answer (tokens)"), formatInteger(c.scenario.responseTokens)},
                 {TourPanel::tr("KV streaming"), kv},
                 {TourPanel::tr("The weights add"), weights},
                 {TourPanel::tr("The whole answer"), total}}};
        }};
    steps << TourStep{
        TourPanel::tr("Eight GPUs"),
        [](Scenario &s) { s.gpus = 8; },
        QStringLiteral("cost"),
        QStringLiteral("kv_seconds_per_token"),
        QStringLiteral("latency"),
        ByteUnits::SI,
        {},
        [](C c) {
            const QString kv = formatSeconds(c.ledger.kvSecondsPerToken);
            const QString perGpu = formatBytes(c.ledger.kvBytesPerGpu, ByteUnits::SI);
            const QString fleet = formatBytes(c.ledger.kvBytes, ByteUnits::SI);
            return TourText{
                TourPanel::tr("Shard the cache over %1 GPUs and each streams %2: %3 per token. "
                              "But the bytes do not vanish: the fleet still moves %4 per token, "
                              "more as the conversation grows.")
                    .arg(c.scenario.gpus)
                    .arg(perGpu, kv, fleet),
                kv,
                {{TourPanel::tr("GPUs"), QString::number(c.scenario.gpus)},
                 {TourPanel::tr("KV read per GPU"), perGpu},
                 {TourPanel::tr("Time per token, KV only"), kv},
                 {TourPanel::tr("The fleet reads"), fleet}}};
        }};
    steps << TourStep{
        TourPanel::tr("Idle tensor cores"),
        none,
        QStringLiteral("roofline"),
        QStringLiteral("arithmetic_intensity"),
        QStringLiteral("roofline"),
        ByteUnits::SI,
        {},
        [](C c) {
            const double ridge =
                c.roofline ? c.roofline->roofline().ridgePoint : c.ledger.ridgePoint;
            const QString r = formatNumber(ridge);
            const double peak = c.roofline ? c.roofline->roofline().peakFlops
                                           : c.scenario.gpu.peakFlops(c.scenario.kvPrecision);
            return TourText{
                TourPanel::tr("An %1 computes %2 FLOP for every byte its memory moves: the ridge "
                              "point, the article's “about 300”. Below it the tensor cores wait "
                              "for memory.")
                    .arg(c.scenario.gpu.name, r),
                r,
                {{TourPanel::tr("Peak compute"),
                  TourPanel::tr("%1 TFLOP/s").arg(formatNumber(peak / 1e12))},
                 {TourPanel::tr("Bandwidth"), formatRate(c.scenario.gpu.bandwidth, ByteUnits::SI)},
                 {TourPanel::tr("Ridge point"), TourPanel::tr("%1 FLOP/B").arg(r)}}};
        }};
    steps << TourStep{
        TourPanel::tr("Memory-bound decode"),
        none,
        QStringLiteral("roofline"),
        QStringLiteral("arithmetic_intensity"),
        QStringLiteral("roofline"),
        ByteUnits::SI,
        {},
        [](C c) {
            const auto gqa = rooflinePoint(c, QStringLiteral("decode-attention-gqa"));
            const auto mha = rooflinePoint(c, QStringLiteral("decode-attention-mha"));
            const double gi = gqa ? gqa->intensity : c.ledger.arithmeticIntensity;
            const double gb = gqa ? gqa->belowRidge : c.ledger.belowRidge;
            const double mi = mha ? mha->intensity : c.ledger.mhaArithmeticIntensity;
            const double mb = mha ? mha->belowRidge : c.ledger.ridgePoint / mi;
            return TourText{TourPanel::tr("Decode attention with GQA does %1 FLOP per KV byte, "
                                          "%2 below the ridge; MHA does %3, %4 below. Decoding is "
                                          "limited by memory, not by compute.")
                                .arg(formatNumber(gi), times(gb), formatNumber(mi), times(mb)),
                            times(gb),
                            {{TourPanel::tr("GQA: FLOP per KV byte"), formatNumber(gi)},
                             {TourPanel::tr("GQA below the ridge"), times(gb)},
                             {TourPanel::tr("MHA: FLOP per KV byte"), formatNumber(mi)},
                             {TourPanel::tr("MHA below the ridge"), times(mb)}}};
        }};
    steps << TourStep{
        TourPanel::tr("fp8: half the bytes"),
        [](Scenario &s) { s.kvPrecision = Precision::of(NumberFormat::FP8); },
        QStringLiteral("cost"),
        QStringLiteral("kv_bytes_per_token"),
        QStringLiteral("precision"),
        ByteUnits::Binary,
        {},
        [](C c) {
            const Ledger fp16 = evaluate(Scenario::seed());
            const Ledger &l = c.ledger;
            const QString kib = formatBytes(double(l.kvBytesPerToken), ByteUnits::Binary);
            const QString faster = formatNumber(fp16.secondsPerToken / l.secondsPerToken);
            return TourText{
                TourPanel::tr("K and V in fp8: %1 per token instead of %2. KV streaming halves "
                              "(%3 → %4) and so does the TP degree (%5 → %6), but the weights "
                              "stay: time per token falls only ÷%7 (%8 → %9).")
                    .arg(kib, formatBytes(double(fp16.kvBytesPerToken), ByteUnits::Binary),
                         formatSeconds(fp16.kvSecondsPerToken), formatSeconds(l.kvSecondsPerToken),
                         QString::number(fp16.tpDegree), QString::number(l.tpDegree), faster,
                         formatSeconds(fp16.secondsPerToken), formatSeconds(l.secondsPerToken)),
                kib,
                {{TourPanel::tr("KV per token"), kib},
                 {TourPanel::tr("Time per token, KV only"), formatSeconds(l.kvSecondsPerToken)},
                 {TourPanel::tr("Time per token"), formatSeconds(l.secondsPerToken)},
                 {TourPanel::tr("Faster than fp16"), TourPanel::tr("÷%1").arg(faster)}}};
        }};
    steps << TourStep{
        TourPanel::tr("int4 and its scales"),
        [](Scenario &s) { s.kvPrecision = Precision::of(NumberFormat::INT4); },
        QStringLiteral("cost"),
        QStringLiteral("kv_bytes_per_token"),
        QStringLiteral("precision"),
        ByteUnits::SI,
        {},
        [](C c) {
            const Ledger fp16 = evaluate(Scenario::seed());
            const Ledger &l = c.ledger;
            const QString b = formatInteger(l.kvBytesPerToken) + u" B";
            const QString smaller = formatNumber(double(fp16.kvBytesPerToken) / l.kvBytesPerToken);
            const QString unscaled = formatInteger(l.kvBytesPerTokenUnscaled) + u" B";
            return TourText{
                TourPanel::tr("int4 with its group scales, %1, stores %2 per token: ÷%3 from "
                              "fp16. “A quarter” (%4) holds only without the scales. Measure "
                              "recall on your own traffic first.")
                    .arg(c.scenario.kvPrecision.label(), b, smaller, unscaled),
                b,
                {{TourPanel::tr("KV per token"), b},
                 {TourPanel::tr("Smaller than fp16"), TourPanel::tr("÷%1").arg(smaller)},
                 {TourPanel::tr("Without the scales"), unscaled}}};
        }};
    steps << TourStep{
        TourPanel::tr("Eviction is a bet"),
        none,
        QStringLiteral("strategies"),
        QString(),
        QStringLiteral("strategies"),
        ByteUnits::SI,
        {kH2oRow, kSnapKvRow},
        [](C c) {
            const auto h2o = strategyResult(c, QStringLiteral("H2O"));
            const auto snap = strategyResult(c, QStringLiteral("SnapKV"));
            if (!h2o || !snap)
                return TourText{};
            const QString held = formatBytes(snap->heldBytes, ByteUnits::SI);
            const QString h2oHeld = formatBytes(h2o->heldBytes, ByteUnits::SI);
            const QString cache = formatBytes(c.ledger.kvBytes, ByteUnits::SI);
            const QString oldest = formatInteger(snap->oldestReadableToken);
            return TourText{
                TourPanel::tr("H2O holds %1 and SnapKV %2 of the %3 cache: a bet that the past "
                              "predicts the question. With SnapKV nothing before token %4 is sure "
                              "to stay readable, and agents live on details cited once.")
                    .arg(h2oHeld, held, cache, oldest),
                held,
                {{TourPanel::tr("Full KV cache"), cache},
                 {TourPanel::tr("H2O holds"), h2oHeld},
                 {TourPanel::tr("SnapKV holds"), held},
                 {TourPanel::tr("Oldest token sure to stay"), oldest}}};
        }};
    steps << TourStep{
        TourPanel::tr("The safe money"),
        none,
        QStringLiteral("strategies"),
        QString(),
        QStringLiteral("strategies"),
        ByteUnits::SI,
        {kFp8Row, kInt4Row},
        [](C c) {
            const auto fp8 = strategyResult(c, QStringLiteral("fp8"));
            const auto int4 = strategyResult(c, QStringLiteral("int4"));
            if (!fp8 || !int4)
                return TourText{};
            const QString read = formatBytes(fp8->readBytesPerStep, ByteUnits::SI);
            return TourText{
                TourPanel::tr("Quantization + conservative windows: fp8 reads %1 per token and "
                              "keeps every token readable. Keep compression for stale regions "
                              "of the history.")
                    .arg(read),
                read,
                {{TourPanel::tr("fp8 reads per token"), read},
                 {TourPanel::tr("fp8: time per token"), formatSeconds(fp8->secondsPerToken)},
                 {TourPanel::tr("int4 reads per token"),
                  formatBytes(int4->readBytesPerStep, ByteUnits::SI)},
                 {TourPanel::tr("int4: time per token"), formatSeconds(int4->secondsPerToken)}}};
        }};
    steps << TourStep{
        TourPanel::tr("The end game: trained sparse attention"),
        none,
        QStringLiteral("strategies"),
        QString(),
        QStringLiteral("strategy-latency"),
        ByteUnits::SI,
        {kDuoRow, kMobaRow, kNsaRow},
        [](C c) {
            const auto nsa = strategyResult(c, QStringLiteral("NSA"));
            if (!nsa)
                return TourText{};
            const QString read = formatBytes(nsa->readBytesPerStep, ByteUnits::SI);
            const QString full = formatBytes(c.ledger.kvBytes, ByteUnits::SI);
            const QString time = formatSeconds(nsa->secondsPerToken);
            return TourText{
                TourPanel::tr("A model that decides itself what not to read (DuoAttention, NSA, "
                              "MoBA, SeerAttention): NSA reads %1 per token instead of %2, %3 "
                              "per token.")
                    .arg(read, full, time),
                read,
                {{TourPanel::tr("Full attention reads"), full},
                 {TourPanel::tr("NSA reads per token"), read},
                 {TourPanel::tr("NSA: time per token"), time},
                 {TourPanel::tr("Full: time per token"), formatSeconds(c.ledger.secondsPerToken)}}};
        }};
    steps << TourStep{
        TourPanel::tr("Measure first"),
        none,
        QStringLiteral("mass"),
        QString(),
        QStringLiteral("mass-top"),
        ByteUnits::SI,
        {},
        [](C c) {
            if (!c.mass || !c.mass->report() || c.mass->report()->layers.isEmpty())
                return TourText{TourPanel::tr("Measuring the attention mass…"), {}, {}};
            const QList<MassStats> &layers = c.mass->report()->layers;
            const auto [lo, hi] = std::minmax_element(
                layers.begin(), layers.end(),
                [](const MassStats &a, const MassStats &b) { return a.topShare < b.topShare; });
            const QString top = percent(hi->topShare);
            const QString concentrated = TourPanel::tr("%1 of %2")
                                             .arg(c.mass->report()->concentratedLayers())
                                             .arg(c.mass->report()->judgedLayers());
            return TourText{
                TourPanel::tr("Measure per layer the attention mass in the top %1 of KV blocks: "
                              "here %2 of %3 layers are concentrated (up to %4), the flattest "
                              "holds %5. Concentrated: room for eviction. Flat: the honest saving "
                              "is in the bytes.")
                    .arg(percent(c.mass->report()->topFraction))
                    .arg(c.mass->report()->concentratedLayers())
                    .arg(c.mass->report()->judgedLayers())
                    .arg(top, percent(lo->topShare)),
                top,
                {{TourPanel::tr("Top share of blocks"), percent(c.mass->report()->topFraction)},
                 {TourPanel::tr("Concentrated layers"), concentrated},
                 {TourPanel::tr("Most concentrated"), top},
                 {TourPanel::tr("Flattest"), percent(lo->topShare)}}};
        }};
    return steps;
}

TourPanel::TourPanel(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_steps(seedTourSteps()),
      m_counter(new QLabel(this)), m_title(new QLabel(this)), m_text(new QLabel(this)),
      m_back(new QPushButton(this)), m_next(new QPushButton(this)), m_close(new QPushButton(this))
{
    setObjectName(QStringLiteral("tour"));
    auto *layout = new QVBoxLayout(this);
    // One row for the title and the buttons: the text gets the height a small screen can spare.
    auto *head = new QHBoxLayout;
    head->addWidget(m_title, 1);
    head->addWidget(m_counter);
    head->addSpacing(12);
    head->addWidget(m_back);
    head->addWidget(m_next);
    head->addWidget(m_close);
    layout->addLayout(head);
    layout->addWidget(m_text, 1);
    m_title->setObjectName(QStringLiteral("tourTitle"));
    m_text->setObjectName(QStringLiteral("tourText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    applyFonts();
    // Buttons take no focus: Space must move the tour, not press the last clicked button.
    for (QPushButton *b : {m_back, m_next, m_close})
        b->setFocusPolicy(Qt::NoFocus);

    connect(m_back, &QPushButton::clicked, this, &TourPanel::back);
    connect(m_next, &QPushButton::clicked, this, &TourPanel::forward);
    connect(m_close, &QPushButton::clicked, this, &TourPanel::stop);
    connect(m_controller, &ScenarioController::changed, this, &TourPanel::recompose);
    retranslate();
}

void TourPanel::setViews(StrategyPanel *strategies, RooflineChart *roofline, MassPanel *mass)
{
    m_strategies = strategies;
    m_roofline = roofline;
    m_mass = mass;
    if (m_strategies)
        connect(m_strategies, &StrategyPanel::strategiesChanged, this, &TourPanel::recompose);
    if (m_roofline)
        connect(m_roofline, &RooflineChart::rooflineChanged, this, &TourPanel::recompose);
    if (m_mass)
        connect(m_mass, &MassPanel::reportChanged, this, &TourPanel::recompose);
}

QString TourPanel::text() const
{
    return m_text->text();
}

void TourPanel::start()
{
    begin();
    goTo(0);
}

void TourPanel::begin()
{
    if (m_running)
        return;
    m_running = true;
    if (m_strategies) {
        m_savedChecks.clear();
        for (int i = 0; i < m_strategies->strategyCount(); ++i)
            m_savedChecks << m_strategies->isChecked(i);
    }
    emit started(); // the window keeps the user's scenario, tab and units
    // Clickers send PageDown/PageUp to whatever has focus: listen application-wide, only while
    // the tour runs.
    qApp->installEventFilter(this);
}

void TourPanel::stop()
{
    if (!m_running)
        return;
    qApp->removeEventFilter(this);
    m_running = false;
    m_step = -1;
    if (m_strategies)
        for (int i = 0; i < m_savedChecks.size() && i < m_strategies->strategyCount(); ++i)
            m_strategies->setChecked(i, m_savedChecks.at(i));
    emit finished();
}

void TourPanel::forward()
{
    if (m_step + 1 >= stepCount())
        stop();
    else
        next();
}

void TourPanel::goTo(int step)
{
    if (step < 0 || step >= stepCount())
        return;
    begin();
    m_step = step;
    const TourStep &t = m_steps.at(step);
    if (m_strategies && !t.strategyRows.isEmpty())
        for (int i = 0; i < m_strategies->strategyCount(); ++i)
            m_strategies->setChecked(i, t.strategyRows.contains(i));
    Scenario s = Scenario::seed();
    t.apply(s);
    m_controller->preview(s); // the tour's copy: no undo entry, the document stays clean
    show(step);
}

void TourPanel::show(int step)
{
    const TourStep &t = m_steps.at(step);
    m_title->setText(t.title);
    m_counter->setText(tr("Step %1 of %2").arg(step + 1).arg(stepCount()));
    m_back->setEnabled(step > 0);
    m_next->setText(step + 1 < stepCount() ? tr("Next ›") : tr("Finish"));
    emit stepShown(step);
    emit highlightRequested(t.ledgerKey, t.chartId);
    recompose();
}

void TourPanel::recompose()
{
    if (!isRunning() || m_step < 0)
        return;
    const TourStep &t = m_steps.at(m_step);
    const TourContext c{m_controller->scenario(), m_controller->ledger(), m_strategies, m_roofline,
                        m_mass};
    const TourText text = t.compose(c);
    m_figure = text.figure;
    m_headlines = text.headlines;
    m_text->setText(text.text);
    fitText();
    emit composed();
}

void TourPanel::retranslate()
{
    m_steps = seedTourSteps();
    m_back->setText(tr("‹ Back"));
    m_back->setToolTip(tr("Previous step (PageUp, Left)"));
    m_next->setToolTip(tr("Next step (PageDown, Space, Right)"));
    m_close->setText(tr("Close"));
    m_close->setToolTip(tr("End the tour (Esc)"));
    if (m_step >= 0)
        show(m_step);
}

// The title a size above the panel's type, so it grows with it.
void TourPanel::applyFonts()
{
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_title->setFont(big);
    fitText();
}

// A dock ignores a wrapped label's height for its width: the text asks for every line it needs
// at its width (two at least, so the dock does not jump between short and long steps).
void TourPanel::fitText()
{
    const int lines = 2 * m_text->fontMetrics().lineSpacing();
    // The text spans the panel: its width is known before the layout has placed it.
    const QMargins m = layout()->contentsMargins();
    const int width = std::max(this->width() - m.left() - m.right(), 1);
    const int needed = m_text->text().isEmpty() || !isVisible() ? 0 : m_text->heightForWidth(width);
    const int height = std::max(lines, needed);
    if (m_text->minimumHeight() != height)
        m_text->setMinimumHeight(height);
}

void TourPanel::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    fitText();
}

void TourPanel::showEvent(QShowEvent *e)
{
    QWidget::showEvent(e);
    fitText();
}

void TourPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    if (e->type() == QEvent::FontChange) // presentation mode's larger type
        applyFonts();
    QWidget::changeEvent(e);
}

bool focusUsesArrowKeys(const QWidget *focus)
{
    return focus &&
           (qobject_cast<const QAbstractSpinBox *>(focus) ||
            qobject_cast<const QAbstractButton *>(focus) ||
            qobject_cast<const QAbstractSlider *>(focus) ||
            qobject_cast<const QLineEdit *>(focus) || qobject_cast<const QComboBox *>(focus) ||
            qobject_cast<const QTextEdit *>(focus) ||
            qobject_cast<const QAbstractItemView *>(focus));
}

// Keys reach the tour whatever has focus in its window. Left, Right and Space stay with a
// focused widget that uses them (a spin box, a slider, a text field, a list, a button), so the
// user can still edit; PageUp/PageDown (what clickers send) and Esc always drive the tour.
bool TourPanel::eventFilter(QObject *watched, QEvent *e)
{
    if (e->type() != QEvent::KeyPress || !isRunning())
        return QWidget::eventFilter(watched, e);
    auto *w = qobject_cast<QWidget *>(watched);
    if (!w || w->window() != window())
        return QWidget::eventFilter(watched, e);
    const auto *k = static_cast<QKeyEvent *>(e);
    const bool editing = focusUsesArrowKeys(QApplication::focusWidget());
    const Qt::KeyboardModifiers mods = k->modifiers() & ~(Qt::KeypadModifier | Qt::AltModifier);
    if (mods != Qt::NoModifier)
        return QWidget::eventFilter(watched, e);
    const bool alt = k->modifiers().testFlag(Qt::AltModifier);
    switch (k->key()) {
    case Qt::Key_PageDown:
        forward();
        return true;
    case Qt::Key_PageUp:
        back();
        return true;
    case Qt::Key_Escape:
        stop();
        return true;
    case Qt::Key_Right:
    case Qt::Key_Space:
        if (editing && !alt)
            break;
        forward();
        return true;
    case Qt::Key_Left:
        if (editing && !alt)
            break;
        back();
        return true;
    default:
        break;
    }
    return QWidget::eventFilter(watched, e);
}

} // namespace kvl
