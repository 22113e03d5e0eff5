#pragma once

#include "units.h"
#include <QObject>

namespace kvl {

class Settings;

// How the window shows the numbers, in one place: byte units, presentation mode and log time
// axes. Views read them from here when they draw and follow the change signals; none keeps a
// copy. Units persist in `settings`; without one (the command line's exports) nothing persists.
class ViewSettings : public QObject
{
    Q_OBJECT
public:
    explicit ViewSettings(Settings *settings = nullptr, QObject *parent = nullptr);

    ByteUnits units() const { return m_units; }
    // A view drawn without settings (a test's lone chart) shows SI units.
    static ByteUnits unitsOf(const ViewSettings *view)
    {
        return view ? view->units() : ByteUnits::SI;
    }
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
    ByteUnits m_units = ByteUnits::SI;
    bool m_presentation = false;
    bool m_logAxes = true; // context spans 1k to 10M tokens: linear axes hide the short end
};

} // namespace kvl
