#include "gpu_panel.h"

#include "cuda_reason.h"
#include "input_limits.h"

#include "charts/axis_range.h"
#include "measurement_model.h"
#include "probe_runner.h"
#include "safe_save.h"
#include "scenario_controller.h"
#include "units.h"
#include "wrapping_header.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <iterator>

namespace kvl {

static MeasuredBandwidth toMeasured(const gpu::Measurement &m, const QString &name)
{
    MeasuredBandwidth b;
    b.device = QString::fromStdString(m.device);
    b.deviceName = name;
    b.medianBytesPerSecond = m.medianGBps * 1e9;
    b.bestBytesPerSecond = m.bestGBps * 1e9;
    b.bufferBytes = qint64(m.bytes);
    return b;
}

GpuPanel::GpuPanel(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_runner(new ProbeRunner(this)),
      m_model(new MeasurementModel(this)), m_measured(controller->scenario().measured)
{
    setObjectName(QStringLiteral("gpuPanel"));
    build();
    listDevices({});
    retranslate();
    connect(m_runner, &ProbeRunner::devicesListed, this, [this](const gpu::DeviceList &list) {
        m_listingFailure.reset();
        m_listed = true;
        listDevices(list);
        showDevice();
    });
    connect(m_runner, &ProbeRunner::listingFailed, this, [this](const ProbeFailure &failure) {
        m_listingFailure = failure;
        m_listed = true;
        showDevice();
    });
    connect(m_runner, &ProbeRunner::runningChanged, this, &GpuPanel::setRunning);
    connect(m_runner, &ProbeRunner::progress, this, [this](double f) {
        if (f > 0)
            m_progress->setRange(0, 1000);
        m_progress->setValue(int(std::lround(f * 1000)));
    });
    connect(m_runner, &ProbeRunner::measured, this, &GpuPanel::onMeasured);
    connect(m_runner, &ProbeRunner::failed, this, [this](const QString &why) {
        m_status->setText(tr("Measurement failed: %1").arg(why));
        emit errorOccurred(why);
    });
    connect(m_runner, &ProbeRunner::cancelled, this,
            [this] { m_status->setText(tr("Cancelled; nothing was recorded.")); });
    connect(m_controller, &ScenarioController::changed, this, [this] {
        const auto &measured = m_controller->scenario().measured;
        m_use->setEnabled(measured.has_value() && !m_runner->isRunning());
        // Slider moves leave the measurement alone: nothing below depends on them.
        if (measured == m_measured)
            return;
        m_measured = measured;
        updateSweepChart();
        showSavedMeasurement();
    });
    setRunning(false);
}

// Before any run of this session, the status line describes the measurement the scenario carries
// (opened from a file, or restored), so the chart and the overlay are not left unexplained.
void GpuPanel::showSavedMeasurement()
{
    if (m_runner->isRunning() || m_model->rowCount() > 0)
        return;
    m_status->setText(
        m_measured ? tr("Saved with the scenario: %1, median %2 over %3.")
                         .arg(m_measured->deviceName,
                              formatRate(m_measured->medianBytesPerSecond, ByteUnits::SI),
                              formatBytes(double(m_measured->bufferBytes), ByteUnits::Binary))
                   : QString());
}

void GpuPanel::build()
{
    auto *layout = new QVBoxLayout(this);
    m_device = new QComboBox(this);
    // Device names are long ("cuda:0 — NVIDIA H200"): elided, so they cannot widen the dock.
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_device->setMinimumContentsLength(14);
    m_specs = new QLabel(this);
    m_specs->setWordWrap(true);
    m_specs->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buffer = new QSpinBox(this);
    m_buffer->setObjectName(QStringLiteral("bufferMiB"));
    m_buffer->setRange(0, 256 * 1024);
    m_buffer->setSingleStep(256);
    m_samples = new QSpinBox(this);
    m_samples->setRange(3, 200);
    m_samples->setValue(10);
    m_sampleMs = new QSpinBox(this);
    m_sampleMs->setRange(0, 5000);
    m_sampleMs->setValue(0);
    auto *form = new QFormLayout;
    form->addRow(QStringLiteral("device"), m_device);
    form->addRow(m_specs);
    form->addRow(QStringLiteral("buffer"), m_buffer);
    form->addRow(QStringLiteral("samples"), m_samples);
    form->addRow(QStringLiteral("duration"), m_sampleMs);
    layout->addLayout(form);

    m_run = new QPushButton(this);
    m_run->setObjectName(QStringLiteral("runProbe"));
    m_sweep = new QPushButton(this);
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("cancelProbe"));
    m_use = new QPushButton(this);
    auto *buttons = new QHBoxLayout;
    for (auto *b : {m_run, m_sweep, m_cancel})
        buttons->addWidget(b);
    layout->addLayout(buttons);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    layout->addWidget(m_progress);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    layout->addWidget(m_use);

    m_table = new QTableView(this);
    m_table->setHorizontalHeader(new WrappingHeader(m_table));
    m_table->setObjectName(QStringLiteral("measurements"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);

    // GB/s against buffer size: the cache plateau, then the memory plateau.
    auto *chart = new QChart;
    m_sweepSeries = new QLineSeries(chart);
    m_sweepSeries->setPointsVisible(true);
    m_cacheSeries = new QLineSeries(chart);
    m_cacheSeries->setPen(QPen(Qt::gray, 1.5, Qt::DashLine));
    chart->addSeries(m_sweepSeries);
    chart->addSeries(m_cacheSeries);
    auto *x = new QLogValueAxis(chart);
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%.0f"));
    x->setMinorTickCount(8);
    auto *y = new QValueAxis(chart);
    y->setLabelFormat(QStringLiteral("%.0f"));
    y->setTickType(QValueAxis::TicksDynamic);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries *series : {m_sweepSeries, m_cacheSeries}) {
        series->attachAxis(x);
        series->attachAxis(y);
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setLocalizeNumbers(true);
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart = new QChartView(chart, this);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(260);
    layout->addWidget(m_chart, 1);

    connect(m_device, &QComboBox::currentIndexChanged, this, &GpuPanel::showDevice);
    connect(m_run, &QPushButton::clicked, this, &GpuPanel::run);
    connect(m_sweep, &QPushButton::clicked, this, &GpuPanel::runSweep);
    connect(m_cancel, &QPushButton::clicked, this, &GpuPanel::cancel);
    connect(m_use, &QPushButton::clicked, this, &GpuPanel::useMeasuredBandwidth);
}

void GpuPanel::listDevices(const gpu::DeviceList &list)
{
    // A choice among GPUs is kept; the host alone, before the first list, was no choice.
    const QString kept = m_devices.size() > 1 ? deviceId() : QString();
    m_devices.clear();
    std::copy_if(list.devices.begin(), list.devices.end(), std::back_inserter(m_devices),
                 [](const auto &d) { return d.id != "host"; });
    m_noCudaReason = QString::fromStdString(list.reason);
    if (m_devices.size() > 1) {
        gpu::DeviceInfo all;
        all.id = "all";
        all.name = tr("All CUDA devices at once").toStdString();
        m_devices.push_back(all);
    }
    // Read in this process: /proc and sysfs only, nothing that can fault.
    m_devices.push_back(gpu::hostDevice());
    m_device->clear();
    for (const auto &d : m_devices)
        m_device->addItem(QStringLiteral("%1 — %2").arg(QString::fromStdString(d.id),
                                                        QString::fromStdString(d.name)),
                          QString::fromStdString(d.id));
    if (!kept.isEmpty())
        setDevice(kept);
}

// The CUDA devices are listed by the probe's own process, once, when the panel is first seen.
void GpuPanel::showEvent(QShowEvent *e)
{
    if (!m_listRequested) {
        m_listRequested = true;
        m_runner->listDevices();
    }
    QWidget::showEvent(e);
}

QString GpuPanel::deviceId() const
{
    return m_device->currentData().toString();
}

void GpuPanel::setDevice(const QString &id)
{
    m_device->setCurrentIndex(std::max(0, m_device->findData(id)));
}

void GpuPanel::setBufferMiB(int mib)
{
    m_buffer->setValue(mib);
}

void GpuPanel::setSamples(int samples)
{
    m_samples->setValue(samples);
}

void GpuPanel::setSampleMilliseconds(int ms)
{
    m_sampleMs->setValue(ms);
}

void GpuPanel::showDevice()
{
    const int i = m_device->currentIndex();
    if (i < 0 || i >= int(m_devices.size()))
        return;
    const gpu::DeviceInfo &d = m_devices.at(size_t(i));
    QStringList lines;
    if (d.id == "host") {
        lines << tr("Host memory, %n thread(s); last-level cache %1.", nullptr, d.threads)
                     .arg(formatBytes(double(d.l2Bytes), ByteUnits::Binary));
        // Until the probe has listed the GPUs, say that it is looking, not that there are none.
        lines << (m_listed ? tr("No GPU measured: %1. The host probe still shows that reading "
                                "bytes costs time.")
                                 .arg(noCudaReason())
                           : tr("Looking for CUDA GPUs…"));
    } else {
        lines << tr("%1 SMs, %2 memory (%3 free), L2 %4.")
                     .arg(d.smCount)
                     .arg(formatBytes(double(d.memoryTotal), ByteUnits::SI),
                          formatBytes(double(d.memoryFree), ByteUnits::SI),
                          formatBytes(double(d.l2Bytes), ByteUnits::Binary));
        if (d.theoreticalBandwidth > 0)
            lines << tr("Memory clock × bus width: %1 theoretical.")
                         .arg(formatRate(d.theoreticalBandwidth, ByteUnits::SI));
    }
    m_specs->setText(lines.join(u' '));
}

// Worded here, not when it arrived, so that a switch of language rewords it.
QString GpuPanel::noCudaReason() const
{
    if (m_listingFailure) {
        QString why = m_listingFailure->text();
        if (why.endsWith(u'.')) // a sentence, set inside another
            why.chop(1);
        return why;
    }
    return m_noCudaReason.isEmpty() ? tr("host selected") : cudaReasonText(m_noCudaReason);
}

gpu::MeasureRequest GpuPanel::request() const
{
    gpu::MeasureRequest r;
    r.device = deviceId().toStdString();
    r.bytes = uint64_t(m_buffer->value()) << 20;
    r.samples = m_samples->value();
    r.minSampleSeconds = m_sampleMs->value() / 1000.0;
    return r;
}

void GpuPanel::run()
{
    m_status->setText(tr("Measuring %1…").arg(m_device->currentText()));
    m_progress->setRange(0, 0); // busy until the probe's first progress line
    m_runner->start(request());
}

void GpuPanel::runSweep()
{
    m_status->setText(tr("Sweeping buffer sizes on %1…").arg(m_device->currentText()));
    // Busy, not 0%, while the probe fills the largest buffer (seconds on a large host buffer).
    m_progress->setRange(0, 0);
    m_runner->start(request(), 24);
}

void GpuPanel::cancel()
{
    m_runner->cancel();
}

void GpuPanel::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_sweep->setEnabled(!running);
    m_device->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_use->setEnabled(!running && m_controller->scenario().measured.has_value());
    if (!running) {
        m_progress->setRange(0, 1000);
        if (m_progress->value() < 1000)
            m_progress->setValue(0);
    }
}

void GpuPanel::onMeasured(const std::vector<gpu::Measurement> &results, bool sweep)
{
    m_model->add(results);
    for (const auto &m : results)
        if (!m.checksumOk) {
            m_status->setText(tr("The checksum did not match the fill pattern: the loads did not "
                                 "return the data, so no bandwidth is reported."));
            emit errorOccurred(m_status->text());
            return;
        }
    // The overlay uses the largest buffer: the memory plateau, not the cache.
    const auto best =
        std::max_element(results.begin(), results.end(),
                         [](const auto &a, const auto &b) { return a.bytes < b.bytes; });
    MeasuredBandwidth measured = toMeasured(*best, m_device->currentText());
    if (sweep)
        for (const auto &m : results)
            measured.sweep.append(QPointF(double(m.bytes), m.medianGBps * 1e9));
    m_controller->edit([] { return tr("Measured bandwidth"); },
                       [&](Scenario &s) { s.measured = measured; });
    m_status->setText(tr("%1: median %2, best %3 over %4%5.")
                          .arg(QString::fromStdString(best->device),
                               formatRate(best->medianGBps * 1e9, ByteUnits::SI),
                               formatRate(best->bestGBps * 1e9, ByteUnits::SI),
                               formatBytes(double(best->bytes), ByteUnits::Binary),
                               best->belowCache ? tr(" (smaller than 4× the cache)") : QString()));
}

void GpuPanel::useMeasuredBandwidth()
{
    const auto e = measuredEfficiency(m_controller->scenario());
    if (!e)
        return;
    if (*e > 2) {
        emit errorOccurred(tr("The measurement is %1× the datasheet of %2: it cannot be a "
                              "bandwidth of that GPU.")
                               .arg(formatNumber(*e, 3), m_controller->scenario().gpu.name));
        return;
    }
    if (*e < limits::efficiency.lo) {
        emit errorOccurred(tr("The measurement is %1 % of the datasheet of %2, below the %3 % "
                              "an efficiency may be: it cannot be a bandwidth of that GPU.")
                               .arg(formatNumber(*e * 100, 2), m_controller->scenario().gpu.name,
                                    formatNumber(limits::efficiency.lo * 100, 2)));
        return;
    }
    m_controller->edit([] { return tr("Use measured bandwidth"); },
                       [&](Scenario &s) { s.efficiency = *e; });
}

void GpuPanel::updateSweepChart()
{
    constexpr double MiB = 1024.0 * 1024.0;
    const auto &measured = m_measured;
    QList<QPointF> points;
    if (measured)
        for (const QPointF &p : measured->sweep)
            points.append(QPointF(p.x() / MiB, p.y() / 1e9));
    m_sweepSeries->replace(points);
    auto *x = static_cast<QLogValueAxis *>(m_chart->chart()->axes(Qt::Horizontal).first());
    auto *y = static_cast<QValueAxis *>(m_chart->chart()->axes(Qt::Vertical).first());
    m_chart->chart()->legend()->setVisible(!points.isEmpty());
    if (points.isEmpty()) {
        m_cacheSeries->clear();
        applyRange(x, AxisRange{1, 10000, 0});
        applyRange(y, niceLinearRange(100, {}));
        return;
    }
    double top = 0;
    for (const QPointF &p : points)
        top = std::max(top, p.y());
    const AxisRange xRange = niceLogRange(points.first().x(), points.last().x(), {});
    const AxisRange yRange = niceLinearRange(top, {});
    applyRange(x, xRange);
    applyRange(y, yRange);
    // Where the cache ends on the device that was swept: below it the cache answers.
    const auto device = std::find_if(m_devices.begin(), m_devices.end(), [&](const auto &d) {
        return QString::fromStdString(d.id) == measured->device;
    });
    const double cacheMiB = device != m_devices.end() ? double(device->l2Bytes) / MiB : 0;
    if (cacheMiB > xRange.min && cacheMiB < xRange.max) {
        m_cacheSeries->replace({QPointF(cacheMiB, yRange.min), QPointF(cacheMiB, yRange.max)});
        const QString size = formatBytes(double(device->l2Bytes), ByteUnits::Binary);
        m_cacheSeries->setName(device->id == "host" ? tr("cache %1").arg(size)
                                                    : tr("L2 %1").arg(size));
    } else {
        m_cacheSeries->clear();
    }
}

bool GpuPanel::exportCsv(const QString &path, QString *error) const
{
    return saveFileAtomically(path, m_model->csv().toUtf8(), error);
}

QString GpuPanel::statusText() const
{
    return m_status->text();
}

void GpuPanel::retranslate()
{
    auto *form =
        static_cast<QFormLayout *>(static_cast<QVBoxLayout *>(layout())->itemAt(0)->layout());
    const auto label = [form](QWidget *field, const QString &text) {
        if (auto *l = qobject_cast<QLabel *>(form->labelForField(field))) {
            l->setText(text);
            l->setBuddy(field);
        }
    };
    label(m_device, tr("&Device:"));
    label(m_buffer, tr("Buffer:"));
    label(m_samples, tr("&Samples:"));
    label(m_sampleMs, tr("Per sample:"));
    m_buffer->setSpecialValueText(tr("automatic (≥ 4× cache)"));
    m_buffer->setSuffix(tr(" MiB"));
    m_buffer->setToolTip(tr("Buffer to stream; at least 4× the cache, or the cache answers instead "
                            "of memory"));
    m_sampleMs->setSpecialValueText(tr("automatic"));
    m_sampleMs->setSuffix(tr(" ms"));
    m_run->setText(tr("&Run"));
    m_run->setToolTip(tr("Stream the buffer repeatedly and time it"));
    m_sweep->setText(tr("Sweep si&zes"));
    m_sweep->setToolTip(tr("Measure from 1 MiB up: the cache plateau, then the memory plateau"));
    m_cancel->setText(tr("Cancel"));
    m_use->setText(tr("&Use measured bandwidth in the scenario"));
    m_use->setToolTip(tr("Sets the efficiency to measured / datasheet bandwidth"));
    auto *x = m_chart->chart()->axes(Qt::Horizontal).first();
    auto *y = m_chart->chart()->axes(Qt::Vertical).first();
    // Short axis titles: the dock is narrow, and the chart's title names the quantity.
    x->setTitleText(tr("Buffer (MiB, log scale)"));
    m_sweepSeries->setName(tr("median"));
    y->setTitleText(tr("GB/s"));
    m_chart->chart()->setTitle(tr("Bandwidth against buffer size"));
    m_chart->chart()->setLocale(numberLocale());
    showDevice();
    updateSweepChart();
    showSavedMeasurement();
}

void GpuPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

} // namespace kvl
