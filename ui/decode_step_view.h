#pragma once

#include "decode_step.h"

#include <QWidget>

class QTimer;

namespace kvl {

// One decode step drawn from core's DecodeStep, in five numbered parts a lecturer walks through:
// (1) the new token's query, (2) every key in the cache read, (3) the softmax weights, (4) the
// values combined into the output, (5) the new token's key and value kept for the next step.
// The whole picture is always drawn; the part being told is framed, and the frame moves on by
// itself while the picture is shown (or with setPhase()).
class DecodeStepView : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kPhases = 5;

    explicit DecodeStepView(QWidget *parent = nullptr);

    void setStep(const DecodeStep &step);
    const DecodeStep &step() const { return m_step; }
    int phase() const { return m_phase; } // 0 to kPhases - 1
    void setPhase(int phase);
    // The sentence under the picture for `phase`, in the current language.
    static QString phaseText(int phase);

    // The pixel size of its smallest labels (token numbers, weights) at the current size.
    int labelPixels() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    void describe();
    double unitPixels() const;
    // Smallest grid unit: its labels no smaller than the text beside it allows (presentation
    // mode's larger type makes the picture larger with it).
    double minimumUnit() const;

    DecodeStep m_step;
    int m_phase = 0;
    QTimer *m_timer;
};

} // namespace kvl
