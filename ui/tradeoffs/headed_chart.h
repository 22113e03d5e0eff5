#pragma once

#include "ledger_chart.h"

namespace kvl {

// A chart with a headline above its plot, drawn in the scene so exports keep it as text. The
// headline's lines ('\n') wrap to the chart's width; the plot gives up exactly the room they take.
class HeadedChart : public LedgerChart
{
    Q_OBJECT
public:
    explicit HeadedChart(QWidget *parent = nullptr);

    QString heading() const { return m_text; } // unwrapped
    // The heading's lines in one: it states the chart's numbers. The title while there is none.
    QString headline() const override;

protected:
    void setHeading(const QString &text);
    // Subclasses that override these call them too.
    void restyle() override;
    void relayoutOverlays() override;

private:
    ChartLabel *m_heading = nullptr;
    QString m_text;
};

} // namespace kvl
