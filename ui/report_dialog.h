#pragma once

#include <QDialog>
#include <QList>
#include <QStringList>

class QCheckBox;
class QComboBox;

namespace kvl {

class LedgerChart;

// What goes into the PDF report before the file is chosen: a box per chart (the ones in
// `omitted`, by id, start unchecked) and the report's language.
class ReportDialog : public QDialog
{
    Q_OBJECT
public:
    ReportDialog(const QList<LedgerChart *> &charts, const QStringList &omitted,
                 const QString &language, QWidget *parent = nullptr);

    QList<LedgerChart *> chosenCharts() const; // in the window's order
    QStringList omittedCharts() const;         // ids, for the settings
    QString language() const;                  // "en", "pt_BR"

private:
    void checkAll(bool on);

    QList<std::pair<LedgerChart *, QCheckBox *>> m_boxes;
    QComboBox *m_language;
};

} // namespace kvl
