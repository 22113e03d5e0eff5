#include "ledger_chart.h"

namespace kvl {

void LedgerChart::setUnits(ByteUnits units)
{
    if (m_units == units)
        return;
    m_units = units;
    unitsChanged();
}

void LedgerChart::setInteractive(bool interactive)
{
    chart()->setAnimationOptions(interactive ? QChart::NoAnimation : QChart::SeriesAnimations);
}

void LedgerChart::setPresentation(bool on)
{
    m_presentation = on;
}

} // namespace kvl
