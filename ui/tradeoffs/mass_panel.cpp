#include "mass_panel.h"

#include "input_limits.h"
#include "mass_analyzer.h"
#include "mass_table_model.h"
#include "units.h"
#include "wrapping_header.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

namespace kvl {

namespace {
// Curves are kept for every layer up to this; the chart picks which to draw without a rerun.
constexpr int kCurveLayers = limits::maxLayers;

QDoubleSpinBox *doubleBox(QWidget *parent, double lo, double hi, double value, int decimals,
                          double step)
{
    auto *box = new QDoubleSpinBox(parent);
    box->setRange(lo, hi);
    box->setDecimals(decimals);
    box->setSingleStep(step);
    box->setValue(value);
    return box;
}

QSpinBox *intBox(QWidget *parent, int lo, int hi, int value)
{
    auto *box = new QSpinBox(parent);
    box->setRange(lo, hi);
    box->setValue(value);
    box->setGroupSeparatorShown(true);
    return box;
}

SyntheticKind kindOf(MassPanel::Source s)
{
    switch (s) {
    case MassPanel::Source::Uniform:
        return SyntheticKind::Uniform;
    case MassPanel::Source::PowerLaw:
        return SyntheticKind::PowerLaw;
    case MassPanel::Source::Needle:
        return SyntheticKind::Needle;
    default:
        return SyntheticKind::Recency;
    }
}
} // namespace

MassPanel::MassPanel(QWidget *parent)
    : QWidget(parent), m_analyzer(new MassAnalyzer(this)), m_model(new MassTableModel(this))
{
    setObjectName(QStringLiteral("massPanel"));
    build();
    connect(m_analyzer, &MassAnalyzer::runningChanged, this, [this](bool running) {
        m_cancel->setEnabled(running);
        m_progress->setVisible(running);
    });
    connect(m_analyzer, &MassAnalyzer::progress, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    connect(m_analyzer, &MassAnalyzer::finished, this, [this](const MassReport &report) {
        m_reportSynthetic = m_analysing;
        onFinished(report);
    });
    connect(m_analyzer, &MassAnalyzer::failed, this, [this](const QString &why) {
        setStatus(m_report ? tr("%1\nThe previous results are kept.").arg(why) : why, true);
        emit analysisFailed(why);
    });
    // "Cancelled" once the worker has returned (within milliseconds): until then it is stopping.
    connect(m_analyzer, &MassAnalyzer::cancelled, this, [this] {
        setStatus(m_report ? tr("Stopping…; the previous results are kept.") : tr("Stopping…"),
                  false);
        emit analysisCancelled();
    });
    connect(m_analyzer, &MassAnalyzer::stopped, this, [this] {
        setStatus(m_report ? tr("Cancelled; the previous results are kept.") : tr("Cancelled."),
                  false);
    });
    m_cancel->setEnabled(false);
    m_progress->hide();
    retranslate();
}

void MassPanel::retranslate()
{
    const QStringList sources = {tr("File (.npy, .csv)"), tr("Synthetic: uniform"),
                                 tr("Synthetic: power law"), tr("Synthetic: recency + sinks"),
                                 tr("Synthetic: needle")};
    for (int i = 0; i < m_source->count() && i < sources.size(); ++i)
        m_source->setItemText(i, sources.at(i));
    m_open->setText(tr("Open .npy/.csv…"));
    m_flatLayers->setToolTip(tr("The first layers uniform: early layers often are"));
    m_exponent->setToolTip(tr("The i-th largest block holds ∝ i^-exponent"));
    m_decay->setToolTip(tr("Mass ∝ exp(-age / decay), age in blocks from the newest"));
    m_floor->setToolTip(tr("Share of the mass spread evenly over every block"));
    m_needleBlock->setSpecialValueText(tr("the middle"));
    m_needleShare->setToolTip(
        tr("The mass on the one old block that carries the answer: a detail mentioned once"));
    m_blockSize->setSuffix(tr(" tokens"));
    m_blockSize->setToolTip(tr("Keys summed into one KV block (.npy files; CSV rows are blocks)"));
    m_curveLayers->setPlaceholderText(tr("most, median and least concentrated"));
    m_curveLayers->setToolTip(tr("Layers whose cumulative curve to draw: \"0, 12, 31\""));
    m_sourceBox->setTitle(tr("Attention mass source"));
    m_analysisBox->setTitle(tr("Analysis"));
    m_run->setText(tr("Analyze"));
    m_cancel->setText(tr("Cancel"));
    const auto label = [](QFormLayout *form, QWidget *field, const QString &text) {
        static_cast<QLabel *>(form->labelForField(field))->setText(text);
    };
    label(m_form, m_layers, tr("Layers"));
    label(m_form, m_blocks, tr("Blocks per layer"));
    label(m_form, m_flatLayers, tr("Flat first layers"));
    label(m_form, m_exponent, tr("Exponent"));
    label(m_form, m_sinks, tr("Sink blocks"));
    label(m_form, m_sinkShare, tr("Sink share"));
    label(m_form, m_decay, tr("Decay (blocks)"));
    label(m_form, m_floor, tr("Uniform floor"));
    label(m_form, m_needleBlock, tr("Needle block"));
    label(m_form, m_needleShare, tr("Needle share"));
    label(m_analysisForm, m_blockSize, tr("Block size"));
    label(m_analysisForm, m_topPercent, tr("Top share of blocks"));
    label(m_analysisForm, m_curveLayers, tr("Curves for layers"));
    showSourceRows();
    if (!m_report)
        return;
    // The source's name and the words around the report now: a PDF report in another language
    // is drawn before the event loop runs again. A synthetic source words its notes as it is
    // generated, so it is analysed again too.
    onFinished(*m_report);
    if (Source(m_source->currentData().toInt()) != Source::File && !isRunning())
        analyze();
}

void MassPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void MassPanel::build()
{
    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("massSource"));
    for (Source s :
         {Source::File, Source::Uniform, Source::PowerLaw, Source::Recency, Source::Needle})
        m_source->addItem(QString(), int(s)); // named in retranslate()
    m_source->setCurrentIndex(m_source->findData(int(Source::Recency)));
    m_open = new QPushButton(this);
    m_open->setObjectName(QStringLiteral("openMass"));
    m_file = new QLabel(this);
    m_file->setWordWrap(true);
    m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);

    SyntheticMass d;
    d.flatLayers = 2; // a mixed verdict to start from: early layers are often flat
    m_layers = intBox(this, 1, limits::maxLayers, d.layers);
    m_blocks = intBox(this, 1, 10'000'000, int(d.blocks));
    m_flatLayers = intBox(this, 0, limits::maxLayers, d.flatLayers);
    m_exponent = doubleBox(this, 0, 8, d.exponent, 2, 0.1);
    m_sinks = intBox(this, 0, 1024, d.sinkBlocks);
    m_sinkShare = doubleBox(this, 0, 1, d.sinkShare, 3, 0.05);
    m_decay = doubleBox(this, 0.1, 1e7, d.decay, 1, 8);
    m_floor = doubleBox(this, 0, 1, d.floor, 3, 0.01);
    m_needleBlock = intBox(this, -1, 10'000'000, int(d.needleBlock));
    m_needleShare = doubleBox(this, 0, 1, d.needleShare, 4, 0.001);

    m_blockSize = intBox(this, 1, 1 << 20, MassOptions{}.blockSize);
    m_blockSize->setObjectName(QStringLiteral("blockSize"));
    m_topPercent = doubleBox(this, 0.01, 100, MassOptions{}.topFraction * 100, 2, 0.5);
    m_topPercent->setObjectName(QStringLiteral("topShare"));
    m_topPercent->setSuffix(QStringLiteral(" %"));
    m_curveLayers = new QLineEdit(this);

    m_sourceBox = new QGroupBox(this);
    auto *sourceLayout = new QVBoxLayout(m_sourceBox);
    auto *sourceRow = new QHBoxLayout;
    sourceRow->addWidget(m_source, 1);
    sourceRow->addWidget(m_open);
    sourceLayout->addLayout(sourceRow);
    // The file's name wraps (height for width), so it stays out of the form: Qt 6.4's
    // QFormLayout writes past its buffers laying out such a row beside rows setRowVisible() hid,
    // and opening a file (a scenario's included) then crashed the window.
    sourceLayout->addWidget(m_file);
    m_form = new QFormLayout;
    m_form->setContentsMargins(0, 0, 0, 0);
    sourceLayout->addLayout(m_form);
    // Row labels are named in retranslate().
    for (QWidget *w : std::initializer_list<QWidget *>{m_layers, m_blocks, m_flatLayers, m_exponent,
                                                       m_sinks, m_sinkShare, m_decay, m_floor,
                                                       m_needleBlock, m_needleShare})
        m_form->addRow(new QLabel(m_sourceBox), w);

    m_analysisBox = new QGroupBox(this);
    m_analysisForm = new QFormLayout(m_analysisBox);
    for (QWidget *w : std::initializer_list<QWidget *>{m_blockSize, m_topPercent, m_curveLayers}) {
        auto *label = new QLabel(m_analysisBox);
        label->setWordWrap(true); // "Topo considerado (fração dos blocos)" must not widen the page
        m_analysisForm->addRow(label, w);
    }

    m_run = new QPushButton(this);
    m_run->setObjectName(QStringLiteral("analyzeMass"));
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("cancelMass"));
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    auto *runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("massStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_table = new QTableView(this);
    m_table->setHorizontalHeader(new WrappingHeader(m_table));
    m_table->setObjectName(QStringLiteral("massTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("massVerdict"));
    m_projection = new QLabel(this);
    m_projection->setObjectName(QStringLiteral("massProjection"));
    for (QLabel *l : {m_verdict, m_projection}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    // Bold by markup: a font or style sheet set here would not follow presentation mode's larger
    // application font.
    m_verdict->setTextFormat(Qt::RichText);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_sourceBox);
    layout->addWidget(m_analysisBox);
    layout->addLayout(runRow);
    layout->addWidget(m_status);
    layout->addWidget(m_verdict);
    layout->addWidget(m_projection);
    layout->addWidget(m_table, 1);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_debounce, &QTimer::timeout, this, &MassPanel::analyze);
    connect(m_source, &QComboBox::currentIndexChanged, this, [this] {
        showSourceRows();
        scheduleAnalysis();
    });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open attention weights"), QFileInfo(m_path).path(),
            tr("Attention mass (*.npy *.csv);;All files (*)"));
        if (!path.isEmpty())
            openFile(path);
    });
    connect(m_run, &QPushButton::clicked, this, &MassPanel::analyze);
    connect(m_cancel, &QPushButton::clicked, this, &MassPanel::cancel);
    for (QSpinBox *b : {m_layers, m_blocks, m_flatLayers, m_sinks, m_needleBlock, m_blockSize})
        connect(b, &QSpinBox::valueChanged, this, &MassPanel::scheduleAnalysis);
    for (QDoubleSpinBox *b :
         {m_exponent, m_sinkShare, m_decay, m_floor, m_needleShare, m_topPercent})
        connect(b, &QDoubleSpinBox::valueChanged, this, &MassPanel::scheduleAnalysis);
    connect(m_curveLayers, &QLineEdit::editingFinished, this, &MassPanel::curveLayersChanged);
}

void MassPanel::showSourceRows()
{
    const auto s = Source(m_source->currentData().toInt());
    const bool synthetic = s != Source::File;
    const bool recency = s == Source::Recency || s == Source::Needle;
    m_file->setVisible(!synthetic);
    for (QWidget *w : {static_cast<QWidget *>(m_layers), static_cast<QWidget *>(m_blocks),
                       static_cast<QWidget *>(m_flatLayers)})
        m_form->setRowVisible(w, synthetic);
    m_form->setRowVisible(m_exponent, s == Source::PowerLaw);
    for (QWidget *w : {static_cast<QWidget *>(m_sinks), static_cast<QWidget *>(m_sinkShare),
                       static_cast<QWidget *>(m_decay), static_cast<QWidget *>(m_floor)})
        m_form->setRowVisible(w, recency);
    m_form->setRowVisible(m_needleBlock, s == Source::Needle);
    m_form->setRowVisible(m_needleShare, s == Source::Needle);
    m_file->setText(m_path.isEmpty() ? tr("No file opened yet.")
                                     : QDir::toNativeSeparators(m_path));
}

void MassPanel::scheduleAnalysis()
{
    m_debounce->start();
}

MassOptions MassPanel::options() const
{
    MassOptions o;
    o.blockSize = m_blockSize->value();
    o.topFraction = m_topPercent->value() / 100;
    for (int i = 0; i < kCurveLayers; ++i)
        o.curveLayers << i;
    return o;
}

SyntheticMass MassPanel::synthetic() const
{
    SyntheticMass m;
    m.kind = kindOf(Source(m_source->currentData().toInt()));
    m.layers = m_layers->value();
    m.blocks = m_blocks->value();
    m.flatLayers = m_flatLayers->value();
    m.exponent = m_exponent->value();
    m.sinkBlocks = m_sinks->value();
    m.sinkShare = m_sinkShare->value();
    m.decay = m_decay->value();
    m.floor = m_floor->value();
    m.needleBlock = m_needleBlock->value();
    m.needleShare = m_needleShare->value();
    return m;
}

QList<int> MassPanel::curveLayers() const
{
    QList<int> out;
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    for (const QString &part : m_curveLayers->text().split(separators, Qt::SkipEmptyParts)) {
        bool ok = false;
        const int layer = part.toInt(&ok);
        if (ok && layer >= 0 && !out.contains(layer))
            out << layer;
    }
    return out;
}

QString MassPanel::filePath() const
{
    return Source(m_source->currentData().toInt()) == Source::File ? m_path : QString();
}

void MassPanel::setBlockSize(int tokens)
{
    m_blockSize->setValue(tokens);
}

void MassPanel::setTopFraction(double fraction)
{
    m_topPercent->setValue(fraction * 100);
}

void MassPanel::openFile(const QString &path)
{
    m_path = path;
    const QSignalBlocker block(m_source);
    m_source->setCurrentIndex(m_source->findData(int(Source::File)));
    showSourceRows();
    analyze();
}

void MassPanel::setSynthetic(const SyntheticMass &m)
{
    // Set every control, then analyse once.
    std::vector<QSignalBlocker> blockers;
    for (QWidget *w : findChildren<QAbstractSpinBox *>())
        blockers.emplace_back(w);
    blockers.emplace_back(m_source);
    const Source s = m.kind == SyntheticKind::Uniform    ? Source::Uniform
                     : m.kind == SyntheticKind::PowerLaw ? Source::PowerLaw
                     : m.kind == SyntheticKind::Needle   ? Source::Needle
                                                         : Source::Recency;
    m_source->setCurrentIndex(m_source->findData(int(s)));
    m_layers->setValue(m.layers);
    m_blocks->setValue(int(m.blocks));
    m_flatLayers->setValue(m.flatLayers);
    m_exponent->setValue(m.exponent);
    m_sinks->setValue(m.sinkBlocks);
    m_sinkShare->setValue(m.sinkShare);
    m_decay->setValue(m.decay);
    m_floor->setValue(m.floor);
    m_needleBlock->setValue(int(m.needleBlock));
    m_needleShare->setValue(m.needleShare);
    blockers.clear();
    showSourceRows();
    analyze();
}

void MassPanel::analyze()
{
    m_debounce->stop();
    const MassOptions o = options();
    const auto s = Source(m_source->currentData().toInt());
    if (s == Source::File) {
        if (m_path.isEmpty()) {
            setStatus(tr("Open a .npy or .csv file of attention weights first."), false);
            return;
        }
        const QString path = m_path;
        m_analysing.reset();
        setStatus(tr("Reading %1…").arg(QFileInfo(path).fileName()), false);
        m_analyzer->start([path, o](QString *error, const MassProgress &progress) {
            return analyzeMassFile(path, o, error, progress);
        });
        return;
    }
    const SyntheticMass m = synthetic();
    m_analysing = m;
    setStatus(tr("%1: generating…").arg(m.description()), false);
    m_analyzer->start([m, o](QString *error, const MassProgress &progress) {
        return analyzeSynthetic(m, o, error, progress);
    });
}

void MassPanel::cancel()
{
    m_analyzer->cancel();
}

bool MassPanel::isRunning() const
{
    return m_analyzer->isRunning();
}

void MassPanel::onFinished(const MassReport &finished)
{
    MassReport report = finished;
    // A synthetic source is named in words with its size ("Synthetic: needle among recency and
    // sinks, 8 layers × 4,096 blocks"), not by core's spec of English keys and C-locale numbers.
    if (m_reportSynthetic)
        report.source = m_reportSynthetic->description();
    m_report = report;
    m_model->setReport(report);
    const QString blocks =
        report.layers.isEmpty() ? QStringLiteral("0") : formatInteger(report.layers.first().blocks);
    if (m_reportSynthetic)
        setStatus(report.source, false);
    else
        setStatus(report.layers.size() == 1
                      ? tr("%1: one layer, %2 blocks").arg(report.source, blocks)
                      : tr("%1: %2 layers, %3 blocks each")
                            .arg(report.source, QString::number(report.layers.size()), blocks),
                  false);
    updateTexts();
    emit reportChanged();
}

void MassPanel::setStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #C0392B;") : QString());
}

void MassPanel::setScenario(const Scenario &s)
{
    m_scenario = s;
    updateTexts();
}

QString MassPanel::statusText() const
{
    return m_status->text();
}

QString MassPanel::verdictText() const
{
    return m_verdict->text();
}

QString MassPanel::projectionText() const
{
    return m_projection->text();
}

} // namespace kvl
