#pragma once

#include "scenario.h"
#include "settings.h"
#include "units.h"
#include <QMainWindow>
#include <QPointer>
#include <optional>

class QAction;
class QActionGroup;
class QDockWidget;
class QGridLayout;
class QLabel;
class QMenu;
class QScrollArea;
class QTabWidget;

namespace kvl {

class ControlsPanel;
class GpuPanel;
class LedgerChart;
class LedgerView;
class Presentation;
class ScenarioController;
class TourPanel;

// Composes the controls, the ledger, the charts and the tour; owns menus, shortcuts, files and
// presentation mode. Numbers come from the controller; this class only wires.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    ScenarioController *controller() const { return m_controller; }
    ControlsPanel *controls() const { return m_controls; }
    LedgerView *ledgerView() const { return m_ledger; }
    TourPanel *tour() const { return m_tour; }
    GpuPanel *gpuPanel() const { return m_gpuPanel; }
    const QList<LedgerChart *> &charts() const { return m_charts; }       // the four cost charts
    const QList<LedgerChart *> &allCharts() const { return m_allCharts; } // every view's
    QTabWidget *views() const { return m_views; }
    LedgerChart *chart(const QString &id) const;
    // The views' tab names, in tab order, as --view and the tour name them.
    static QStringList tabIds();

    // File operations; return false and show a message on failure (state untouched).
    bool openScenario(const QString &path);
    bool saveScenario(const QString &path);
    bool importConfig(const QString &path);
    void setPresentationMode(bool on);
    bool presentationMode() const;
    Presentation *presentation() const { return m_presentation; }
    void setLanguage(const QString &code);
    void startTour();
    // Shows errors in message boxes (default) or only in the status bar (tests, screenshots).
    void setQuietErrors(bool quiet) { m_quietErrors = quiet; }
    QString lastError() const { return m_lastError; }

protected:
    void closeEvent(QCloseEvent *e) override;
    void changeEvent(QEvent *e) override;

private:
    void buildActions();
    void buildMenus();
    void buildDocks();
    void retranslate();
    void updateCharts();
    void updateMeasuredRows();
    void syncHiddenCharts();
    void exportMeasurementsDialog();
    void updateTitle();
    void rebuildRecentMenu();
    void setCurrentFile(const QString &path);
    void showError(const QString &title, const QString &message);
    void setUnits(ByteUnits units);
    void highlight(const QString &ledgerKey, const QString &chartId);
    bool maybeSave();

    void open();
    bool save();
    bool saveAs();
    void importConfigDialog();
    void exportChartDialog();
    void exportAllDialog();
    void exportReportDialog();
    void exportLedgerDialog();
    void copyChart();
    void copyLedger();
    void resetToSeed();

    Settings m_settings;
    ScenarioController *m_controller;
    ControlsPanel *m_controls = nullptr;
    LedgerView *m_ledger = nullptr;
    TourPanel *m_tour = nullptr;
    GpuPanel *m_gpuPanel = nullptr;
    QDockWidget *m_gpuDock = nullptr;
    QDockWidget *m_controlsDock = nullptr;
    QDockWidget *m_ledgerDock = nullptr;
    QDockWidget *m_tourDock = nullptr;
    QTabWidget *m_views = nullptr;
    QScrollArea *m_chartArea = nullptr;
    QList<LedgerChart *> m_charts;
    QList<LedgerChart *> m_allCharts;
    QString m_path;
    QString m_lastError;
    Presentation *m_presentation = nullptr;
    bool m_quietErrors = false;
    QHash<QString, QAction *> m_actions;
    QHash<QString, QMenu *> m_menus;
    QActionGroup *m_unitsGroup = nullptr;
    QActionGroup *m_languageGroup = nullptr;
    struct BeforeTour
    {
        Scenario scenario;
        int tab = 0;
        ByteUnits units = ByteUnits::SI;
        bool userTookOver = false; // an edit during the tour: keep it
    };
    std::optional<BeforeTour> m_beforeTour; // what the tour gives back when it ends
};

} // namespace kvl
