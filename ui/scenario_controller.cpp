#include "scenario_controller.h"

#include "presets.h"

#include <QAction>
#include <QEvent>
#include <QUndoCommand>

namespace kvl {

// One change of the scenario or the baseline. Commands of the same drag (same interaction
// serial) merge, so a whole slider drag undoes in one step; so do swaps in a row, which leave
// nothing to undo when they end where they began.
class SetScenarioCommand : public QUndoCommand
{
public:
    struct State
    {
        Scenario scenario;
        std::optional<Scenario> baseline;
        friend bool operator==(const State &, const State &) = default;
    };
    // Interaction serials of swaps: apart from every drag's.
    static constexpr int kSwap = -2;

    SetScenarioCommand(ScenarioController *c, State before, State after,
                       ScenarioController::Text text, int interaction)
        : QUndoCommand(text()), m_controller(c), m_before(std::move(before)),
          m_after(std::move(after)), m_text(std::move(text)), m_interaction(interaction)
    {
    }
    void retranslate() { setText(m_text()); }
    void undo() override { m_controller->set(m_before.scenario, m_before.baseline); }
    void redo() override { m_controller->set(m_after.scenario, m_after.baseline); }
    int id() const override { return m_interaction != 0 ? 1 : -1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = static_cast<const SetScenarioCommand *>(other);
        if (o->m_interaction != m_interaction)
            return false;
        m_after = o->m_after;
        setObsolete(m_after == m_before);
        return true;
    }

private:
    ScenarioController *m_controller;
    State m_before;
    State m_after;
    ScenarioController::Text m_text;
    int m_interaction;
};

ScenarioController::ScenarioController(const Scenario &initial, QObject *parent)
    : QObject(parent), m_scenario(initial), m_ledger(evaluate(initial))
{
}

void ScenarioController::set(const Scenario &s, const std::optional<Scenario> &baseline)
{
    m_scenario = s;
    m_ledger = evaluate(s);
    m_serving.reset();
    if (baseline != m_baseline) {
        m_baseline = baseline;
        m_baselineLedger = baseline ? std::optional<Ledger>(evaluate(*baseline)) : std::nullopt;
    }
    emit changed();
}

const ChartSeries &ScenarioController::serving() const
{
    if (!m_serving)
        m_serving =
            chartSeries(m_scenario, m_ledger, SeriesPart::Serving, m_baseline, m_baselineLedger);
    return *m_serving;
}

void ScenarioController::push(const Scenario &next, const std::optional<Scenario> &baseline,
                              const Text &what, int interaction)
{
    m_undo.push(new SetScenarioCommand(this, {m_scenario, m_baseline}, {next, baseline}, what,
                                       interaction));
}

void ScenarioController::preview(const Scenario &next, const std::optional<Scenario> &baseline)
{
    if (next != m_scenario || baseline != m_baseline)
        set(next, baseline);
}

void ScenarioController::setBaseline(const std::optional<Scenario> &baseline, const Text &what)
{
    if (baseline == m_baseline)
        return;
    if (baseline) {
        if (const QString why = baseline->validate(); !why.isEmpty()) {
            emit validationFailed(why);
            return;
        }
    }
    push(m_scenario, baseline, what, 0);
}

void ScenarioController::swapWithBaseline()
{
    if (!m_baseline)
        return;
    push(
        *m_baseline, m_scenario, [] { return tr("Swap with baseline"); },
        SetScenarioCommand::kSwap);
}

void ScenarioController::edit(const QString &what, const std::function<void(Scenario &)> &apply)
{
    edit([what] { return what; }, apply);
}

void ScenarioController::edit(const Text &what, const std::function<void(Scenario &)> &apply)
{
    Scenario next = m_scenario;
    apply(next);
    if (next == m_scenario)
        return;
    if (const QString why = next.validate(); !why.isEmpty()) {
        emit validationFailed(why);
        return;
    }
    push(next, m_baseline, what, isInteractive() ? m_interaction : 0);
}

void ScenarioController::editModel(const Text &what, const std::function<void(ModelSpec &)> &change)
{
    edit(what, [&](Scenario &s) {
        const ModelSpec before = s.model;
        change(s.model);
        if (s.model == before)
            return;
        s.model.totalParameters = s.model.activeParameters = 0;
        // A preset's edit shows by comparison with the preset; an import has none to compare
        // with, so its id records the edit.
        if (!PresetLibrary::instance().model(s.model.id))
            s.model.id = QStringLiteral("custom");
    });
}

void ScenarioController::replace(const Scenario &next, const QString &what)
{
    replace(next, [what] { return what; });
}

void ScenarioController::replace(const Scenario &next, const Text &what)
{
    replace(next, m_baseline, what);
}

void ScenarioController::replace(const Scenario &next, const std::optional<Scenario> &baseline,
                                 const Text &what)
{
    if (next == m_scenario && baseline == m_baseline)
        return;
    for (const Scenario *s : {&next, baseline ? &*baseline : nullptr})
        if (s)
            if (const QString why = s->validate(); !why.isEmpty()) {
                emit validationFailed(why);
                return;
            }
    push(next, baseline, what, 0);
}

void ScenarioController::beginInteractive()
{
    if (m_interactiveDepth++ == 0) {
        ++m_interaction;
        emit interactiveChanged(true);
    }
}

void ScenarioController::endInteractive()
{
    if (m_interactiveDepth == 0)
        return;
    if (--m_interactiveDepth == 0)
        emit interactiveChanged(false);
}

bool ScenarioController::modelIsCustom() const
{
    const auto preset = PresetLibrary::instance().model(m_scenario.model.id);
    return !preset || !(*preset == m_scenario.model);
}

QAction *ScenarioController::createUndoAction(QObject *parent)
{
    m_undoAction = new QAction(parent);
    m_undoAction->setEnabled(m_undo.canUndo());
    connect(m_undoAction, &QAction::triggered, &m_undo, &QUndoStack::undo);
    connect(&m_undo, &QUndoStack::canUndoChanged, m_undoAction, &QAction::setEnabled);
    connect(&m_undo, &QUndoStack::undoTextChanged, this, &ScenarioController::updateUndoTexts);
    updateUndoTexts();
    return m_undoAction;
}

QAction *ScenarioController::createRedoAction(QObject *parent)
{
    m_redoAction = new QAction(parent);
    m_redoAction->setEnabled(m_undo.canRedo());
    connect(m_redoAction, &QAction::triggered, &m_undo, &QUndoStack::redo);
    connect(&m_undo, &QUndoStack::canRedoChanged, m_redoAction, &QAction::setEnabled);
    connect(&m_undo, &QUndoStack::redoTextChanged, this, &ScenarioController::updateUndoTexts);
    updateUndoTexts();
    return m_redoAction;
}

void ScenarioController::updateUndoTexts()
{
    // QUndoStack's own actions keep the prefix of the language they were made in.
    if (m_undoAction)
        m_undoAction->setText(m_undo.undoText().isEmpty() ? tr("&Undo")
                                                          : tr("&Undo %1").arg(m_undo.undoText()));
    if (m_redoAction)
        m_redoAction->setText(m_undo.redoText().isEmpty() ? tr("&Redo")
                                                          : tr("&Redo %1").arg(m_undo.redoText()));
}

void ScenarioController::retranslate()
{
    for (int i = 0; i < m_undo.count(); ++i)
        static_cast<SetScenarioCommand *>(const_cast<QUndoCommand *>(m_undo.command(i)))
            ->retranslate();
    updateUndoTexts();
    set(m_scenario, m_baseline);
}

bool ScenarioController::event(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::event(e);
}

} // namespace kvl
