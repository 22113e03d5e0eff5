#pragma once

#include "chart_series.h"
#include "ledger.h"
#include "scenario.h"
#include "units.h"
#include <QChartView>
#include <QHash>
#include <QPointer>
#include <QStringList>
#include <functional>
#include <optional>

class QAbstractAxis;
class QXYSeries;

namespace kvl {

class ChartLabel;
class ViewSettings;

// A chart's data as a table, for CSV export: header row, then one row per point.
struct ChartTable
{
    QStringList header;
    QList<QStringList> rows;
};

class LedgerChart;
// The chart of `charts` whose id() is `id`; nullptr when none.
LedgerChart *chartWithId(const QList<LedgerChart *> &charts, const QString &id);

// One live chart of the ledger. Views hand it core's series on every scenario change (draw());
// the draw builds each Qt series once and calls QXYSeries::replace, and touches axes only on
// change.
class LedgerChart : public QChartView
{
    Q_OBJECT
public:
    explicit LedgerChart(QWidget *parent = nullptr);
    ~LedgerChart() override;

    virtual QString id() const = 0;    // "memory", "latency", "gqa", "precision"
    virtual QString title() const = 0; // translated, for tabs and exports
    // Asks core for the chart's seriesRequest() of `s` (`l` = evaluate(s)), with the pinned
    // baseline's, and draws them: for a chart drawn alone. Pages ask once for all their charts.
    void updateFrom(const Scenario &s, const Ledger &l);
    virtual ChartTable table() const = 0;
    // The numbers the chart is about, in one sentence, for screen readers (its accessible
    // description) and captions. The default is the title.
    virtual QString headline() const { return title(); }
    // The parts of core's ChartSeries this chart draws, with its settings for them;
    // drawCharts() asks for the union of a page's once and hands it to each chart's draw().
    // None for charts that compute their own from the scenario (strategies, reality).
    virtual SeriesRequest seriesRequest() const { return {}; }
    // Draws `series`: its scenario, its ledger and the parts asked for.
    virtual void draw(const ChartSeries &series) = 0;

    // Units, presentation mode and log axes are read from `view` and followed as it changes; a
    // chart without one draws as a new ViewSettings would have it (SI, log axes, no presentation).
    void setViewSettings(const ViewSettings *view);
    const ViewSettings *viewSettings() const { return m_view; }
    ByteUnits units() const;
    bool presentation() const;
    bool logAxes() const;
    // While a slider is dragged: no animations and no antialiasing (about half of a repaint), and
    // axes that only grow, so the chart layout stays put; when the drag ends they fit the data.
    void setInteractive(bool interactive);
    bool isInteractive() const { return m_interactive; }
    // Body text (tick and axis labels, legend, bar values) in presentation mode (larger fonts,
    // thicker lines, high contrast), in pixels: the window scales it with the screen. 0 (exports):
    // 1.6 × the normal size.
    void setPresentationTextPixels(qreal pixels);
    qreal presentationTextPixels() const { return m_presentationPixels; }
    // Light theme whatever the window palette, for exports that end up on paper.
    void setPaperStyle(bool on);
    bool paperStyle() const { return m_paperStyle; }
    // Hover callouts are for the screen; exports hide them first.
    void hideHoverOverlays();
    // The pinned baseline the next draw shows beside the scenario, as a muted twin of each
    // curve or bar; nullopt: none. Charts that compute their series ask core for the baseline's
    // with the same call; the others get both in draw()'s series.
    void setBaseline(const std::optional<Scenario> &baseline) { m_baseline = baseline; }
    const std::optional<Scenario> &baseline() const { return m_baseline; }

    // Values plotted by some chart series are in display units: bytes / bytesScale().
    double bytesScale() const;
    QString bytesUnit() const; // "GB" or "GiB"

protected:
    // A number for table(): exact integers as integers, anything else with 15 significant digits.
    static QString tableNumber(double value);

    virtual void unitsChanged() {}
    virtual void logAxesChanged() {}
    // After a theme change (palette, presentation, paper style): set pens, brushes and fonts of
    // the chart's own items. The theme has reset series pens and axis fonts by then.
    virtual void restyle() {}
    // Positions scene items that follow the plot area (annotations, bar labels).
    virtual void relayoutOverlays() {}
    // When a drag starts and when it ends: the pens draggedPen() picks, set again.
    virtual void styleDraggedPens() {}
    // After setInteractive(false): refit what was only allowed to grow during the drag.
    virtual void interactiveEnded() {}
    // After a language switch: the texts set once (axis titles, fixed legend names). Texts made
    // from the data come back with the next draw.
    virtual void retranslate() {}

    // Token counts along `axis` (at the bottom; a QLogValueAxis, or a QValueAxis with dynamic
    // ticks) read "1k" to "10M". Qt writes them out in full and cuts each to an equal share of the
    // plot's width ("10,000,…"); its labels stay, transparent, to keep their room below the plot.
    void setTokenAxis(QAbstractAxis *axis);

    // Room above the plot (a heading drawn in the scene) and right of it (labels outside the plot).
    // Changing either relayouts the whole chart, so callers change them rarely.
    void setReservedSpace(qreal top, qreal right);
    qreal reservedTop() const { return m_reservedTop; }
    qreal reservedRight() const { return m_reservedRight; }
    // The chart less its margins: where titles, headings and the legend may go.
    QRectF contentRect() const;

    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    // Picks the theme for the palette and mode, then calls restyle(). Subclass constructors call
    // it last, once their items exist (a virtual call from the base constructor would not reach
    // them).
    void applyTheme();

    // Style helpers for restyle().
    bool isDark() const;
    QColor seriesColor(int index) const; // colour-blind-safe palette for the current theme
    QColor textColor() const;
    QColor boxColor() const; // annotation background
    // A baseline twin's colour: `color` faded halfway to the background, and its pen, dashed.
    QColor baselineColor(const QColor &color) const;
    QPen baselinePen(const QColor &color, qreal width) const;
    // A dashed outline drawn on every step of a drag costs its stroking each time (a bar's
    // dashed outline, a tenth of a step with a baseline pinned). With antialiasing off then, a
    // one-pixel cosmetic pen draws nearly the same dashes on a 1x screen, through the fast path.
    QPen draggedPen(const QPen &pen) const;
    qreal lineWidth(qreal width) const; // × 2 in presentation mode
    QFont chartFont(qreal scale = 1, bool bold = false) const;
    void styleAxis(QAbstractAxis *axis) const;
    // Lines one device pixel wide are drawn as cosmetic (zero-width) pens: on screen at 1x,
    // outside presentation mode.
    bool hairlines() const;

    // Hover: `text` near `value` of `series`, kept inside the plot area.
    void showHover(const QPointF &value, QAbstractSeries *series, const QString &text);
    // QXYSeries::replace unless the points are the same: a context drag leaves most curves as they
    // are, and an unchanged curve then costs neither a geometry rebuild nor a repaint.
    static void replacePoints(QXYSeries *series, const QList<QPointF> &points);
    // A curve core sampled densely, drawn with the points its shape needs on the series' axes
    // (drawnPolyline); its hover still snaps to every computed point. The series has its axes
    // already, they show the whole curve (the tolerance is a fraction of its extent; a clipped
    // curve would magnify it), and it is drawn again when they change scale.
    void replaceCurve(QXYSeries *series, const QList<QPointF> &points);
    // Index of the point in `points` (sorted by x) nearest on screen to `value`.
    int nearestPoint(const QList<QPointF> &points, const QPointF &value,
                     QAbstractSeries *series) const;
    // Hover on an XY series: the nearest point of its point list, described by `describe`.
    void connectHover(QXYSeries *series, std::function<QString(int index)> describe);

    bool m_paperStyle = false;
    std::optional<Scenario> m_baseline;

private:
    void applyLocale();
    void placeTokenLabels();
    void updateMargins();
    void layoutLegend();
    void placeLegendEntries();
    void fitAxisTitles();

    const ViewSettings *m_view = nullptr; // nulled when it goes first (the window's does)
    bool m_interactive = false;
    qreal m_presentationPixels = 0;
    qreal m_reservedTop = 0;
    qreal m_reservedRight = 0;
    qreal m_legendHeight = 0;
    ChartLabel *m_hover = nullptr;
    QPointer<QAbstractAxis> m_tokenAxis; // LatencyChart replaces its axes
    QList<ChartLabel *> m_tokenLabels;
    // Per axis: the title as the chart set it, and as shown (on two lines where it is too long).
    QHash<const QAbstractAxis *, std::pair<QString, QString>> m_wrappedTitles;
    // The application font at construction: presentation mode scales this, so a larger
    // application font set for the same mode does not compound.
    QFont m_baseFont;
};

} // namespace kvl
