#include "validation_table.h"

#include "units.h"
#include "validation.h"
#include "wrapping_header.h"

#include <QEvent>
#include <QHeaderView>

namespace kvl {

ValidationTable::ValidationTable(QWidget *parent) : QTableWidget(0, 5, parent)
{
    setObjectName(QStringLiteral("validationTable"));
    setHorizontalHeader(new WrappingHeader(this));
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    fill();
}

void ValidationTable::fill()
{
    setHorizontalHeaderLabels({tr("Measured"), tr("Setup (source)"), tr("Measured value"),
                               tr("Floor (efficiency 1)"), tr("Efficiency to match")});
    setAccessibleName(tr("Published measurements against the floor for the same setup"));
    const QList<PublishedMeasurement> rows = publishedMeasurements();
    setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        const PublishedMeasurement &m = rows.at(i);
        const Prediction p = predict(m);
        const bool rate = m.figure == MeasuredFigure::OutputThroughput;
        const auto value = [&](double v) {
            return rate ? tr("%1 tokens/s").arg(formatNumber(v, 3)) : formatSeconds(v);
        };
        QString figure;
        switch (m.figure) {
        case MeasuredFigure::TimePerToken:
            figure = tr("Time per token");
            break;
        case MeasuredFigure::InterTokenLatency:
            figure = tr("Inter-token latency");
            break;
        case MeasuredFigure::TimeToFirstToken:
            figure = tr("Time to first token");
            break;
        case MeasuredFigure::OutputThroughput:
            figure = tr("Output throughput");
            break;
        }
        QString predicted = value(p.predicted);
        QString efficiency = formatNumber(p.efficiency, 2);
        if (rate) {
            predicted = tr("%1 decode alone at batch %2; %3 with prefill")
                            .arg(predicted)
                            .arg(p.batch)
                            .arg(value(p.withPrefill));
            efficiency =
                tr("%1; %2 with prefill").arg(efficiency, formatNumber(p.withPrefillEfficiency, 2));
        } else if (p.computeBound) {
            efficiency = tr("%1 (compute)").arg(efficiency);
        }
        if (!p.error.isEmpty())
            predicted = efficiency = p.error;
        const QStringList cells = {figure, tr("%1 (%2)").arg(m.setup, m.source), value(m.measured),
                                   predicted, efficiency};
        for (int col = 0; col < cells.size(); ++col) {
            auto *item = new QTableWidgetItem(cells.at(col));
            if (col >= 2 && col <= 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(i, col, item);
        }
    }
    resizeRowsToContents();
}

void ValidationTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        fill();
    QTableWidget::changeEvent(event);
}

} // namespace kvl
