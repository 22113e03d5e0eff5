#include "roofline_panel.h"

#include "field_flow.h"
#include "roofline_chart.h"
#include "slider_field.h"
#include "wrapping_header.h"

#include <QComboBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <climits>

namespace kvl {

RooflinePanel::RooflinePanel(RooflineChart *chart, QWidget *parent)
    : QWidget(parent), m_chart(chart)
{
    setObjectName(QStringLiteral("rooflinePanel"));
    m_precision = new QComboBox(this);
    m_precision->setObjectName(QStringLiteral("computePrecision"));
    m_precision->addItem(QString()); // "the weights' precision", in retranslate()
    for (NumberFormat f : Precision::allFormats())
        m_precision->addItem(formatName(f), int(f));
    if (const auto p = chart->computePrecision())
        m_precision->setCurrentIndex(std::max(0, m_precision->findData(int(p->format))));

    m_prompt = new MappedSpinBox(this);
    m_prompt->setObjectName(QStringLiteral("promptTokens"));
    m_prompt->setRange(1, INT_MAX);
    m_prompt->setTokenCounts();
    m_prompt->setValue(int(chart->promptTokens()));

    // Side by side where the page is wide enough, else one above the other.
    auto *controls = new FieldFlow(this);
    m_precisionLabel = new QLabel(this);
    controls->addPair(m_precisionLabel, m_precision);
    m_promptLabel = new QLabel(this);
    controls->addPair(m_promptLabel, m_prompt);

    m_table = new QTableWidget(0, 5, this);

    m_table->setHorizontalHeader(new WrappingHeader(m_table));
    m_table->setObjectName(QStringLiteral("rooflinePoints"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(chart);
    split->addWidget(m_table);
    split->setSizes({800, 200});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(controls);
    layout->addWidget(split, 1);

    connect(m_precision, &QComboBox::currentIndexChanged, this, [this](int index) {
        const QVariant f = m_precision->itemData(index);
        m_chart->setComputePrecision(
            f.isValid() ? std::optional(Precision::of(NumberFormat(f.toInt()))) : std::nullopt);
    });
    connect(m_prompt, &QSpinBox::valueChanged, this,
            [this](int v) { m_chart->setPromptTokens(v); });
    connect(chart, &RooflineChart::rooflineChanged, this, &RooflinePanel::fillTable);
    retranslate();
}

void RooflinePanel::retranslate()
{
    m_precision->setItemText(0, tr("the weights' precision"));
    m_precision->setToolTip(tr("Tensor-core peak used for the compute roof"));
    m_prompt->setToolTip(tr("Prompt length of the prefill point (\"32k\", \"1M\")"));
    m_precisionLabel->setText(tr("Compute roof at"));
    m_promptLabel->setText(tr("Prefill prompt (tokens)"));
    m_table->setHorizontalHeaderLabels({tr("Kernel"), tr("Intensity (FLOP/B)"),
                                        tr("Attainable (TFLOP/s)"), tr("Below the ridge"),
                                        tr("Where the intensity comes from")});
    fillTable(); // the chart recomposes the point names when the scenario comes again
}

void RooflinePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void RooflinePanel::fillTable()
{
    const QList<RooflinePoint> &points = m_chart->roofline().points;
    m_table->setRowCount(int(points.size()));
    for (int i = 0; i < points.size(); ++i) {
        const RooflinePoint &p = points.at(i);
        const QStringList cells = {p.label, formatNumber(p.intensity),
                                   formatNumber(p.attainable / 1e12),
                                   p.belowRidge >= 1 ? tr("%1×").arg(formatNumber(p.belowRidge))
                                                     : tr("above: compute-bound"),
                                   p.formula};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            if (c >= 1 && c <= 3)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(i, c, item);
        }
    }
}

} // namespace kvl
