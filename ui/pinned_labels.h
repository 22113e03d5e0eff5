#pragma once

#include <QList>
#include <QPointer>
#include <QSize>

class QAbstractButton;
class QLabel;
class QString;
class QWidget;

namespace kvl {

// Labels (and buttons) that keep their size while a slider is dragged. A label whose text changes
// asks its layout for a pass (every label's size hints, wrapped texts laid out again, and up
// through each parent to the window's own layout) on every step; a pinned one draws a new text in
// place when it fits the size it had, and grows to the size a longer text needs, so that while
// the drag lasts its room only grows: one pass for each growth, none for a text that fits.
// Released, every label has its own size limits back and the layouts settle once.
class PinnedLabels
{
public:
    // Pins a visible label or button to its current size (a hidden one is left as it is).
    void pin(QWidget *widget);
    bool isPinned(const QWidget *widget) const;
    bool isEmpty() const { return m_pinned.isEmpty(); }
    // Sets the text; a pinned widget the text does not fit grows to fit it.
    void setText(QLabel *label, const QString &text);
    void setText(QAbstractButton *button, const QString &text);
    void release();

private:
    struct Pin
    {
        QPointer<QWidget> widget;
        QSize minimum;
        QSize maximum;
        // The last text found to fit, its digits as zeros. In a font whose digits are all one
        // width (tabular figures, as interface fonts have them) a figure that changes on a step
        // takes the room it had, and is not laid out again to find that out: that measuring
        // cost as much as painting the ledger's new texts.
        bool tabularDigits = false;
        QString fitted;
    };
    qsizetype indexOf(const QWidget *widget) const; // -1: not pinned
    static QSize needed(const QWidget *widget);
    void growToFit(QWidget *widget);
    void free(qsizetype i);

    QList<Pin> m_pinned;
};

} // namespace kvl
