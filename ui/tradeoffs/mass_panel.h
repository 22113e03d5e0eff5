#pragma once

#include "attention_mass.h"
#include "scenario.h"
#include "synthetic_mass.h"

#include <QWidget>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace kvl {

class MassAnalyzer;
class MassTableModel;

// The seed's measurement: how much of each layer's attention mass sits in the top 1% of KV blocks.
// Reads a .npy or CSV file, or a synthetic teaching source, off the UI thread (cancellable; a
// stale result is dropped), then gives the per-layer table, the verdict in words and what reading
// only the blocks that matter would do to the scenario's time per token. A failed analysis shows
// core's message and leaves the previous results as they were.
class MassPanel : public QWidget
{
    Q_OBJECT
public:
    enum class Source
    {
        File,
        Uniform,
        PowerLaw,
        Recency,
        Needle,
    };
    Q_ENUM(Source)

    explicit MassPanel(QWidget *parent = nullptr);

    // Analyses `path` with the current options (asynchronously).
    void openFile(const QString &path);
    // Sets the synthetic controls to `source` and analyses it (asynchronously).
    void setSynthetic(const SyntheticMass &source);
    // Analyses the current source again (asynchronously); nothing without a file to read.
    void analyze();
    void cancel();
    bool isRunning() const;

    void setBlockSize(int tokens);
    void setTopFraction(double fraction);
    MassOptions options() const;
    SyntheticMass synthetic() const;
    // The file analysed (or to be); empty when a synthetic source is chosen.
    QString filePath() const;
    // Layers whose cumulative curve to draw; empty: chosen by the chart.
    QList<int> curveLayers() const;

    // For the cost-model sentence.
    void setScenario(const Scenario &s);

    const std::optional<MassReport> &report() const { return m_report; }
    MassTableModel *model() const { return m_model; }
    QString statusText() const;
    QString verdictText() const;
    QString projectionText() const;

protected:
    void changeEvent(QEvent *event) override;

signals:
    void reportChanged();
    void curveLayersChanged();
    void analysisFailed(const QString &message);
    void analysisCancelled();

private:
    void build();
    void retranslate();
    void showSourceRows();
    void scheduleAnalysis();
    void onFinished(const MassReport &report);
    void setStatus(const QString &text, bool error);
    void updateTexts();

    MassAnalyzer *m_analyzer;
    MassTableModel *m_model;
    std::optional<MassReport> m_report;
    // The synthetic source being analysed, and the one m_report is of: nullopt for a file.
    std::optional<SyntheticMass> m_analysing;
    std::optional<SyntheticMass> m_reportSynthetic;
    std::optional<Scenario> m_scenario;
    QString m_path;
    QTimer *m_debounce = nullptr;

    QComboBox *m_source = nullptr;
    QPushButton *m_open = nullptr;
    QLabel *m_file = nullptr;
    QGroupBox *m_sourceBox = nullptr;
    QGroupBox *m_analysisBox = nullptr;
    QFormLayout *m_form = nullptr;
    QFormLayout *m_analysisForm = nullptr;
    QSpinBox *m_layers = nullptr;
    QSpinBox *m_blocks = nullptr;
    QSpinBox *m_flatLayers = nullptr;
    QDoubleSpinBox *m_exponent = nullptr;
    QSpinBox *m_sinks = nullptr;
    QDoubleSpinBox *m_sinkShare = nullptr;
    QDoubleSpinBox *m_decay = nullptr;
    QDoubleSpinBox *m_floor = nullptr;
    QSpinBox *m_needleBlock = nullptr;
    QDoubleSpinBox *m_needleShare = nullptr;
    QSpinBox *m_blockSize = nullptr;
    QDoubleSpinBox *m_topPercent = nullptr;
    QLineEdit *m_curveLayers = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_projection = nullptr;
};

} // namespace kvl
