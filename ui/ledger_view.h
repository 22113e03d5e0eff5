#pragma once

#include "pinned_labels.h"
#include "text_advances.h"
#include "units.h"
#include <QStringList>
#include <QWidget>

class QAction;
class QComboBox;
class QFrame;
class QLabel;
class QPushButton;
class QScrollArea;

namespace kvl {

class ScenarioController;
class ViewSettings;

// The ledger: the formula with the numbers filled in, then every figure with its reason. Built
// from labels that are updated in place (a slider step changes text, not structure), selectable
// and copyable; one row can be highlighted (the tour points at it).
class LedgerView : public QWidget
{
    Q_OBJECT
public:
    // Bytes in `view`'s units; the units box edits them.
    LedgerView(ScenarioController *controller, ViewSettings *view, QWidget *parent = nullptr);

    ByteUnits units() const;
    void highlight(const QString &key); // "" clears
    QString highlighted() const { return m_highlight; }
    QString plainText() const;     // what Copy puts on the clipboard
    QString displayedText() const; // every label as shown, one per line
    // Extra rows other panels add (the GPU panel's measured figures): label, value, note, key.
    void setExtraRows(const QList<QStringList> &rows);
    // The part that takes the keyboard focus (arrow keys scroll the rows).
    QWidget *focusTarget() const;
    // Whether a deployment that cannot run shows its banner (on by default): the guided tour
    // shows it on the steps that explain it.
    void setFitWarningShown(bool shown);

protected:
    void changeEvent(QEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;

private:
    struct Row
    {
        QFrame *frame;
        QLabel *icon; // shown on warning rows
        QLabel *label;
        QLabel *value;
        QLabel *note;
        QLabel *base;   // the pinned baseline's value
        QLabel *change; // from the baseline to the scenario
        QString key;
        bool warning = false;
        // The warning its icon and bold note show. They change the row's size, so while a
        // slider is dragged the warning colour alone marks the row, and they follow at its end.
        bool warningLaidOut = false;
        int painted = -1; // the highlight and warning state last painted
    };
    void render();
    void renderBanner();
    void renderChanges();
    // The value and baseline columns as wide as their widest text, so they line up from row to
    // row (each row lays out on its own). Not during a drag: the figures keep their places.
    void alignColumns();
    // A drag begins: the figures, which change on every step, keep their sizes until it ends.
    void pinFigures();
    void retranslate();
    void paintHighlight(bool force = false);
    void styleBanner();
    Row makeRow(bool formula);
    Row &row(int index);
    void retranslateHeads();
    void applyFonts(Row &r, bool formula);
    void useTpDegree();

    ScenarioController *m_controller;
    ViewSettings *m_view;
    QComboBox *m_unitsBox;
    QAction *m_copy = nullptr;
    QScrollArea *m_scroll;
    // A deployment that cannot run: why, and the nearest one that can.
    QFrame *m_banner;
    QLabel *m_bannerIcon;
    QLabel *m_bannerText;
    QPushButton *m_useTp;
    QWidget *m_rowsWidget;
    // With a baseline: why the figures moved, one sentence per changed input, and the columns'
    // heads.
    QLabel *m_changes;
    Row m_head{};
    QList<Row> m_rows;                        // m_rows[0] is the formula
    TextAdvances<QFontMetrics> m_valueWidths; // alignColumns, on every change
    TextAdvances<QFontMetrics> m_baseWidths;
    PinnedLabels m_pins; // during a drag
    QString m_highlight;
    QList<QStringList> m_extraRows;
    bool m_fitWarningShown = true;
};

} // namespace kvl
