#pragma once

#include <QList>
#include <QObject>
#include <functional>

class QWidget;

namespace kvl {

class GpuPanel;
class LedgerChart;
class LedgerView;
class ScenarioController;
class Settings;
class ViewSettings;

// What leaves the window: one chart, every chart, the PDF report, the ledger as JSON, the GPU
// measurements, and the clipboard copies. Each brings the hidden pages up to date first, so an
// export never shows an older scenario than the window.
class ExportActions : public QObject
{
    Q_OBJECT
public:
    struct Sources
    {
        ScenarioController *controller;
        Settings *settings;
        ViewSettings *view;
        LedgerView *ledger;
        GpuPanel *gpuPanel;
        QList<LedgerChart *> charts;
        std::function<void()> catchUp; // brings every page's charts up to date
    };
    ExportActions(Sources sources, QWidget *dialogParent);

    void exportChart();
    void exportAll();
    // Asks which charts and which language (ReportDialog), then where, then writeReport().
    void exportReport();
    // The PDF report of the window's scenario and baseline with `charts`, in `languageCode`
    // (the window's own comes back after).
    bool writeReport(const QString &path, const QList<LedgerChart *> &charts,
                     const QString &languageCode, QString *error);
    void exportLedger();
    void exportMeasurements();
    void copyChart();
    void copyLedger();

signals:
    void errorOccurred(const QString &title, const QString &message);
    void statusMessage(const QString &message, int timeoutMs);

private:
    // The chart with the keyboard focus, else the first.
    LedgerChart *focusedChart() const;
    // Reports the outcome of one write; remembers the folder on success.
    void finish(bool ok, const QString &why, const QString &done, const QString &folder);

    Sources m_sources;
    QWidget *m_dialogParent;
};

} // namespace kvl
