#include "preset_problems.h"

#include "presets.h"

#include <QDir>
#include <QEvent>
#include <QMessageBox>

namespace kvl {

PresetProblems::PresetProblems(QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("presetProblems"));
    setTextFormat(Qt::RichText);
    connect(this, &QLabel::linkActivated, this, &PresetProblems::showDetails);
    hide();
}

void PresetProblems::setErrors(const QStringList &errors)
{
    m_errors = errors;
    setVisible(!errors.isEmpty());
    retranslate();
}

void PresetProblems::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QLabel::changeEvent(e);
}

void PresetProblems::retranslate()
{
    const QString text = tr("User presets not loaded: %1").arg(m_errors.size());
    setText(QStringLiteral("<a href=\"#presets\">%1</a>").arg(text.toHtmlEscaped()));
    setToolTip(m_errors.join(u'\n'));
    setAccessibleName(text);
}

void PresetProblems::showDetails()
{
    auto *box = new QMessageBox(QMessageBox::Warning, tr("User presets not loaded"),
                                tr("These files in %1 were skipped:")
                                    .arg(QDir::toNativeSeparators(PresetLibrary::userDirectory())),
                                QMessageBox::Close, window());
    box->setInformativeText(m_errors.join(u'\n'));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace kvl
