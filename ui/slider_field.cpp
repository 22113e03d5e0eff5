#include "slider_field.h"

#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>

namespace kvl {

QString MappedSpinBox::textFromValue(int value) const
{
    return toText ? toText(value) : QSpinBox::textFromValue(value);
}

int MappedSpinBox::valueFromText(const QString &text) const
{
    if (fromText)
        if (auto v = fromText(text))
            return *v;
    return QSpinBox::valueFromText(text);
}

QValidator::State MappedSpinBox::validate(QString &text, int &pos) const
{
    if (!fromText)
        return QSpinBox::validate(text, pos);
    const auto v = fromText(text);
    if (v && *v >= minimum() && *v <= maximum())
        return QValidator::Acceptable;
    return QValidator::Intermediate; // still typing "128k"
}

SliderField::SliderField(const QString &label, QWidget *parent)
    : QWidget(parent), m_label(new QLabel(label, this)), m_slider(new QSlider(Qt::Horizontal, this)),
      m_spin(new MappedSpinBox(this))
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->addWidget(m_label, 0, 0, 1, 2);
    grid->addWidget(m_slider, 1, 0);
    grid->addWidget(m_spin, 1, 1);
    grid->setColumnStretch(0, 1);
    m_label->setBuddy(m_spin);
    m_spin->setKeyboardTracking(false);
    m_spin->setAccelerated(true);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("10,000,000")) + 40);
    m_slider->setPageStep(1);
    m_slider->setFocusPolicy(Qt::StrongFocus);

    connect(m_slider, &QSlider::valueChanged, this, &SliderField::fromSlider);
    connect(m_slider, &QSlider::sliderPressed, this, &SliderField::dragStarted);
    connect(m_slider, &QSlider::sliderReleased, this, &SliderField::dragFinished);
    connect(m_spin, &QSpinBox::valueChanged, this, &SliderField::fromSpin);
}

void SliderField::setToolTips(const QString &tip)
{
    for (QWidget *w : {static_cast<QWidget *>(m_label), static_cast<QWidget *>(m_slider),
                       static_cast<QWidget *>(m_spin)})
        w->setToolTip(tip);
}

void SliderField::setLabel(const QString &text)
{
    m_label->setText(text);
}

void SliderField::setSteps(const QList<int> &values)
{
    if (values == m_steps)
        return;
    const int current = value();
    m_steps = values;
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, int(m_steps.size()) - 1);
    m_slider->setPageStep(std::max<int>(1, int(m_steps.size()) / 10));
    m_slider->setValue(nearestStep(current));
}

void SliderField::setRange(int lo, int hi)
{
    const QSignalBlocker block(m_spin);
    m_spin->setRange(lo, hi);
    if (m_steps.isEmpty() || m_steps.first() != lo || m_steps.last() != hi) {
        if (hi - lo <= 4096) {
            QList<int> all;
            for (int v = lo; v <= hi; ++v)
                all << v;
            setSteps(all);
        }
    }
}

int SliderField::nearestStep(int v) const
{
    if (m_steps.isEmpty())
        return 0;
    const auto it = std::lower_bound(m_steps.begin(), m_steps.end(), v);
    if (it == m_steps.end())
        return int(m_steps.size()) - 1;
    if (it == m_steps.begin())
        return 0;
    const auto prev = it - 1;
    return int((v - *prev <= *it - v ? prev : it) - m_steps.begin());
}

void SliderField::setValue(int v)
{
    m_updating = true;
    {
        const QSignalBlocker b1(m_spin);
        m_spin->setValue(v);
    }
    m_slider->setValue(nearestStep(v));
    m_updating = false;
}

int SliderField::value() const
{
    return m_spin->value();
}

void SliderField::fromSlider(int index)
{
    if (m_updating || index < 0 || index >= m_steps.size())
        return;
    const int v = m_steps.at(index);
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(v);
    }
    emit edited(v);
}

void SliderField::fromSpin()
{
    int v = m_spin->value();
    if (m_snap && !m_steps.isEmpty()) {
        v = m_steps.at(nearestStep(v));
        const QSignalBlocker block(m_spin);
        m_spin->setValue(v);
    }
    m_updating = true;
    m_slider->setValue(nearestStep(v));
    m_updating = false;
    emit edited(v);
}

} // namespace kvl
