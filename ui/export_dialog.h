#pragma once

#include "chart_export.h"
#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace kvl {

class LedgerChart;

// Which chart, which format, what size and DPI, where: one dialog for every single-chart export.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    ExportDialog(const QList<LedgerChart *> &charts, LedgerChart *current, const QString &dir,
                 QWidget *parent = nullptr);

    LedgerChart *chart() const;
    ExportFormat format() const;
    ExportSize size() const;
    QString path() const;

private:
    void browse();
    void syncSuffix();

    QList<LedgerChart *> m_charts;
    QComboBox *m_chart;
    QComboBox *m_format;
    QSpinBox *m_width;
    QSpinBox *m_height;
    QSpinBox *m_dpi;
    QLineEdit *m_path;
};

} // namespace kvl
