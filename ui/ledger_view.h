#pragma once

#include "units.h"
#include <QStringList>
#include <QWidget>

class QAction;
class QComboBox;
class QFrame;
class QLabel;
class QScrollArea;

namespace kvl {

class ScenarioController;

// The ledger: the formula with the numbers filled in, then every figure with its reason. Built
// from labels that are updated in place (a slider step changes text, not structure), selectable
// and copyable; one row can be highlighted (the tour points at it).
class LedgerView : public QWidget
{
    Q_OBJECT
public:
    explicit LedgerView(ScenarioController *controller, QWidget *parent = nullptr);

    ByteUnits units() const { return m_units; }
    void setUnits(ByteUnits units);
    void highlight(const QString &key); // "" clears
    QString highlighted() const { return m_highlight; }
    QString plainText() const;     // what Copy puts on the clipboard
    QString displayedText() const; // every label as shown, one per line
    // Extra rows other panels add (the GPU panel's measured figures): label, value, note, key.
    void setExtraRows(const QList<QStringList> &rows);

signals:
    void unitsChanged(ByteUnits units);

protected:
    void changeEvent(QEvent *e) override;

private:
    struct Row
    {
        QFrame *frame;
        QLabel *label;
        QLabel *value;
        QLabel *note;
        QString key;
    };
    void render();
    void retranslate();
    void paintHighlight();
    Row &row(int index);
    void applyFonts(Row &r, bool formula);

    ScenarioController *m_controller;
    QComboBox *m_unitsBox;
    QAction *m_copy = nullptr;
    QScrollArea *m_scroll;
    QWidget *m_rowsWidget;
    QList<Row> m_rows; // m_rows[0] is the formula
    ByteUnits m_units = ByteUnits::SI;
    QString m_highlight;
    QList<QStringList> m_extraRows;
};

} // namespace kvl
