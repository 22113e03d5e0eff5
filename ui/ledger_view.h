#pragma once

#include "units.h"
#include <QWidget>

class QComboBox;
class QTextBrowser;

namespace kvl {

class ScenarioController;

// The ledger: the formula with the numbers filled in, then every figure with its reason.
// Selectable and copyable; one row can be highlighted (the tour points at it).
class LedgerView : public QWidget
{
    Q_OBJECT
public:
    explicit LedgerView(ScenarioController *controller, QWidget *parent = nullptr);

    ByteUnits units() const { return m_units; }
    void setUnits(ByteUnits units);
    void highlight(const QString &key); // "" clears
    QString highlighted() const { return m_highlight; }
    QString plainText() const; // what Copy puts on the clipboard
    QTextBrowser *browser() const { return m_browser; }
    // Extra rows other panels add (the GPU panel's measured figures): label, value, note.
    void setExtraRows(const QList<QStringList> &rows);

signals:
    void unitsChanged(ByteUnits units);

protected:
    void changeEvent(QEvent *e) override;

private:
    void render();
    void retranslate();

    ScenarioController *m_controller;
    QTextBrowser *m_browser;
    QComboBox *m_unitsBox;
    ByteUnits m_units = ByteUnits::SI;
    QString m_highlight;
    QList<QStringList> m_extraRows;
};

} // namespace kvl
