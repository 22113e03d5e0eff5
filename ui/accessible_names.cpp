#include "accessible_names.h"

#include "slider_field.h"

#include <QCoreApplication>
#include <QLabel>
#include <QRegularExpression>
#include <QSlider>

namespace kvl {

namespace {
QString plain(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    while (text.endsWith(u':'))
        text.chop(1);
    return text;
}

struct Named
{
    const char *objectName;
    const char *name;
};

// The controls whose purpose their surroundings show, not a label.
constexpr Named kNames[] = {
    {"measurements", QT_TRANSLATE_NOOP("kvl::AccessibleNames", "Bandwidth measurements")},
    {"strategyList", QT_TRANSLATE_NOOP("kvl::AccessibleNames", "KV strategies to compare")},
    {"strategyTable", QT_TRANSLATE_NOOP("kvl::AccessibleNames", "KV strategies compared")},
    {"customSpec", QT_TRANSLATE_NOOP("kvl::AccessibleNames", "Custom strategy, as a spec")},
    {"rooflinePoints", QT_TRANSLATE_NOOP("kvl::AccessibleNames", "Points on the roofline")},
    {"promptTokens", QT_TRANSLATE_NOOP("kvl::AccessibleNames", "Prefill prompt (tokens)")},
    {"computePrecision", QT_TRANSLATE_NOOP("kvl::AccessibleNames", "Compute roof precision")},
    {"massTable", QT_TRANSLATE_NOOP("kvl::AccessibleNames", "Attention mass per layer")},
};
} // namespace

void nameUnlabelledControls(QWidget *window)
{
    for (SliderField *field : window->findChildren<SliderField *>()) {
        for (QLabel *label : field->findChildren<QLabel *>())
            if (label->buddy() == field->spinBox())
                field->slider()->setAccessibleName(plain(label->text()));
    }
    for (const Named &n : kNames)
        for (QWidget *w : window->findChildren<QWidget *>(QLatin1String(n.objectName)))
            w->setAccessibleName(QCoreApplication::translate("kvl::AccessibleNames", n.name));
}

} // namespace kvl
