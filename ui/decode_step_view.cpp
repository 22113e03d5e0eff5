#include "decode_step_view.h"

#include "units.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QTimer>
#include <algorithm>
#include <cmath>

namespace kvl {

namespace {

// The picture on a grid of square units, one column per earlier token: its key, its weight and
// its value stacked, the query at the left, the new token's key and value and the output at the
// right, the part being told in words below.
constexpr double kLabelWidth = 5.4;
constexpr double kColumn = 2.2;
constexpr double kStrip = 1.1; // a vector's width
constexpr double kCell = 0.55; // one component's height
constexpr double kKeysY = 1.2; // top of the keys row
constexpr double kWeightsY = 3.7;
constexpr double kWeightsHeight = 2.6;
constexpr double kValuesY = 7.7;
constexpr double kCaptionY = 10.2;
constexpr double kHeightCells = 11.7;
// Smallest unit that keeps its labels legible on a desk; labels are this share of the unit
// (a word wider than its room is set smaller).
constexpr int kMinCellPixels = 12;
constexpr double kLabelShare = 0.9;
constexpr int kPhaseMillis = 2200;

double widthCells(qsizetype tokens)
{
    return kLabelWidth + double(tokens) * kColumn + 2 * kColumn + 1.4;
}

QColor blend(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

QString percent(double share)
{
    return DecodeStepView::tr("%1%").arg(formatNumber(share * 100, 2));
}

} // namespace

DecodeStepView::DecodeStepView(QWidget *parent) : QWidget(parent), m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("decodeStep"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    m_timer->setInterval(kPhaseMillis);
    connect(m_timer, &QTimer::timeout, this, [this] { setPhase((m_phase + 1) % kPhases); });
    setToolTip(tr("Click to move to the next part"));
    describe();
}

void DecodeStepView::setStep(const DecodeStep &step)
{
    m_step = step;
    describe();
    update();
}

void DecodeStepView::setPhase(int phase)
{
    m_phase = std::clamp(phase, 0, kPhases - 1);
    update();
}

QString DecodeStepView::phaseText(int phase)
{
    switch (phase) {
    case 0:
        return tr("1. The new token's query.");
    case 1:
        return tr("2. It is compared with the key of every earlier token: all of them are read.");
    case 2:
        return tr("3. The softmax turns the scores into weights that sum to 100%.");
    case 3:
        return tr("4. The weights combine the values into the output.");
    default:
        return tr("5. The new token's key and value join the KV cache: the next step reads them "
                  "instead of recomputing them.");
    }
}

QSize DecodeStepView::sizeHint() const
{
    const double cell = std::max(kMinCellPixels, int(fontMetrics().height() * 1.3));
    return {int(std::ceil(widthCells(m_step.tokens()) * cell)),
            int(std::ceil(kHeightCells * cell))};
}

QSize DecodeStepView::minimumSizeHint() const
{
    return {int(std::ceil(widthCells(m_step.tokens()) * minimumUnit())),
            int(std::ceil(kHeightCells * minimumUnit()))};
}

double DecodeStepView::minimumUnit() const
{
    // The labels about as large as the type around them: read from as far as the step's text.
    return std::max(double(kMinCellPixels), double(fontInfo().pixelSize()));
}

double DecodeStepView::unitPixels() const
{
    return std::min(width() / widthCells(m_step.tokens()), height() / kHeightCells);
}

int DecodeStepView::labelPixels() const
{
    return std::max(8, int(unitPixels() * kLabelShare));
}

void DecodeStepView::describe()
{
    setAccessibleName(tr("One decode step of attention"));
    QStringList weights;
    for (double w : std::as_const(m_step.weights))
        weights << percent(w);
    setAccessibleDescription(
        tr("The new token's query is compared with the keys of %1 earlier tokens; their softmax "
           "weights are %2; the weights combine the values; the new key and value are kept.")
            .arg(m_step.tokens())
            .arg(weights.join(QStringLiteral(", "))));
}

void DecodeStepView::paintEvent(QPaintEvent *)
{
    if (m_step.tokens() == 0)
        return;
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const double total = widthCells(m_step.tokens());
    const double u = unitPixels();
    p.translate((width() - total * u) / 2, (height() - kHeightCells * u) / 2);
    const QColor text = palette().color(QPalette::WindowText);
    const QColor base = palette().color(QPalette::Base);
    const QColor positive(230, 97, 1), negative(43, 131, 186); // colour-blind safe pair
    const QColor accent = palette().color(QPalette::Highlight);
    QFont small = font();
    small.setPixelSize(labelPixels());
    QFont bold = small;
    bold.setBold(true);

    const auto at = [u](double x, double y, double w, double h) {
        return QRectF(x * u, y * u, w * u, h * u);
    };
    // A vector as a vertical strip, one cell per component.
    const auto strip = [&](const QList<double> &v, double x, double y, bool dashed = false) {
        for (qsizetype i = 0; i < v.size(); ++i) {
            const double t = std::clamp(std::abs(v.at(i)) / 2, 0.0, 1.0);
            p.setBrush(blend(base, v.at(i) < 0 ? negative : positive, t));
            p.setPen(QPen(text, 1, dashed ? Qt::DashLine : Qt::SolidLine));
            p.drawRect(at(x, y + double(i) * kCell, kStrip, kCell));
        }
    };
    // A word longer than its room ("guardados", "consulta") is set smaller rather than cut.
    const auto label = [&](const QRectF &r, const QString &s, int align, QFont f) {
        const double advance = QFontMetricsF(f).horizontalAdvance(s);
        if (advance > r.width())
            f.setPixelSize(std::max(6, int(f.pixelSize() * r.width() / advance)));
        p.setFont(f);
        p.setPen(text);
        p.drawText(r, align | Qt::TextSingleLine, s);
    };
    const auto badge = [&](int n, double x, double y) {
        const QRectF r = at(x, y, 0.9, 0.9);
        p.setBrush(n - 1 == m_phase ? accent : text);
        p.setPen(Qt::NoPen);
        p.drawEllipse(r);
        QFont digit = bold; // inside its circle
        digit.setPixelSize(std::max(6, int(0.75 * u)));
        p.setFont(digit);
        p.setPen(n - 1 == m_phase ? palette().color(QPalette::HighlightedText) : base);
        p.drawText(r, Qt::AlignCenter, QString::number(n));
    };
    const auto column = [](qsizetype t) { return kLabelWidth + double(t) * kColumn; };
    const double vectorHeight = double(m_step.headDim()) * kCell;
    const qsizetype n = m_step.tokens();
    const double newX = column(n) + 0.2;
    const double outX = column(n + 1) + 0.4;

    // Row heads, numbered in the order a lecturer tells them; the query's above its strip,
    // where the row of token numbers leaves the room a whole word needs.
    badge(1, 0, -0.05);
    label(at(1.0, -0.1, kLabelWidth - 1, 1.1), tr("query"), Qt::AlignLeft | Qt::AlignVCenter, bold);
    strip(m_step.query, 3.4, kKeysY);
    badge(2, 0, kKeysY + 1.5);
    label(at(1.0, kKeysY + 1.4, 2.4, 1.1), tr("keys"), Qt::AlignLeft | Qt::AlignVCenter, bold);
    badge(3, 0, kWeightsY + 1.0);
    label(at(1.0, kWeightsY + 0.9, kLabelWidth - 1, 1.1), tr("weights"),
          Qt::AlignLeft | Qt::AlignVCenter, bold);
    badge(4, 0, kValuesY + 0.6);
    label(at(1.0, kValuesY + 0.5, kLabelWidth - 1, 1.1), tr("values"),
          Qt::AlignLeft | Qt::AlignVCenter, bold);

    // The cache: one column per earlier token.
    const qsizetype top = m_step.strongest();
    for (qsizetype t = 0; t < n; ++t) {
        const double x = column(t);
        const double sx = x + (kColumn - kStrip) / 2;
        label(at(x, 0, kColumn, 1.0), QString::number(t + 1), Qt::AlignCenter,
              t == top ? bold : small);
        strip(m_step.keys.at(t), sx, kKeysY);
        const double w = m_step.weights.at(t);
        const double h = std::max(0.05, w * kWeightsHeight);
        p.setPen(Qt::NoPen);
        p.setBrush(t == top ? positive : blend(base, text, 0.45));
        p.drawRect(at(sx, kWeightsY + kWeightsHeight - h, kStrip, h));
        label(at(x + 0.1, kWeightsY + kWeightsHeight, kColumn - 0.2, 0.9), percent(w),
              Qt::AlignCenter, t == top ? bold : small);
        strip(m_step.values.at(t), sx, kValuesY);
    }
    // (5) What the new token leaves behind, and (4) the output.
    badge(5, newX + (kColumn - 0.9) / 2, -0.05);
    strip(m_step.newKey, newX + (kColumn - kStrip) / 2, kKeysY, true);
    strip(m_step.newValue, newX + (kColumn - kStrip) / 2, kValuesY, true);
    // The output column has nothing at this height: the word may reach the picture's edge.
    label(at(newX - 0.3, kWeightsY + 0.6, total - newX + 0.3, 1.0), tr("kept"),
          Qt::AlignLeft | Qt::AlignVCenter, bold);
    label(at(outX - 0.6, kValuesY - 1.0, kColumn + 1.2, 1.0), tr("output"), Qt::AlignCenter, bold);
    strip(m_step.output, outX + (kColumn - kStrip) / 2, kValuesY);

    // The frame around the part being told.
    QRectF frame;
    switch (m_phase) {
    case 0:
        frame = at(3.2, kKeysY - 0.2, kStrip + 0.4, vectorHeight + 0.4);
        break;
    case 1:
        frame = at(column(0) - 0.1, kKeysY - 0.2, double(n) * kColumn + 0.2, vectorHeight + 0.4);
        break;
    case 2:
        frame =
            at(column(0) - 0.1, kWeightsY - 0.2, double(n) * kColumn + 0.2, kWeightsHeight + 1.2);
        break;
    case 3:
        frame = at(column(0) - 0.1, kValuesY - 1.2, outX + kColumn - column(0) + 0.2,
                   vectorHeight + 1.4);
        break;
    default:
        frame = at(newX - 0.1, -0.1, kColumn + 0.2, kValuesY + vectorHeight + 0.3);
        break;
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(accent, std::max(2.0, u / 6)));
    p.drawRoundedRect(frame, u / 4, u / 4);
    p.setFont(bold);
    p.setPen(text);
    p.drawText(at(0, kCaptionY, total, kHeightCells - kCaptionY),
               Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, phaseText(m_phase));
}

void DecodeStepView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    m_timer->start();
}

void DecodeStepView::hideEvent(QHideEvent *event)
{
    m_timer->stop();
    QWidget::hideEvent(event);
}

void DecodeStepView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        describe();
    QWidget::changeEvent(event);
}

// A lecturer's click moves on at once; the timer starts its count again.
void DecodeStepView::mousePressEvent(QMouseEvent *)
{
    setPhase((m_phase + 1) % kPhases);
    m_timer->start();
}

} // namespace kvl
