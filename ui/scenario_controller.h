#pragma once

#include "chart_series.h"
#include "ledger.h"
#include "scenario.h"
#include <QObject>
#include <QUndoStack>
#include <functional>
#include <optional>

class QAction;

namespace kvl {

// Owns the one Scenario and its Ledger, and the pinned baseline the views draw beside it. Every
// control edits through here; each edit is one undo step, and edits between beginInteractive()
// and endInteractive() (a slider drag) merge into one. The ledger is recomputed once per edit,
// then changed() tells every view.
class ScenarioController : public QObject
{
    Q_OBJECT
public:
    explicit ScenarioController(const Scenario &initial, QObject *parent = nullptr);

    const Scenario &scenario() const { return m_scenario; }
    const Ledger &ledger() const { return m_ledger; }
    // The scenario pinned for comparison, and its ledger; nullopt when none is pinned.
    const std::optional<Scenario> &baseline() const { return m_baseline; }
    const std::optional<Ledger> &baselineLedger() const { return m_baselineLedger; }
    QUndoStack *undoStack() { return &m_undo; }
    // Core's serving series of the scenario, with the baseline's beside them: computed once per
    // change on first use, so that the pages drawing them share one computation.
    const ChartSeries &serving() const;

    // An undo step's name, composed again after a language switch: a lambda around tr().
    using Text = std::function<QString()>;

    // Applies `edit` to a copy of the scenario; an invalid result is refused with
    // validationFailed().
    void edit(const Text &what, const std::function<void(Scenario &)> &edit);
    void edit(const QString &what, const std::function<void(Scenario &)> &edit);
    // Edits the model's shape. A published parameter count holds for the published shape only,
    // so a change leaves the count to core's estimate from the new shape; a model that is no
    // preset (an import) gets the id "custom".
    void editModel(const Text &what, const std::function<void(ModelSpec &)> &edit);
    // Replaces the whole scenario (open, reset, preset pick): one undo step, never merged. The
    // baseline stays, unless given (a file opened brings its own, or none).
    void replace(const Scenario &next, const QString &what);
    void replace(const Scenario &next, const Text &what);
    void replace(const Scenario &next, const std::optional<Scenario> &baseline, const Text &what);
    // Pins `baseline` (nullopt unpins): one undo step. An invalid one is refused with
    // validationFailed().
    void setBaseline(const std::optional<Scenario> &baseline, const Text &what);
    // A/B: the baseline becomes the scenario and the scenario the baseline. One undo step; a
    // swap straight after a swap undoes it, so flipping back and forth leaves no trail.
    void swapWithBaseline();
    // Shows `next` (and `baseline`) without an undo entry or a change to the clean state: the
    // guided tour works on its own copy and puts the user's back the same way.
    void preview(const Scenario &next, const std::optional<Scenario> &baseline = std::nullopt);

    void beginInteractive();
    void endInteractive();
    bool isInteractive() const { return m_interactiveDepth > 0; }

    // True when the model differs from the preset its id names (or names none).
    bool modelIsCustom() const;
    // True once a field edit changed the model: a fresh import is custom but not edited.
    bool modelIsEdited() const { return modelIsCustom() && !m_scenario.model.id.isEmpty(); }

    // Edit > Undo and Redo: "Undo Context length", in the current language.
    QAction *createUndoAction(QObject *parent);
    QAction *createRedoAction(QObject *parent);

signals:
    void changed();
    void interactiveChanged(bool interactive);
    void validationFailed(const QString &reason);

protected:
    // A language switch renames the undo steps and recomposes the ledger's sentences (changed()).
    bool event(QEvent *e) override;

private:
    friend class SetScenarioCommand;
    void retranslate();
    void updateUndoTexts();
    void set(const Scenario &s, const std::optional<Scenario> &baseline); // no undo entry
    void push(const Scenario &next, const std::optional<Scenario> &baseline, const Text &what,
              int interaction);

    Scenario m_scenario;
    Ledger m_ledger;
    std::optional<Scenario> m_baseline;
    std::optional<Ledger> m_baselineLedger;
    mutable std::optional<ChartSeries> m_serving; // nullopt until asked for after a change
    QUndoStack m_undo;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    int m_interactiveDepth = 0;
    int m_interaction = 0; // serial of the current drag; commands of one drag merge
};

} // namespace kvl
