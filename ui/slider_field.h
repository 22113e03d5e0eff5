#pragma once

#include <QList>
#include <QSpinBox>
#include <QWidget>
#include <functional>
#include <optional>

class QLabel;
class QSlider;

namespace kvl {

// A spin box that reads and writes values through functions: token counts ("128k", "1Mi"),
// percentages, precisions by name. Text it cannot take is refused with the reason.
class MappedSpinBox : public QSpinBox
{
    Q_OBJECT
public:
    using QSpinBox::QSpinBox;
    std::function<QString(int)> toText;
    // nullopt and *error (may be null) when the text is no value.
    std::function<std::optional<int>(const QString &, QString *error)> fromText;
    // toText and fromText for token counts in the reader's notation: "128.000" and "1,5M" in
    // Portuguese, "128,000" and "1.5M" in English.
    void setTokenCounts();

signals:
    // Enter or focus-out on text that is no value in range; the box goes back to its value.
    void refused(const QString &reason) const;

protected:
    QString textFromValue(int value) const override;
    int valueFromText(const QString &text) const override;
    QValidator::State validate(QString &text, int &pos) const override;
    void fixup(QString &input) const override;
};

// A labelled slider with a spin box for exact entry. The slider steps through a list of values
// (linear, logarithmic, divisors, formats); the spin box takes any value in its range, and
// snaps to the steps when asked. Emits edited() on user changes only.
class SliderField : public QWidget
{
    Q_OBJECT
public:
    SliderField(const QString &label, QWidget *parent = nullptr);

    void setSteps(const QList<int> &values);
    void setRange(int lo, int hi); // spin box range; also the steps when setSteps was not called
    void setSnapToSteps(bool snap) { m_snap = snap; }
    void setValue(int value); // from the model: no signal
    int value() const;
    MappedSpinBox *spinBox() const { return m_spin; }
    QSlider *slider() const { return m_slider; }
    void setToolTips(const QString &tip);
    void setLabel(const QString &text);
    QString errorText() const; // why the last typed text was refused; empty after a good edit

signals:
    void edited(int value);
    void dragStarted();
    void dragFinished();

private:
    int nearestStep(int value) const;
    void fromSlider(int index);
    void fromSpin();

    void showError(const QString &reason);

    QLabel *m_label;
    QLabel *m_error;
    QSlider *m_slider;
    MappedSpinBox *m_spin;
    QList<int> m_steps;
    bool m_snap = false;
    bool m_updating = false;
};

} // namespace kvl
