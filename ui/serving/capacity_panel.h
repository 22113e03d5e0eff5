#pragma once

#include "scenario.h"
#include "serving_capacity.h"
#include "units.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace kvl {

class ViewSettings;

// The engine's view of the scenario, as vLLM computes it at start-up: the memory budget row by
// row, pages, blocks, "GPU KV cache size" and "Maximum concurrency" as it would log them, and a
// box to paste a real log into for predicted against logged.
class CapacityPanel : public QWidget
{
    Q_OBJECT
public:
    // Bytes in `view`'s units (SI without one), following its changes.
    explicit CapacityPanel(const ViewSettings *view = nullptr, QWidget *parent = nullptr);

    void setScenario(const Scenario &s);
    const ServingCapacity &capacity() const { return m_capacity; }
    CapacityInputs inputs() const;

    QTableWidget *table() const { return m_table; }
    QPlainTextEdit *logBox() const { return m_paste; }
    QLabel *comparison() const { return m_comparison; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void recompute();
    void fillTable();
    void compareLog();
    void retranslate();

    const ViewSettings *m_view;
    Scenario m_scenario;
    ServingCapacity m_capacity;
    QDoubleSpinBox *m_utilization = nullptr;
    QComboBox *m_blockSize = nullptr;
    QSpinBox *m_batchedTokens = nullptr;
    QDoubleSpinBox *m_kvMemory = nullptr; // GB; 0: profiled
    QLabel *m_utilizationLabel = nullptr, *m_blockLabel = nullptr, *m_batchedLabel = nullptr,
           *m_kvMemoryLabel = nullptr, *m_heading = nullptr, *m_logHeading = nullptr,
           *m_pasteHeading = nullptr;
    QTableWidget *m_table = nullptr;
    QPlainTextEdit *m_log = nullptr;   // the lines vLLM would print
    QPlainTextEdit *m_paste = nullptr; // the user's log
    QLabel *m_comparison = nullptr;
    QLabel *m_refusal = nullptr; // vLLM's error, when it would not start
    QTimer *m_pasteTimer = nullptr;
};

} // namespace kvl
