#pragma once

#include "pinned_labels.h"

#include <QWidget>

class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;

namespace kvl {

struct ModelSpec;
class ScenarioController;
class SliderField;

// The scenario's controls: preset pickers, config import, and a slider with a spin box for every
// term of the formula. Reads from and writes to the controller only.
class ControlsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ControlsPanel(ScenarioController *controller, QWidget *parent = nullptr);

    // For the tour and tests: the field that edits a ledger term ("layers", "kv_heads", ...).
    SliderField *field(const QString &name) const;
    QComboBox *modelPicker() const { return m_model; }
    QComboBox *gpuPicker() const { return m_gpu; }

signals:
    void importConfigRequested();

protected:
    void changeEvent(QEvent *e) override;

private:
    void build();
    void retranslate();
    void refresh(); // controller → widgets
    static QString parameterText(const ModelSpec &m);
    void fillPresets();
    SliderField *addField(const QString &name, int lo, int hi);
    void connectField(SliderField *f, const std::function<void(int)> &apply);

    ScenarioController *m_controller;
    QComboBox *m_model = nullptr;
    QComboBox *m_gpu = nullptr;
    QPushButton *m_import = nullptr;
    QLabel *m_parameters = nullptr;
    QGroupBox *m_notesBox = nullptr;
    QLabel *m_notes = nullptr;
    QLabel *m_weightsLabel = nullptr;
    QComboBox *m_weights = nullptr;
    QLabel *m_engineLabel = nullptr;
    QComboBox *m_engine = nullptr; // none (the floor only), then the calibrated engines
    QHash<QString, SliderField *> m_fields;
    QList<QWidget *> m_groups;
    bool m_loading = false; // refresh() is writing the scenario into the widgets
    PinnedLabels m_pins;    // during a drag: the parameter count changes on every step
};

} // namespace kvl
