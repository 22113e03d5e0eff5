#include "view_settings.h"

#include "settings.h"

namespace kvl {

ViewSettings::ViewSettings(Settings *settings, QObject *parent)
    : QObject(parent), m_settings(settings)
{
    if (m_settings)
        m_units = m_settings->units();
}

void ViewSettings::setUnits(ByteUnits units)
{
    if (units == m_units)
        return;
    m_units = units;
    if (m_settings)
        m_settings->setUnits(units);
    emit unitsChanged(units);
}

void ViewSettings::setPresentation(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    emit presentationChanged(on);
}

void ViewSettings::setLogAxes(bool on)
{
    if (on == m_logAxes)
        return;
    m_logAxes = on;
    emit logAxesChanged(on);
}

} // namespace kvl
