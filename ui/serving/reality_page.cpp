#include "reality_page.h"

#include "calibrate.h"
#include "engine_prediction.h"
#include "reality_chart.h"
#include "scenario_controller.h"
#include "units.h"
#include "view_page.h"
#include "wrapping_header.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace kvl {

namespace {

// Each engine's runs, errors and the share of the floor's speed it reaches.
class EngineRealityTable : public QTableWidget
{
    Q_OBJECT
public:
    explicit EngineRealityTable(QWidget *parent) : QTableWidget(0, 5, parent)
    {
        setObjectName(QStringLiteral("engineReality"));
        setHorizontalHeader(new WrappingHeader(this));
        verticalHeader()->hide();
        setEditTriggers(QAbstractItemView::NoEditTriggers);
        // As tall as its rows: the chart above takes the rest of the page.
        setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
        setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
        setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        retranslate();
    }
    void fill(const RealitySeries &series)
    {
        m_series = series;
        setRowCount(int(series.engines.size()));
        for (int i = 0; i < series.engines.size(); ++i) {
            const EngineReality &e = series.engines.at(i);
            const bool any = e.error.count > 0;
            const QStringList cells = {
                engineName(e.engine),
                tr("%1 of %2").arg(formatInteger(e.points.size()), formatInteger(qint64(e.runs))),
                any ? RealityChart::percent(e.error.median) : tr("none"),
                any ? RealityChart::percent(e.error.p90) : tr("none"),
                e.floorShare ? RealityChart::percent(*e.floorShare) : tr("none")};
            for (int c = 0; c < cells.size(); ++c) {
                auto *item = new QTableWidgetItem(cells.at(c));
                if (c > 0)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                setItem(i, c, item);
            }
        }
    }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            retranslate();
        QTableWidget::changeEvent(event);
    }

private:
    void retranslate()
    {
        setHorizontalHeaderLabels({tr("Engine"), tr("Runs drawn"), tr("Median error"),
                                   tr("p90 error"), tr("Share of the floor's speed")});
        horizontalHeaderItem(4)->setToolTip(
            tr("The median of floor time per token / measured time per token over the engine's "
               "aggregated runs: the share of the datasheet's speed the engine reaches"));
        setAccessibleName(tr("Each engine's error and the share of the floor's speed it reaches"));
        fill(m_series);
    }

    RealitySeries m_series;
};

// What the page shows and where its numbers come from.
class RealityHeader : public QWidget
{
    Q_OBJECT
public:
    RealityHeader(RealityChart *chart, QWidget *parent) : QWidget(parent), m_chart(chart)
    {
        m_label = new QLabel(this);
        m_quantity = new QComboBox(this);
        m_quantity->setObjectName(QStringLiteral("realityQuantity"));
        m_label->setBuddy(m_quantity);
        m_note = new QLabel(this);
        m_note->setWordWrap(true);
        auto *row = new QHBoxLayout;
        row->addWidget(m_label);
        row->addWidget(m_quantity);
        row->addStretch(1);
        auto *layout = new QVBoxLayout(this);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addLayout(row);
        layout->addWidget(m_note);
        connect(m_quantity, &QComboBox::currentIndexChanged, this, [this] {
            m_chart->setQuantity(RealityQuantity(m_quantity->currentData().toInt()));
            emit quantityChanged();
        });
        retranslate();
    }

signals:
    void quantityChanged();

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            retranslate();
        QWidget::changeEvent(event);
    }

private:
    void retranslate()
    {
        m_label->setText(tr("Measured quantit&y:"));
        const QSignalBlocker block(m_quantity);
        const int current = std::max(0, m_quantity->currentIndex());
        m_quantity->clear();
        m_quantity->addItem(tr("Time per output token"), int(RealityQuantity::Tpot));
        m_quantity->addItem(tr("Time to first token"), int(RealityQuantity::Ttft));
        m_quantity->setCurrentIndex(current);
        m_note->setText(
            tr("Each dot is one measured serving run (data/measured, from "
               "ai-dynamo/aiconfigurator, "
               "Apache-2.0), predicted without reading its own measurement, with constants per "
               "engine and GPU "
               "generation fitted to %1 aggregated runs. Dots on the diagonal are predicted "
               "exactly; between the dashed lines, within 25%.")
                .arg(formatInteger(qint64(Calibration::bundled().fittedRows()))));
    }

    RealityChart *m_chart;
    QLabel *m_label = nullptr;
    QComboBox *m_quantity = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace

ViewPage *realityPage(ScenarioController *controller, const ViewSettings *, QWidget *parent,
                      QList<LedgerChart *> &charts)
{
    auto *page = new ViewPage(controller, QStringLiteral("realityPage"), parent);
    auto *chart = new RealityChart(page);
    auto *header = new RealityHeader(chart, page);
    auto *engines = new EngineRealityTable(page);
    charts << chart;
    chart->setMinimumHeight(380);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(header);
    layout->addWidget(chart, 1);
    layout->addWidget(engines);
    QObject::connect(header, &RealityHeader::quantityChanged, engines,
                     [=] { engines->fill(chart->series()); });
    page->setRefresh([=](const Scenario &s, const Ledger &l) {
        chart->updateFrom(s, l);
        engines->fill(chart->series());
    });
    return page;
}

} // namespace kvl

#include "reality_page.moc"
