#include "export_actions.h"

#include "chart_export.h"
#include "export_dialog.h"
#include "gpu_panel.h"
#include "language.h"
#include "ledger_chart.h"
#include "ledger_json.h"
#include "ledger_view.h"
#include "report.h"
#include "report_dialog.h"
#include "safe_save.h"
#include "scenario_controller.h"
#include "settings.h"
#include "view_settings.h"

#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>

namespace kvl {

namespace {
// A save dialog's path with the suffix added when the user typed none.
QString withSuffix(QString path, const QString &suffix)
{
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += u'.' + suffix;
    return path;
}
} // namespace

ExportActions::ExportActions(Sources sources, QWidget *dialogParent)
    : QObject(dialogParent), m_sources(std::move(sources)), m_dialogParent(dialogParent)
{
}

LedgerChart *ExportActions::focusedChart() const
{
    for (LedgerChart *c : m_sources.charts)
        if (c->hasFocus() || c->isAncestorOf(QApplication::focusWidget()))
            return c;
    return m_sources.charts.value(0);
}

void ExportActions::finish(bool ok, const QString &why, const QString &done, const QString &folder)
{
    if (!ok) {
        emit errorOccurred(tr("Export failed"), why);
        return;
    }
    if (!folder.isEmpty())
        m_sources.settings->setLastDirectory(folder);
    emit statusMessage(done, 5000);
}

void ExportActions::exportChart()
{
    m_sources.catchUp();
    ExportDialog dialog(m_sources.charts, focusedChart(), m_sources.settings->lastDirectory(),
                        m_dialogParent);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString why;
    const bool ok =
        kvl::exportChart(dialog.chart(), dialog.format(), dialog.path(), dialog.size(), &why);
    finish(ok, why, tr("Exported %1").arg(dialog.path()), QFileInfo(dialog.path()).absolutePath());
}

void ExportActions::exportAll()
{
    m_sources.catchUp();
    const QString dir =
        QFileDialog::getExistingDirectory(m_dialogParent, tr("Export Every Chart and the Ledger"),
                                          m_sources.settings->lastDirectory());
    if (dir.isEmpty())
        return;
    QString why;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = kvl::exportAll(m_sources.charts, m_sources.controller->scenario(),
                                   m_sources.controller->ledger(), dir, m_sources.view->units(),
                                   ExportSize(), &why);
    QApplication::restoreOverrideCursor();
    finish(ok, why, tr("Exported every chart and the ledger to %1").arg(dir), dir);
}

void ExportActions::exportReport()
{
    ReportDialog dialog(m_sources.charts, m_sources.settings->reportOmittedCharts(),
                        language::current(), m_dialogParent);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_sources.settings->setReportOmittedCharts(dialog.omittedCharts());
    const QString path =
        withSuffix(QFileDialog::getSaveFileName(m_dialogParent, tr("PDF Report"),
                                                m_sources.settings->lastDirectory() +
                                                    QStringLiteral("/kv-ledger-report.pdf"),
                                                tr("PDF (*.pdf)")),
                   QStringLiteral("pdf"));
    if (path.isEmpty())
        return;
    QString why;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = writeReport(path, dialog.chosenCharts(), dialog.language(), &why);
    QApplication::restoreOverrideCursor();
    finish(ok, why, tr("Wrote %1").arg(path), QFileInfo(path).absolutePath());
}

bool ExportActions::writeReport(const QString &path, const QList<LedgerChart *> &charts,
                                const QString &languageCode, QString *error)
{
    // Every chart retranslates with the switch, and the controller announces its scenario again,
    // which brings back the texts drawn from the data; the window's language comes back after.
    const language::Scoped reportLanguage(languageCode);
    m_sources.catchUp();
    const ScenarioController *c = m_sources.controller;
    return kvl::exportReport({.scenario = c->scenario(),
                              .ledger = c->ledger(),
                              .baseline = c->baseline(),
                              .units = m_sources.view->units(),
                              .charts = charts},
                             path, error);
}

void ExportActions::exportLedger()
{
    const QString path =
        withSuffix(QFileDialog::getSaveFileName(m_dialogParent, tr("Export Ledger"),
                                                m_sources.settings->lastDirectory() +
                                                    QStringLiteral("/ledger.json"),
                                                tr("JSON (*.json)")),
                   QStringLiteral("json"));
    if (path.isEmpty())
        return;
    const QByteArray data = QJsonDocument(ledgerToJson(m_sources.controller->scenario(),
                                                       m_sources.controller->ledger()))
                                .toJson();
    QString why;
    const bool ok = saveFileAtomically(path, data, &why);
    finish(ok, why, tr("Wrote %1").arg(path), QFileInfo(path).absolutePath());
}

void ExportActions::exportMeasurements()
{
    const QString path =
        withSuffix(QFileDialog::getSaveFileName(m_dialogParent, tr("Export Measurements"),
                                                m_sources.settings->lastDirectory() +
                                                    QStringLiteral("/bandwidth.csv"),
                                                tr("CSV (*.csv)")),
                   QStringLiteral("csv"));
    if (path.isEmpty())
        return;
    QString why;
    const bool ok = m_sources.gpuPanel->exportCsv(path, &why);
    finish(ok, why, tr("Wrote %1").arg(path), QFileInfo(path).absolutePath());
}

void ExportActions::copyChart()
{
    m_sources.catchUp();
    if (LedgerChart *c = focusedChart()) {
        copyToClipboard(c);
        emit statusMessage(tr("Copied the %1 chart").arg(c->title()), 3000);
    }
}

void ExportActions::copyLedger()
{
    QApplication::clipboard()->setText(m_sources.ledger->plainText());
    emit statusMessage(tr("Copied the ledger"), 3000);
}

} // namespace kvl
