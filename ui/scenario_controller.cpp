#include "scenario_controller.h"

#include "presets.h"

#include <QUndoCommand>

namespace kvl {

// One change of the scenario. Commands of the same drag (same interaction serial) merge, so a
// whole slider drag undoes in one step.
class SetScenarioCommand : public QUndoCommand
{
public:
    SetScenarioCommand(ScenarioController *c, Scenario before, Scenario after, const QString &text,
                       int interaction)
        : QUndoCommand(text), m_controller(c), m_before(std::move(before)),
          m_after(std::move(after)), m_interaction(interaction)
    {
    }
    void undo() override { m_controller->set(m_before); }
    void redo() override { m_controller->set(m_after); }
    int id() const override { return m_interaction > 0 ? 1 : -1; }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = static_cast<const SetScenarioCommand *>(other);
        if (o->m_interaction != m_interaction)
            return false;
        m_after = o->m_after;
        return true;
    }

private:
    ScenarioController *m_controller;
    Scenario m_before;
    Scenario m_after;
    int m_interaction;
};

ScenarioController::ScenarioController(const Scenario &initial, QObject *parent)
    : QObject(parent), m_scenario(initial), m_ledger(evaluate(initial))
{
}

void ScenarioController::set(const Scenario &s)
{
    m_scenario = s;
    m_ledger = evaluate(s);
    emit changed();
}

void ScenarioController::preview(const Scenario &next)
{
    if (next != m_scenario)
        set(next);
}

void ScenarioController::edit(const QString &what, const std::function<void(Scenario &)> &apply)
{
    Scenario next = m_scenario;
    apply(next);
    if (next == m_scenario)
        return;
    if (const QString why = next.validate(); !why.isEmpty()) {
        emit validationFailed(why);
        return;
    }
    m_undo.push(
        new SetScenarioCommand(this, m_scenario, next, what, isInteractive() ? m_interaction : 0));
}

void ScenarioController::editModel(const QString &what,
                                   const std::function<void(ModelSpec &)> &change)
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
    if (next == m_scenario)
        return;
    if (const QString why = next.validate(); !why.isEmpty()) {
        emit validationFailed(why);
        return;
    }
    m_undo.push(new SetScenarioCommand(this, m_scenario, next, what, 0));
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

} // namespace kvl
