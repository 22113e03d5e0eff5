#pragma once

#include <QList>
#include <QPointer>
#include <QSize>

class QLabel;
class QString;

namespace kvl {

// Labels that keep their size while a slider is dragged. A label whose text changes asks its
// layout for a pass (every label's size hints, wrapped texts laid out again) on every step; a
// pinned one draws a new text in place when it fits the size it had, and is freed to be laid
// out when it does not. Released, every label has its own size limits back and the layouts
// settle once.
class PinnedLabels
{
public:
    // Pins a visible label to its current size (a hidden one is left as it is).
    void pin(QLabel *label);
    bool isPinned(const QLabel *label) const;
    bool isEmpty() const { return m_pinned.isEmpty(); }
    // Sets the text; a pinned label the text does not fit is freed.
    void setText(QLabel *label, const QString &text);
    void release();

private:
    struct Pin
    {
        QPointer<QLabel> label;
        QSize minimum;
        QSize maximum;
    };
    qsizetype indexOf(const QLabel *label) const; // -1: not pinned
    static bool fits(const QLabel *label);
    void free(qsizetype i);

    QList<Pin> m_pinned;
};

} // namespace kvl
