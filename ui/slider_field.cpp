#include "slider_field.h"

#include "accessible_names.h"
#include "units.h"
#include "wrapped_label.h"

#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <algorithm>
#include <climits>

namespace kvl {

void MappedSpinBox::setTokenCounts()
{
    toText = [](int v) { return formatInteger(qint64(v)); };
    fromText = [](const QString &text, QString *error) -> std::optional<int> {
        const auto n = parseTokenCount(text, numberLocale(), error);
        if (n && *n > INT_MAX) {
            if (error)
                *error = tr("\"%1\" is too large").arg(text);
            return std::nullopt;
        }
        return n ? std::optional(int(*n)) : std::nullopt;
    };
}

QString MappedSpinBox::textFromValue(int value) const
{
    return toText ? toText(value) : QSpinBox::textFromValue(value);
}

int MappedSpinBox::valueFromText(const QString &text) const
{
    if (fromText)
        if (auto v = fromText(text, nullptr))
            return *v;
    return QSpinBox::valueFromText(text);
}

QValidator::State MappedSpinBox::validate(QString &text, int &pos) const
{
    if (!fromText)
        return QSpinBox::validate(text, pos);
    const auto v = fromText(text, nullptr);
    if (v && *v >= minimum() && *v <= maximum())
        return QValidator::Acceptable;
    return QValidator::Intermediate; // still typing "128k"
}

void MappedSpinBox::fixup(QString &input) const
{
    // Not QSpinBox::fixup: it drops every group separator, and "1.5M" would become 15M in
    // Portuguese.
    if (!fromText)
        return QSpinBox::fixup(input);
    QString why;
    if (const auto v = fromText(input, &why))
        why = tr("%1 is outside %2 to %3")
                  .arg(textFromValue(*v), textFromValue(minimum()), textFromValue(maximum()));
    emit refused(why);
}

SliderField::SliderField(const QString &label, QWidget *parent)
    : QWidget(parent), m_label(new QLabel(this)), m_error(new WrappedLabel(this)),
      m_slider(new QSlider(Qt::Horizontal, this)), m_spin(new MappedSpinBox(this))
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->addWidget(m_label, 0, 0, 1, 2);
    grid->addWidget(m_slider, 1, 0);
    grid->addWidget(m_spin, 1, 1);
    grid->addWidget(m_error, 2, 0, 1, 2);
    grid->setColumnStretch(0, 1);
    m_error->setObjectName(QStringLiteral("fieldError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #C0392B;"));
    m_error->hide();
    m_label->setBuddy(m_spin);
    m_spin->setKeyboardTracking(false);
    m_spin->setAccelerated(true);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("10,000,000")) +
                            40);
    m_slider->setPageStep(1);
    m_slider->setFocusPolicy(Qt::StrongFocus);

    connect(m_slider, &QSlider::valueChanged, this, &SliderField::fromSlider);
    connect(m_slider, &QSlider::sliderPressed, this, &SliderField::dragStarted);
    connect(m_slider, &QSlider::sliderReleased, this, &SliderField::dragFinished);
    connect(m_spin, &QSpinBox::valueChanged, this, &SliderField::fromSpin);
    connect(m_spin, &MappedSpinBox::refused, this, &SliderField::showError);
    setLabel(label);
}

void SliderField::showError(const QString &reason)
{
    m_error->setText(reason);
    m_error->setVisible(!reason.isEmpty());
}

QString SliderField::errorText() const
{
    return m_error->text();
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
    // The slider has no label of its own: it takes the field's, as a screen reader says it.
    m_slider->setAccessibleName(accessibleText(text));
    m_spin->setAccessibleName(accessibleText(text));
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
    // A spin box repaints on any setValue, the value it shows included: a refresh after another
    // field's edit leaves this one alone.
    if (v == m_spin->value() && m_slider->value() == nearestStep(v))
        return;
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
    showError({});
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
