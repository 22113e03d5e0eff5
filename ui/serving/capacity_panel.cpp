#include "capacity_panel.h"

#include "view_settings.h"
#include "vllm_log.h"
#include "wrapping_header.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace kvl {

namespace {
QString signedPercent(double ratio)
{
    const double p = (ratio - 1) * 100;
    return (p >= 0 ? QStringLiteral("+") : QString()) + formatNumber(p, 2) + u'%';
}
} // namespace

CapacityPanel::CapacityPanel(const ViewSettings *view, QWidget *parent)
    : QWidget(parent), m_view(view)
{
    setObjectName(QStringLiteral("capacityPanel"));
    m_utilization = new QDoubleSpinBox(this);
    m_utilization->setObjectName(QStringLiteral("gpuMemoryUtilization"));
    m_utilization->setRange(0.05, 1.0);
    m_utilization->setSingleStep(0.05);
    m_utilization->setDecimals(2);
    m_utilization->setValue(CapacityInputs{}.gpuMemoryUtilization);
    m_blockSize = new QComboBox(this);
    m_blockSize->setObjectName(QStringLiteral("blockSize"));
    for (int b : {8, 16, 32, 64, 128})
        m_blockSize->addItem(formatInteger(qint64(b)), b);
    m_blockSize->setCurrentIndex(m_blockSize->findData(CapacityInputs{}.blockSize));
    m_batchedTokens = new QSpinBox(this);
    m_batchedTokens->setObjectName(QStringLiteral("maxNumBatchedTokens"));
    m_batchedTokens->setRange(0, 1 << 20);
    m_batchedTokens->setSingleStep(1024);
    m_kvMemory = new QDoubleSpinBox(this);
    m_kvMemory->setObjectName(QStringLiteral("kvCacheMemory"));
    m_kvMemory->setRange(0, 1e6);
    m_kvMemory->setDecimals(2);
    m_kvMemory->setSingleStep(1);

    auto *form = new QFormLayout;
    m_utilizationLabel = new QLabel(this);
    m_blockLabel = new QLabel(this);
    m_batchedLabel = new QLabel(this);
    m_kvMemoryLabel = new QLabel(this);
    form->addRow(m_utilizationLabel, m_utilization);
    form->addRow(m_blockLabel, m_blockSize);
    form->addRow(m_batchedLabel, m_batchedTokens);
    form->addRow(m_kvMemoryLabel, m_kvMemory);
    for (auto [label, field] : {std::pair<QLabel *, QWidget *>{m_utilizationLabel, m_utilization},
                                {m_blockLabel, m_blockSize},
                                {m_batchedLabel, m_batchedTokens},
                                {m_kvMemoryLabel, m_kvMemory}})
        label->setBuddy(field);

    m_heading = new QLabel(this);
    m_heading->setWordWrap(true);
    m_table = new QTableWidget(0, 2, this);
    m_table->setHorizontalHeader(new WrappingHeader(m_table));
    m_table->setObjectName(QStringLiteral("capacityRows"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_refusal = new QLabel(this);
    m_refusal->setObjectName(QStringLiteral("capacityRefusal"));
    m_refusal->setWordWrap(true);
    m_refusal->setTextFormat(Qt::PlainText);
    m_refusal->setStyleSheet(QStringLiteral("font-weight: bold"));
    m_refusal->hide();

    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_logHeading = new QLabel(this);
    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(QStringLiteral("capacityLog"));
    m_log->setReadOnly(true);
    m_log->setFont(mono);
    m_log->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_log->setMaximumHeight(m_log->fontMetrics().lineSpacing() * 6);
    m_pasteHeading = new QLabel(this);
    m_paste = new QPlainTextEdit(this);
    m_paste->setObjectName(QStringLiteral("pastedLog"));
    m_paste->setFont(mono);
    m_paste->setTabChangesFocus(true);
    m_paste->setMaximumHeight(m_paste->fontMetrics().lineSpacing() * 6);
    m_comparison = new QLabel(this);
    m_comparison->setObjectName(QStringLiteral("logComparison"));
    m_comparison->setWordWrap(true);
    m_comparison->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_logHeading->setBuddy(m_log);
    m_pasteHeading->setBuddy(m_paste);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_heading);
    layout->addWidget(m_table);
    layout->addWidget(m_refusal);
    layout->addWidget(m_logHeading);
    layout->addWidget(m_log);
    layout->addWidget(m_pasteHeading);
    layout->addWidget(m_paste);
    layout->addWidget(m_comparison);
    layout->addStretch(1);

    // Typing or pasting a large log parses once it settles.
    m_pasteTimer = new QTimer(this);
    m_pasteTimer->setSingleShot(true);
    m_pasteTimer->setInterval(200);
    connect(m_pasteTimer, &QTimer::timeout, this, &CapacityPanel::compareLog);
    connect(m_paste, &QPlainTextEdit::textChanged, m_pasteTimer, qOverload<>(&QTimer::start));
    connect(m_utilization, &QDoubleSpinBox::valueChanged, this, &CapacityPanel::recompute);
    connect(m_blockSize, &QComboBox::currentIndexChanged, this, &CapacityPanel::recompute);
    connect(m_batchedTokens, &QSpinBox::valueChanged, this, &CapacityPanel::recompute);
    connect(m_kvMemory, &QDoubleSpinBox::valueChanged, this, &CapacityPanel::recompute);
    if (m_view)
        connect(m_view, &ViewSettings::unitsChanged, this, &CapacityPanel::fillTable);
    retranslate();
}

CapacityInputs CapacityPanel::inputs() const
{
    CapacityInputs in;
    in.scenario = m_scenario;
    in.gpuMemoryUtilization = m_utilization->value();
    in.blockSize = m_blockSize->currentData().toInt();
    in.maxNumBatchedTokens = m_batchedTokens->value();
    if (m_kvMemory->value() > 0)
        in.kvCacheMemoryBytes = m_kvMemory->value() * 1e9;
    return in;
}

void CapacityPanel::setScenario(const Scenario &s)
{
    m_scenario = s;
    recompute();
}

void CapacityPanel::recompute()
{
    if (!m_scenario.validate().isEmpty())
        return;
    m_capacity = servingCapacity(inputs());
    fillTable();
    compareLog();
}

void CapacityPanel::fillTable()
{
    const ServingCapacity &c = m_capacity;
    const auto bytes = [this](double b) { return formatBytes(b, ViewSettings::unitsOf(m_view)); };
    QList<std::pair<QString, QString>> rows = {
        {c.totalFromDatasheet ? tr("Device memory (datasheet label)")
                              : tr("Device memory (as the driver reports it)"),
         bytes(c.totalBytes)},
        {tr("× gpu_memory_utilization %1").arg(formatNumber(m_utilization->value(), 3)),
         bytes(c.requestedBytes)},
        {tr("− weights per GPU"), bytes(c.weightBytes)},
        {tr("− activations (profiling peak, %1 batched tokens)")
             .arg(formatInteger(c.maxNumBatchedTokens)),
         bytes(c.activationBytes)},
        {tr("− CUDA context, graphs, NCCL (allowance)"), bytes(c.nonTorchBytes)},
        {c.kvMemoryGiven ? tr("= KV cache memory per GPU (given)")
                         : tr("= KV cache memory per GPU"),
         bytes(c.kvCacheMemoryBytes)},
        {tr("Page: %1 tokens of one layer").arg(c.blockSize),
         formatBytesExact(double(c.pageSizeBytes))},
        {tr("Blocks (num_gpu_blocks)"), formatInteger(c.numBlocks)},
        {tr("GPU KV cache size"), tr("%1 tokens").arg(formatInteger(c.kvCacheTokens))},
        {tr("Maximum concurrency at %1 tokens per request").arg(formatInteger(c.maxModelLen)),
         tr("%1×").arg(formatNumber(c.maxConcurrency, 3))},
    };
    m_table->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        for (int col = 0; col < 2; ++col) {
            auto *item = new QTableWidgetItem(col == 0 ? rows.at(i).first : rows.at(i).second);
            if (col == 1)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(i, col, item);
        }
    }
    m_table->resizeRowsToContents();
    m_log->setPlainText(c.logLines.join(u'\n'));
    m_refusal->setVisible(!c.error.isEmpty());
    // vLLM's own words, quoted as it prints them.
    m_refusal->setText(tr("vLLM would refuse to start:") +
                       QStringLiteral("\nvLLM: “%1”").arg(c.error));
    m_heading->setText(tr("As vLLM computes it at start-up, per GPU of %1 (tensor parallel)")
                           .arg(m_scenario.gpus) +
                       QStringLiteral("\nvLLM: “%1”").arg(vllmVersion()));
}

void CapacityPanel::compareLog()
{
    const QString text = m_paste->toPlainText();
    if (text.trimmed().isEmpty()) {
        m_comparison->setText(tr("Paste the start-up lines of a vLLM server to compare: \"GPU KV "
                                 "cache size\" and \"Maximum concurrency\"."));
        return;
    }
    QString error;
    const auto logged = parseVllmLog(text, &error);
    if (!logged) {
        m_comparison->setText(tr("Not a vLLM start-up log: %1").arg(error));
        return;
    }
    const ServingCapacity &c = m_capacity;
    QString line =
        tr("Logged %1 tokens, predicted %2 (%3); concurrency logged %4×, predicted %5×.")
            .arg(formatInteger(logged->kvCacheTokens), formatInteger(c.kvCacheTokens),
                 signedPercent(double(c.kvCacheTokens) / double(logged->kvCacheTokens)),
                 formatNumber(logged->maxConcurrency, 3), formatNumber(c.maxConcurrency, 3));
    if (logged->maxModelLen != c.maxModelLen)
        line += u' ' + tr("The log's max_model_len is %1 tokens, the scenario's context %2: set "
                          "the context to the log's for a like-for-like comparison.")
                           .arg(formatInteger(logged->maxModelLen), formatInteger(c.maxModelLen));
    if (logged->kvMemoryBytes)
        line += u' ' + tr("KV memory logged %1, predicted %2 (%3).")
                           .arg(formatBytes(*logged->kvMemoryBytes, ByteUnits::Binary),
                                formatBytes(c.kvCacheMemoryBytes, ByteUnits::Binary),
                                signedPercent(c.kvCacheMemoryBytes / *logged->kvMemoryBytes));
    m_comparison->setText(line);
}

void CapacityPanel::retranslate()
{
    m_utilizationLabel->setText(tr("GPU memory utilization:"));
    m_blockLabel->setText(tr("Block size (tokens):"));
    m_batchedLabel->setText(tr("Max batched tokens:"));
    m_batchedTokens->setSpecialValueText(tr("vLLM's default"));
    m_kvMemoryLabel->setText(tr("KV cache memory:"));
    m_kvMemory->setSpecialValueText(tr("profiled"));
    m_kvMemory->setSuffix(tr(" GB"));
    m_logHeading->setText(tr("What vLLM would log:"));
    m_pasteHeading->setText(tr("Paste your vLLM log:"));
    m_paste->setPlaceholderText(tr("INFO ... GPU KV cache size: 178,880 tokens"));
    m_table->setHorizontalHeaderLabels({tr("Budget per GPU"), tr("Value")});
    m_table->setAccessibleName(tr("Memory budget per GPU, as vLLM computes it"));
    fillTable();
    compareLog();
}

void CapacityPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace kvl
