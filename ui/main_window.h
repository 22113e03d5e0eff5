#pragma once

#include "scenario.h"
#include "settings.h"
#include "units.h"
#include <QMainWindow>
#include <optional>

class QDockWidget;
class QMenu;
class QTabWidget;

namespace kvl {

class ControlsPanel;
class ExportActions;
class GpuPanel;
class LedgerChart;
class LedgerView;
class MainActions;
class Presentation;
class ScenarioController;
class ScenarioDocument;
class TourPanel;
class ViewPage;
class ViewSettings;
struct DocumentViews;

// Composes the controls, the ledger, the tab pages, the tour and the GPU panel, and wires the
// actions to the document, the exports and the view settings. Numbers come from the controller.
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
    ViewSettings *viewSettings() const { return m_view; }
    ScenarioDocument *document() const { return m_document; }
    const QList<LedgerChart *> &charts() const { return m_charts; }       // the four cost charts
    const QList<LedgerChart *> &allCharts() const { return m_allCharts; } // every view's
    QTabWidget *views() const { return m_views; }
    // The chart with that id, its page brought up to date first; nullptr for none.
    LedgerChart *chart(const QString &id) const;

    // File operations; return false and show a message on failure (state untouched).
    bool openScenario(const QString &path);
    bool saveScenario(const QString &path);
    bool importConfig(const QString &path);
    void setPresentationMode(bool on);
    bool presentationMode() const;
    Presentation *presentation() const { return m_presentation; }
    void setLanguage(const QString &code);
    // The guided tour from its first step, or from the step it is on or was last on; in
    // presentation mode when `present`.
    void startTour(bool present = false, bool fromCurrentStep = false);
    // File > New Window from Current: a second window on a copy of the scenario, its baseline
    // and what this one shows, unsaved; it closes on its own.
    MainWindow *openWindowFromCurrent();
    // Shows errors in message boxes (default) or only in the status bar (tests, screenshots).
    void setQuietErrors(bool quiet);
    QString lastError() const { return m_lastError; }

protected:
    void closeEvent(QCloseEvent *e) override;
    void changeEvent(QEvent *e) override;

private:
    // The tab page of pageInfos()' `id`.
    ViewPage *page(const QString &id) const;
    void buildPages();
    void buildDocks();
    void connectActions();
    void buildMenus();
    void connectTour();
    void connectViewSettings();
    void retranslate();
    void updateMeasuredRows();
    void catchUpPages();
    void updateTitle();
    void showError(const QString &title, const QString &message);
    void showGpuPanel();
    void highlight(const QString &ledgerKey, const QString &chartId);
    DocumentViews documentViews() const;
    void fillBaselinePresets();

    Settings m_settings;
    ViewSettings *m_view;
    ScenarioController *m_controller;
    MainActions *m_actions = nullptr;
    ScenarioDocument *m_document = nullptr;
    ExportActions *m_exports = nullptr;
    ControlsPanel *m_controls = nullptr;
    LedgerView *m_ledger = nullptr;
    TourPanel *m_tour = nullptr;
    GpuPanel *m_gpuPanel = nullptr;
    QDockWidget *m_gpuDock = nullptr;
    QDockWidget *m_controlsDock = nullptr;
    QDockWidget *m_ledgerDock = nullptr;
    QDockWidget *m_tourDock = nullptr;
    QTabWidget *m_views = nullptr;
    QList<ViewPage *> m_pages; // in pageInfos() order
    QList<LedgerChart *> m_charts;
    QList<LedgerChart *> m_allCharts;
    struct Menus
    {
        QMenu *file, *recent, *edit, *compare, *baselinePreset, *view, *language, *help;
    } m_menus{};
    QString m_lastError;
    bool m_quietErrors = false;
    Presentation *m_presentation = nullptr;
    struct BeforeTour
    {
        Scenario scenario;
        std::optional<Scenario> baseline; // the tour shows none
        int tab = 0;
        ByteUnits units = ByteUnits::SI;
        bool userTookOver = false; // an edit during the tour: keep it
    };
    std::optional<BeforeTour> m_beforeTour; // what the tour gives back when it ends
};

} // namespace kvl
