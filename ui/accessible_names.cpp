#include "accessible_names.h"

#include <QCoreApplication>
#include <QFormLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QSlider>

namespace kvl {

QString accessibleText(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    while (text.endsWith(u':'))
        text.chop(1);
    return text.trimmed();
}

namespace {

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
    // A form row's label names its field, as a row built from a text would.
    for (QFormLayout *form : window->findChildren<QFormLayout *>())
        for (int row = 0; row < form->rowCount(); ++row) {
            QLayoutItem *l = form->itemAt(row, QFormLayout::LabelRole);
            QLayoutItem *f = form->itemAt(row, QFormLayout::FieldRole);
            auto *label = l ? qobject_cast<QLabel *>(l->widget()) : nullptr;
            if (label && f && f->widget() && !label->buddy())
                label->setBuddy(f->widget());
        }
    // Named by their label, without its colon (Qt would read "Turns:").
    for (QLabel *label : window->findChildren<QLabel *>())
        if (QWidget *buddy = label->buddy())
            buddy->setAccessibleName(accessibleText(label->text()));
    for (const Named &n : kNames)
        for (QWidget *w : window->findChildren<QWidget *>(QLatin1String(n.objectName)))
            w->setAccessibleName(QCoreApplication::translate("kvl::AccessibleNames", n.name));
}

} // namespace kvl
