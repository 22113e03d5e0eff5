#include "mass_charts.h"

#include "axis_range.h"
#include "chart_label.h"
#include "mass_table_model.h"
#include "units.h"

#include <QBarSet>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QSet>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>

namespace kvl {

namespace {
QValueAxis *percentAxis(QObject *parent, const QString &title)
{
    auto *axis = new QValueAxis(parent);
    axis->setRange(0, 100);
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(20);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setTitleText(title);
    return axis;
}

QString percent(double share)
{
    return formatNumber(share * 100) + u'%';
}

// Layers alike draw the same curve: each curve has its own dash pattern and, at a few points
// staggered from the other curves', its own marker, so that coinciding curves stay apart on
// paper and without colour.
constexpr Qt::PenStyle kCurveDashes[MassCurveChart::kMaxCurves] = {
    Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine, Qt::DashDotDotLine, Qt::SolidLine};
constexpr int kMarksPerCurve = 5;

enum class MarkerShape
{
    Circle,
    Square,
    TriangleUp,
    Diamond,
    TriangleDown,
    Cross,
};

QImage markerImage(int curve, const QColor &fill, const QColor &outline, int size)
{
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(outline, std::max(1.0, size / 10.0)));
    p.setBrush(fill);
    const QRectF r = QRectF(0, 0, size, size).adjusted(1.5, 1.5, -1.5, -1.5);
    const QPointF c = r.center();
    switch (MarkerShape(curve % MassCurveChart::kMaxCurves)) {
    case MarkerShape::Circle:
        p.drawEllipse(r);
        break;
    case MarkerShape::Square:
        p.drawRect(r.adjusted(1, 1, -1, -1));
        break;
    case MarkerShape::TriangleUp:
        p.drawPolygon(QPolygonF{{c.x(), r.top()}, r.bottomRight(), r.bottomLeft()});
        break;
    case MarkerShape::Diamond:
        p.drawPolygon(QPolygonF{
            {c.x(), r.top()}, {r.right(), c.y()}, {c.x(), r.bottom()}, {r.left(), c.y()}});
        break;
    case MarkerShape::TriangleDown:
        p.drawPolygon(QPolygonF{r.topLeft(), r.topRight(), {c.x(), r.bottom()}});
        break;
    case MarkerShape::Cross:
        p.setPen(QPen(fill, size / 4.0, Qt::SolidLine, Qt::FlatCap));
        p.drawLine(r.topLeft(), r.bottomRight());
        p.drawLine(r.topRight(), r.bottomLeft());
        break;
    }
    return image;
}
} // namespace

// ---- top share per layer ------------------------------------------------------------------

// Up to this many layers each bar carries its value; past it the hover gives them.
constexpr int kMaxBarLabels = 24;

MassTopChart::MassTopChart(QWidget *parent) : HeadedChart(parent)
{
    QChart *c = chart();
    m_bars = new QStackedBarSeries(this);
    m_bars->setBarWidth(0.8);
    m_concentrated = new QBarSet(QString());
    m_flat = new QBarSet(QString());
    m_noVerdict = new QBarSet(QString());
    m_bars->append(m_concentrated);
    m_bars->append(m_flat);
    m_bars->append(m_noVerdict);
    m_threshold = new QLineSeries(this);
    m_flatLevel = new QLineSeries(this);
    m_x = new QValueAxis(this);
    m_x->setLabelFormat(QStringLiteral("%.0f"));
    m_x->setTickType(QValueAxis::TicksDynamic);
    m_x->setTickAnchor(0);
    m_y = percentAxis(this, QString());
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    for (QAbstractSeries *s :
         std::initializer_list<QAbstractSeries *>{m_bars, m_threshold, m_flatLevel}) {
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    m_x->setGridLineVisible(false);
    for (QLegendMarker *m : c->legend()->markers(m_bars))
        m->setShape(QLegend::MarkerShapeRectangle);
    connect(m_bars, &QStackedBarSeries::hovered, this, [this](bool state, int index, QBarSet *set) {
        if (!state || index < 0 || index >= m_report.layers.size()) {
            hideHoverOverlays();
            return;
        }
        const MassStats &s = m_report.layers.at(index);
        showHover(QPointF(index, set->at(index)), m_bars,
                  tr("Layer %1: top %2 blocks of %3 hold %4\n50%: %5 blocks, 90%: %6, 99%: %7")
                      .arg(QString::number(s.layer), formatInteger(s.topBlocks),
                           formatInteger(s.blocks), percent(s.topShare),
                           formatInteger(s.blocksFor50), formatInteger(s.blocksFor90),
                           formatInteger(s.blocksFor99)));
    });
    retranslate();
    applyTheme();
}

void MassTopChart::retranslate()
{
    m_concentrated->setLabel(tr("Concentrated: evict or read sparsely"));
    m_flat->setLabel(tr("Flat: quantize instead"));
    m_noVerdict->setLabel(tr("No verdict: too few blocks"));
    m_x->setTitleText(tr("Layer"));
    m_y->setTitleText(tr("Mass in the top blocks (%)"));
    // The threshold's and flat level's names and the heading come with the next report.
}

QString MassTopChart::title() const
{
    return tr("Attention mass in the top blocks, per layer");
}

void MassTopChart::setReport(const MassReport &report, double concentratedAt)
{
    m_report = report;
    const int n = int(report.layers.size());
    QList<qreal> concentrated, flat, none;
    for (const MassStats &s : report.layers) {
        const double share = s.topShare * 100;
        concentrated << (s.verdict == MassVerdict::Concentrated ? share : 0);
        flat << (s.verdict == MassVerdict::Flat ? share : 0);
        none << (s.verdict == MassVerdict::TooFewBlocks ? share : 0);
    }
    // Values above the bars while each has room for its label; many layers keep the hover.
    while (m_values.size() < n) {
        m_values << new ChartLabel(chart());
        m_values.last()->setFont(chartFont(1, true));
        m_values.last()->setColors(textColor(), Qt::transparent);
    }
    for (int i = 0; i < m_values.size(); ++i)
        m_values.at(i)->setText(i < n && n <= kMaxBarLabels ? percent(report.layers.at(i).topShare)
                                                            : QString());
    // Whole sets at once: bar-by-bar replace would relayout the series per layer.
    for (auto [set, values] : {std::pair{m_concentrated, &concentrated}, std::pair{m_flat, &flat},
                               std::pair{m_noVerdict, &none}}) {
        set->remove(0, set->count());
        set->append(*values);
    }

    const double lo = -0.5, hi = std::max(n, 1) - 0.5;
    m_x->setRange(lo, hi);
    m_x->setTickInterval(niceStep(std::max(1.0, n / 12.0)));
    replacePoints(m_threshold,
                  {QPointF(lo, concentratedAt * 100), QPointF(hi, concentratedAt * 100)});
    m_threshold->setName(tr("Concentrated from %1").arg(percent(concentratedAt)));
    // What flat mass gives: the top blocks' share of the blocks (1% of them, at least one).
    const double flatShare =
        report.layers.isEmpty()
            ? report.topFraction
            : report.layers.first().shareOfBlocks(report.layers.first().topBlocks);
    replacePoints(m_flatLevel, {QPointF(lo, flatShare * 100), QPointF(hi, flatShare * 100)});
    m_flatLevel->setName(tr("Flat mass: %1").arg(percent(flatShare)));

    const int judged = report.judgedLayers();
    if (n == 0)
        setHeading(QString());
    else if (judged == 0)
        setHeading(tr("%1\nNo verdict: the top %2 of blocks is %3 of %4 (%5); a verdict needs at "
                      "least %6 blocks per layer")
                       .arg(report.source, percent(report.topFraction),
                            formatInteger(report.layers.first().topBlocks),
                            formatInteger(report.layers.first().blocks), percent(flatShare),
                            formatInteger(blocksForVerdict(report.topFraction))));
    else
        setHeading(tr("%1\n%2 of %3 layers concentrated: top %4 of blocks hold ≥ %5 of the mass")
                       .arg(report.source, QString::number(report.concentratedLayers()),
                            QString::number(judged), percent(report.topFraction),
                            percent(concentratedAt)));
    relayoutOverlays();
}

QList<double> MassTopChart::concentratedBars() const
{
    QList<double> out;
    for (int i = 0; i < m_concentrated->count(); ++i)
        out << m_concentrated->at(i);
    return out;
}

QList<double> MassTopChart::flatBars() const
{
    QList<double> out;
    for (int i = 0; i < m_flat->count(); ++i)
        out << m_flat->at(i);
    return out;
}

void MassTopChart::restyle()
{
    HeadedChart::restyle();
    m_concentrated->setColor(seriesColor(1));
    m_concentrated->setBorderColor(seriesColor(1));
    m_flat->setColor(seriesColor(0));
    m_flat->setBorderColor(seriesColor(0));
    QColor grey = textColor(); // neither verdict's colour, in either theme
    grey.setAlphaF(0.35);
    m_noVerdict->setColor(grey);
    m_noVerdict->setBorderColor(textColor());
    m_threshold->setPen(QPen(textColor(), lineWidth(1.5), Qt::DashLine));
    m_flatLevel->setPen(QPen(textColor(), lineWidth(1.5), Qt::DotLine));
    for (ChartLabel *l : std::as_const(m_values)) {
        l->setFont(chartFont(1, true));
        l->setColors(textColor(), Qt::transparent);
    }
}

QStringList MassTopChart::barLabels() const
{
    QStringList out;
    for (const ChartLabel *l : m_values)
        if (l->isVisible())
            out << l->text();
    return out;
}

void MassTopChart::relayoutOverlays()
{
    HeadedChart::relayoutOverlays();
    // Every value or none: labels wider than a bar's room would run into each other.
    const qreal room = chart()->mapToPosition(QPointF(1, 0), m_bars).x() -
                       chart()->mapToPosition(QPointF(0, 0), m_bars).x();
    const bool fit = std::all_of(m_values.cbegin(), m_values.cend(), [room](const ChartLabel *l) {
        return l->size().width() <= room - 2;
    });
    for (int i = 0; i < m_values.size(); ++i) {
        ChartLabel *l = m_values.at(i);
        l->setVisible(fit && !l->text().isEmpty() && i < m_report.layers.size());
        if (!l->isVisible())
            continue;
        const QPointF top(i, m_report.layers.at(i).topShare * 100);
        l->setAnchor(chart()->mapToScene(chart()->mapToPosition(top, m_bars)),
                     Qt::AlignHCenter | Qt::AlignBottom);
    }
}

ChartTable MassTopChart::table() const
{
    ChartTable t;
    t.header = {QStringLiteral("layer"),         QStringLiteral("blocks"),
                QStringLiteral("top_blocks"),    QStringLiteral("top_share"),
                QStringLiteral("blocks_for_50"), QStringLiteral("blocks_for_90"),
                QStringLiteral("blocks_for_99"), QStringLiteral("verdict")};
    for (const MassStats &s : m_report.layers)
        t.rows << QStringList{QString::number(s.layer),       QString::number(s.blocks),
                              QString::number(s.topBlocks),   QString::number(s.topShare, 'g', 12),
                              QString::number(s.blocksFor50), QString::number(s.blocksFor90),
                              QString::number(s.blocksFor99), massVerdictKey(s.verdict)};
    return t;
}

// ---- cumulative curves --------------------------------------------------------------------

MassCurveChart::MassCurveChart(QWidget *parent) : HeadedChart(parent)
{
    QChart *c = chart();
    m_x = percentAxis(this, QString());
    m_y = percentAxis(this, QString());
    c->addAxis(m_x, Qt::AlignBottom);
    c->addAxis(m_y, Qt::AlignLeft);
    for (int i = 0; i < kMaxCurves; ++i) {
        auto *s = new QLineSeries(this);
        s->setObjectName(QStringLiteral("curve-%1").arg(i));
        c->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
        connectHover(s, [this, i](int p) {
            const QPointF v = m_shown.at(i).points.at(p);
            return tr("Layer %1: the largest %2 of blocks hold %3 of the mass")
                .arg(QString::number(m_shown.at(i).layer), percent(v.x()), percent(v.y()));
        });
        m_curves << s;
    }
    m_diagonal = new QLineSeries(this);
    m_diagonal->append({QPointF(0, 0), QPointF(100, 100)});
    c->addSeries(m_diagonal);
    m_diagonal->attachAxis(m_x);
    m_diagonal->attachAxis(m_y);
    retranslate();
    applyTheme();
}

void MassCurveChart::retranslate()
{
    m_x->setTitleText(tr("Share of KV blocks read, largest first (%)"));
    m_y->setTitleText(tr("Cumulative mass (%)"));
    m_diagonal->setName(tr("Flat mass: every block equal"));
    // Curve names and the heading come with the next report.
}

QString MassCurveChart::title() const
{
    return tr("Cumulative attention mass vs blocks read");
}

void MassCurveChart::setReport(const MassReport &report, const QList<int> &layers)
{
    m_report = report;
    QList<int> wanted = layers;
    if (wanted.isEmpty()) {
        // Most concentrated, median and flattest: the spread a lecture wants to see.
        QList<MassStats> sorted = report.layers;
        std::stable_sort(sorted.begin(), sorted.end(), [](const MassStats &a, const MassStats &b) {
            return a.topShare > b.topShare;
        });
        for (qsizetype i : {qsizetype(0), sorted.size() / 2, sorted.size() - 1})
            if (i >= 0 && i < sorted.size() && !wanted.contains(sorted.at(i).layer))
                wanted << sorted.at(i).layer;
        std::sort(wanted.begin(), wanted.end());
    }
    m_shown.clear();
    for (int layer : std::as_const(wanted))
        for (const MassCurve &c : report.curves)
            if (c.layer == layer && m_shown.size() < kMaxCurves)
                m_shown << c;
    for (int i = 0; i < kMaxCurves; ++i) {
        QLineSeries *s = m_curves.at(i);
        const bool used = i < m_shown.size();
        QList<QPointF> pts;
        if (used)
            for (const QPointF &p : m_shown.at(i).points)
                pts << p * 100;
        replacePoints(s, pts);
        markPoints(i);
        if (used) {
            const MassStats *stats = nullptr;
            for (const MassStats &st : report.layers)
                if (st.layer == m_shown.at(i).layer)
                    stats = &st;
            const QString name = stats ? tr("Layer %1 (%2)")
                                             .arg(QString::number(stats->layer),
                                                  MassTableModel::verdictName(stats->verdict))
                                       : tr("Layer %1").arg(m_shown.at(i).layer);
            if (s->name() != name)
                s->setName(name);
        }
        s->setVisible(used);
        for (QLegendMarker *m : chart()->legend()->markers(s))
            m->setVisible(used);
    }
    setHeading(m_shown.isEmpty()
                   ? QString()
                   : tr("%1\nA curve that rises steeply needs few blocks; the diagonal reads all")
                         .arg(report.source));
}

QString MassCurveChart::headline() const
{
    QStringList layers;
    for (int i = 0; i < m_shown.size(); ++i)
        for (const MassStats &s : m_report.layers)
            if (s.layer == m_shown.at(i).layer)
                layers << m_curves.at(i)->name() + u' ' + percent(s.shareOfBlocks(s.blocksFor90));
    if (layers.isEmpty())
        return title();
    return tr("%1; the share of blocks that holds 90% of the mass: %2")
        .arg(m_report.source, layers.join(QStringLiteral(", ")));
}

QList<int> MassCurveChart::shownLayers() const
{
    QList<int> out;
    for (const MassCurve &c : m_shown)
        out << c.layer;
    return out;
}

QList<QPointF> MassCurveChart::curvePoints(int i) const
{
    return m_curves.at(i)->points();
}

void MassCurveChart::markPoints(int i)
{
    QLineSeries *s = m_curves.at(i);
    const QList<QPointF> pts = s->points();
    QSet<qsizetype> marked;
    for (int k = 0; k < kMarksPerCurve && !pts.isEmpty(); ++k) {
        // Evenly along the x axis, each curve shifted by its own fraction of the step.
        const double x = 100.0 * (k + (i + 1.0) / (kMaxCurves + 1)) / kMarksPerCurve;
        const auto at = std::lower_bound(pts.begin(), pts.end(), x,
                                         [](const QPointF &p, double v) { return p.x() < v; });
        marked.insert(std::min<qsizetype>(at - pts.begin(), pts.size() - 1));
    }
    // A light marker is drawn at every point that is not hidden one by one.
    QHash<int, QHash<QXYSeries::PointConfiguration, QVariant>> hidden;
    for (qsizetype p = 0; p < pts.size(); ++p)
        if (!marked.contains(p))
            hidden[int(p)][QXYSeries::PointConfiguration::Visibility] = false;
    s->clearPointsConfiguration();
    s->setPointsConfiguration(hidden);
}

void MassCurveChart::restyle()
{
    HeadedChart::restyle();
    const int marker = qRound(lineWidth(9));
    for (int i = 0; i < m_curves.size(); ++i) {
        QLineSeries *s = m_curves.at(i);
        s->setPen(QPen(seriesColor(i), lineWidth(2.5), kCurveDashes[i], Qt::FlatCap));
        s->setMarkerSize(marker);
        s->setLightMarker(markerImage(i, seriesColor(i), textColor(), marker * 2));
    }
    m_diagonal->setPen(QPen(textColor(), lineWidth(1.5), Qt::DashLine));
}

ChartTable MassCurveChart::table() const
{
    ChartTable t;
    t.header = {QStringLiteral("layer"), QStringLiteral("share_of_blocks"),
                QStringLiteral("share_of_mass")};
    for (const MassCurve &c : m_shown)
        for (const QPointF &p : c.points)
            t.rows << QStringList{QString::number(c.layer), QString::number(p.x(), 'g', 12),
                                  QString::number(p.y(), 'g', 12)};
    return t;
}

} // namespace kvl
