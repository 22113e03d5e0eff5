#pragma once

#include "bandwidth_probe.h"
#include "measured_bandwidth.h"
#include "probe_failure.h"
#include <QWidget>
#include <optional>

class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace kvl {

class MeasurementModel;
class ProbeRunner;
class ScenarioController;

// Measures the machine it runs on: lists devices, runs the streaming-read probe (CUDA, or host
// memory as the fallback) in a child process with progress and cancel, shows the results and the
// size sweep, and hands the measured bandwidth to the scenario for the overlay.
class GpuPanel : public QWidget
{
    Q_OBJECT
public:
    explicit GpuPanel(ScenarioController *controller, QWidget *parent = nullptr);

    ProbeRunner *runner() const { return m_runner; }
    MeasurementModel *model() const { return m_model; }
    QString deviceId() const;
    void setDevice(const QString &id);
    void setBufferMiB(int mib); // 0 = automatic
    void setSamples(int samples);
    void setSampleMilliseconds(int ms);
    void run();
    void runSweep();
    void cancel();
    void useMeasuredBandwidth();
    bool exportCsv(const QString &path, QString *error) const;
    QString statusText() const;

signals:
    void errorOccurred(const QString &message);

protected:
    void changeEvent(QEvent *e) override;
    void showEvent(QShowEvent *e) override;

private:
    void build();
    void retranslate();
    void listDevices(const gpu::DeviceList &list);
    void showDevice();
    QString noCudaReason() const;
    gpu::MeasureRequest request() const;
    void onMeasured(const std::vector<gpu::Measurement> &results, bool sweep);
    void setRunning(bool running);
    void updateSweepChart();
    void showSavedMeasurement();

    ScenarioController *m_controller;
    ProbeRunner *m_runner;
    MeasurementModel *m_model;
    std::vector<gpu::DeviceInfo> m_devices;
    QString m_noCudaReason;
    bool m_listRequested = false; // of the probe, once, when the panel is first shown
    bool m_listed = false;
    std::optional<ProbeFailure> m_listingFailure;
    QComboBox *m_device = nullptr;
    QLabel *m_specs = nullptr;
    QSpinBox *m_buffer = nullptr;
    QSpinBox *m_samples = nullptr;
    QSpinBox *m_sampleMs = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_sweep = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_use = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_table = nullptr;
    QChartView *m_chart = nullptr;
    QLineSeries *m_sweepSeries = nullptr;
    QLineSeries *m_cacheSeries = nullptr;
    std::optional<MeasuredBandwidth> m_measured; // the scenario's, as the chart and status show it
};

} // namespace kvl
