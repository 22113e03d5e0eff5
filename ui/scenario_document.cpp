#include "scenario_document.h"

#include "hf_config.h"
#include "scenario_controller.h"
#include "scenario_file.h"
#include "settings.h"
#include "weights.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QUndoStack>

namespace kvl {

ScenarioDocument::ScenarioDocument(ScenarioController *controller, Settings *settings,
                                   QWidget *dialogParent)
    : QObject(dialogParent), m_controller(controller), m_settings(settings),
      m_dialogParent(dialogParent)
{
    connect(controller->undoStack(), &QUndoStack::cleanChanged, this,
            &ScenarioDocument::titleChanged);
}

QString ScenarioDocument::displayName() const
{
    return m_path.isEmpty() ? tr("Untitled") : QFileInfo(m_path).fileName();
}

bool ScenarioDocument::isModified() const
{
    return !m_controller->undoStack()->isClean();
}

void ScenarioDocument::setViewState(std::function<ViewState()> capture,
                                    std::function<void(const ViewState &)> apply)
{
    m_captureView = std::move(capture);
    m_applyView = std::move(apply);
}

bool ScenarioDocument::openFile(const QString &path)
{
    QString why;
    const auto d = loadScenarioDocument(path, &why);
    if (!d) {
        emit errorOccurred(tr("Cannot open scenario"), tr("Not opened: %1").arg(why));
        return false;
    }
    m_controller->replace(d->scenario, d->baseline,
                          [n = QFileInfo(path).fileName()] { return tr("Open %1").arg(n); });
    if (m_applyView)
        m_applyView(d->view);
    setCurrentFile(path);
    return true;
}

bool ScenarioDocument::baselineFromFile(const QString &path)
{
    QString why;
    const auto d = loadScenarioDocument(path, &why);
    if (!d) {
        emit errorOccurred(tr("Cannot use as baseline"), tr("Not read: %1").arg(why));
        return false;
    }
    m_controller->setBaseline(
        d->scenario, [n = QFileInfo(path).fileName()] { return tr("Baseline from %1").arg(n); });
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    emit statusMessage(tr("Baseline: %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void ScenarioDocument::chooseBaselineFile()
{
    const QString path = QFileDialog::getOpenFileName(
        m_dialogParent, tr("Baseline from a Scenario File"), m_settings->lastDirectory(),
        tr("KV Ledger scenarios (*.kvledger);;All files (*)"));
    if (!path.isEmpty())
        baselineFromFile(path);
}

// The window's scenario is now the file at `path`, as opened or saved.
void ScenarioDocument::rememberSession()
{
    const ScenarioDocumentData d{m_controller->scenario(), m_controller->baseline(),
                                 m_captureView ? m_captureView() : ViewState()};
    // Unsaved edits are kept, but no longer the file's: they come back as Untitled.
    m_settings->setLastSession({d, isModified() ? QString() : m_path});
}

void ScenarioDocument::restoreSession()
{
    const auto session = m_settings->lastSession();
    if (!session)
        return;
    m_controller->preview(session->document.scenario, session->document.baseline);
    if (m_applyView)
        m_applyView(session->document.view);
    if (!session->path.isEmpty() && QFileInfo(session->path).isFile())
        m_path = session->path;
    m_controller->undoStack()->setClean();
    emit titleChanged();
}

void ScenarioDocument::setCurrentFile(const QString &path)
{
    m_path = path;
    m_controller->undoStack()->setClean();
    m_settings->addRecentFile(path);
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    rebuildRecentMenu();
    emit titleChanged();
}

bool ScenarioDocument::saveFile(const QString &path)
{
    QString why;
    const ScenarioDocumentData d{m_controller->scenario(), m_controller->baseline(),
                                 m_captureView ? m_captureView() : ViewState()};
    if (!saveScenarioDocument(d, path, &why)) {
        emit errorOccurred(tr("Cannot save scenario"), tr("Not saved: %1").arg(why));
        return false;
    }
    setCurrentFile(path);
    emit statusMessage(tr("Saved %1").arg(path), 5000);
    return true;
}

bool ScenarioDocument::importConfigFile(const QString &path)
{
    QString why;
    const auto imported = importHfConfigFile(path, &why);
    if (!imported) {
        emit errorOccurred(tr("Cannot import config"), tr("Not imported: %1").arg(why));
        return false;
    }
    ModelSpec m = imported->model;
    if (m.name.isEmpty())
        m.name = QFileInfo(path).dir().dirName();
    // The checkpoint as published, weights included.
    m_controller->edit([n = m.name] { return tr("Import %1").arg(n); },
                       [&](Scenario &s) {
                           s.model = m;
                           s.weightsAsStored = true;
                       });
    // The notes are beside the model now; say only what was costed, as core computes it.
    const Scenario &s = m_controller->scenario();
    if (s.model == m) {
        QString message =
            tr("Imported %1: weights as stored, %2").arg(m.name, weightPrecisionLabel(s));
        if (m.notes.size() == 1)
            message += tr("; one note beside the model");
        else if (m.notes.size() > 1)
            message += tr("; %1 notes beside the model").arg(m.notes.size());
        emit statusMessage(message, 10000);
    }
    m_settings->setLastDirectory(QFileInfo(path).absolutePath());
    return true;
}

void ScenarioDocument::open()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(
        m_dialogParent, tr("Open Scenario"), m_settings->lastDirectory(),
        tr("KV Ledger scenarios (*.kvledger);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool ScenarioDocument::save()
{
    return m_path.isEmpty() ? saveAs() : saveFile(m_path);
}

bool ScenarioDocument::saveAs()
{
    QString path =
        QFileDialog::getSaveFileName(m_dialogParent, tr("Save Scenario"),
                                     m_path.isEmpty() ? m_settings->lastDirectory() : m_path,
                                     tr("KV Ledger scenarios (*.kvledger)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".kvledger");
    return saveFile(path);
}

void ScenarioDocument::importConfig()
{
    const QString path = QFileDialog::getOpenFileName(
        m_dialogParent, tr("Import Hugging Face config.json"), m_settings->lastDirectory(),
        tr("Model configs (*.json);;All files (*)"));
    if (!path.isEmpty())
        importConfigFile(path);
}

void ScenarioDocument::setRecentMenu(QMenu *menu)
{
    m_recentMenu = menu;
    rebuildRecentMenu();
}

void ScenarioDocument::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList files = m_settings->recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString &path = files.at(i);
        QAction *a = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] {
            if (!maybeSave())
                return;
            if (!openFile(path) && !QFileInfo::exists(path)) {
                m_settings->removeRecentFile(path);
                rebuildRecentMenu();
            }
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
}

bool ScenarioDocument::maybeSave()
{
    // Unsaved edits to an opened file: ask. Untitled work is kept in the settings anyway.
    if (m_path.isEmpty() || !isModified() || !m_interactive)
        return true;
    const auto answer = QMessageBox::question(
        m_dialogParent, tr("Unsaved changes"),
        tr("Save the changes to %1?").arg(QFileInfo(m_path).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

} // namespace kvl
