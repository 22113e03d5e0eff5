#pragma once

#include "scenario_file.h"

#include <QObject>
#include <QString>
#include <functional>

class QMenu;
class QWidget;

namespace kvl {

class ScenarioController;
class Settings;

// The window's document: the scenario file it came from (if any), whether it is saved, the
// recent files, and open / save / import with their dialogs. Failures leave everything as it was
// and are reported through errorOccurred.
class ScenarioDocument : public QObject
{
    Q_OBJECT
public:
    ScenarioDocument(ScenarioController *controller, Settings *settings, QWidget *dialogParent);

    QString path() const { return m_path; }
    QString displayName() const; // the file name, or "Untitled"
    bool isModified() const;
    // Message boxes (asking to save) are off in tests and screenshots.
    void setInteractive(bool on) { m_interactive = on; }
    // What the window shows beside the numbers: taken when saving, given back when opening.
    void setViewState(std::function<ViewState()> capture,
                      std::function<void(const ViewState &)> apply);

    bool openFile(const QString &path);
    bool saveFile(const QString &path);
    bool importConfigFile(const QString &path);
    // The scenario saved in `path` becomes the baseline (its own baseline and view are left).
    bool baselineFromFile(const QString &path);

    void open();
    bool save();
    bool saveAs();
    void importConfig();
    void chooseBaselineFile();
    // Unsaved edits to an opened file: ask to save. False when the user cancels.
    bool maybeSave();
    // The menu listing the recent files, kept up to date.
    void setRecentMenu(QMenu *menu);
    // What the next start comes back to: the scenario, its baseline, the tab and views, and the
    // file name while the document is saved in it.
    void rememberSession();
    // The last session's document, clean, with no undo step (nothing when there is none).
    void restoreSession();

signals:
    void errorOccurred(const QString &title, const QString &message);
    void statusMessage(const QString &message, int timeoutMs);
    void titleChanged();

private:
    void setCurrentFile(const QString &path);
    void rebuildRecentMenu();

    ScenarioController *m_controller;
    Settings *m_settings;
    QWidget *m_dialogParent;
    QMenu *m_recentMenu = nullptr;
    QString m_path;
    bool m_interactive = true;
    std::function<ViewState()> m_captureView;
    std::function<void(const ViewState &)> m_applyView;
};

} // namespace kvl
