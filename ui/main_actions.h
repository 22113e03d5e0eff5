#pragma once

#include <QObject>

class QAction;
class QActionGroup;

namespace kvl {

class ScenarioController;

// Every action of the main window, typed, with its shortcut; the window connects them. Object
// names stay stable for tests and for anyone scripting the window.
class MainActions : public QObject
{
    Q_OBJECT
public:
    MainActions(ScenarioController *controller, const QStringList &languages, QObject *parent);

    // Texts and tool tips in the current language (undo and redo name their step themselves).
    void retranslate();

    QAction *open, *save, *saveAs, *importConfig;
    QAction *exportChart, *exportAll, *exportReport, *exportLedger, *exportMeasurements;
    QAction *quit;
    QAction *undo, *redo, *copyChart, *copyLedger, *reset;
    QAction *unitsSi, *unitsBinary, *logAxes, *presentation, *showGpu;
    QAction *tour, *about;
    // A clicker's F5 and Shift+F5: presentation mode with the tour from its first step, or from
    // the step it is on (or was last on).
    QAction *presentTour, *presentFromHere;
    // The baseline: pin the scenario (Ctrl+B), read one from a file, swap A and B, unpin.
    QAction *pinBaseline, *baselineFile, *swapBaseline, *unpinBaseline;
    QAction *newWindow; // a second window on a copy of this one's scenario and baseline
    QActionGroup *units;
    QActionGroup *language; // data(): the language code, "" for the system's

private:
    QAction *make(const char *name, const QKeySequence &key);
};

} // namespace kvl
