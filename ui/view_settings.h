#pragma once

#include "units.h"
#include <QObject>

namespace kvl {

class Settings;

// How the window shows the numbers, in one place: byte units, presentation mode and log time
// axes. Views follow the change signals; nothing else holds a copy. Units persist in Settings.
class ViewSettings : public QObject
{
    Q_OBJECT
public:
    ViewSettings(Settings *settings, QObject *parent = nullptr);

    ByteUnits units() const { return m_units; }
    bool presentation() const { return m_presentation; }
    bool logAxes() const { return m_logAxes; }

    void setUnits(ByteUnits units);
    void setPresentation(bool on);
    void setLogAxes(bool on);

signals:
    void unitsChanged(ByteUnits units);
    void presentationChanged(bool on);
    void logAxesChanged(bool on);

private:
    Settings *m_settings;
    ByteUnits m_units;
    bool m_presentation = false;
    bool m_logAxes = true; // context spans 1k to 10M tokens: linear axes hide the short end
};

} // namespace kvl
