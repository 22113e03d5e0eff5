#include "ledger_view.h"

#include "focus_frame.h"
#include "ledger_text.h"
#include "ledger_warning.h"
#include "scaled_font.h"
#include "scenario_compare.h"
#include "scenario_controller.h"
#include "selectable_label.h"
#include "view_settings.h"

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace kvl {

LedgerView::LedgerView(ScenarioController *controller, ViewSettings *view, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_view(view), m_unitsBox(new QComboBox(this)),
      m_scroll(new QScrollArea(this)), m_banner(new QFrame(this)),
      m_bannerIcon(new QLabel(m_banner)), m_bannerText(new WrappedLabel(m_banner)),
      m_useTp(new QPushButton(m_banner)), m_rowsWidget(new QWidget),
      m_changes(new SelectableLabel(m_rowsWidget))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout;
    auto *unitsLabel = new QLabel(this);
    unitsLabel->setObjectName(QStringLiteral("unitsLabel"));
    unitsLabel->setBuddy(m_unitsBox);
    top->addWidget(unitsLabel);
    top->addWidget(m_unitsBox);
    top->addStretch(1);
    layout->addLayout(top);
    m_banner->setObjectName(QStringLiteral("deploymentWarning"));
    m_banner->setFrameShape(QFrame::Box);
    m_banner->setLineWidth(2);
    m_banner->setAutoFillBackground(true);
    auto *banner = new QGridLayout(m_banner);
    banner->setContentsMargins(8, 6, 8, 6);
    banner->addWidget(m_bannerIcon, 0, 0, 2, 1, Qt::AlignTop);
    banner->addWidget(m_bannerText, 0, 1);
    banner->addWidget(m_useTp, 1, 1, Qt::AlignLeft);
    banner->setColumnStretch(1, 1);
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextFormat(Qt::PlainText);
    m_useTp->setObjectName(QStringLiteral("useTpDegree"));
    m_useTp->setFocusPolicy(Qt::StrongFocus);
    connect(m_useTp, &QPushButton::clicked, this, &LedgerView::useTpDegree);
    m_banner->hide();
    layout->addWidget(m_banner);
    auto *rowsLayout = new QVBoxLayout(m_rowsWidget);
    rowsLayout->setContentsMargins(0, 0, 0, 0);
    rowsLayout->setSpacing(0);
    m_changes->setObjectName(QStringLiteral("baselineChanges"));
    m_changes->setWordWrap(true);
    m_changes->setContentsMargins(6, 4, 6, 6);
    m_changes->hide();
    rowsLayout->addWidget(m_changes);
    rowsLayout->addStretch(1);
    m_scroll->setWidget(m_rowsWidget);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setObjectName(QStringLiteral("ledgerText"));
    m_scroll->setFocusPolicy(Qt::StrongFocus);
    FocusFrame::install(m_scroll);
    layout->addWidget(m_scroll, 1);
    m_unitsBox->setObjectName(QStringLiteral("unitsBox"));
    m_unitsBox->addItem(QString(), int(ByteUnits::SI));
    m_unitsBox->addItem(QString(), int(ByteUnits::Binary));
    connect(m_unitsBox, &QComboBox::activated, this,
            [this](int i) { m_view->setUnits(ByteUnits(m_unitsBox->itemData(i).toInt())); });
    connect(m_view, &ViewSettings::unitsChanged, this, [this](ByteUnits units) {
        m_unitsBox->setCurrentIndex(units == ByteUnits::SI ? 0 : 1);
        render();
    });
    connect(m_controller, &ScenarioController::changed, this, &LedgerView::render);
    connect(m_controller, &ScenarioController::interactiveChanged, this, [this](bool on) {
        if (on) {
            pinFigures();
        } else {
            m_pins.release();
            render(); // hides the notes that emptied, and aligns the columns again
        }
    });
    m_copy = new QAction(this);
    connect(m_copy, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(plainText()); });
    m_rowsWidget->addAction(m_copy);
    m_rowsWidget->setContextMenuPolicy(Qt::ActionsContextMenu);
    retranslate();
}

LedgerView::Row LedgerView::makeRow(bool formula)
{
    auto *frame = new QFrame(m_rowsWidget);
    frame->setAutoFillBackground(false);
    auto *grid = new QGridLayout(frame);
    grid->setContentsMargins(6, 4, 6, 4);
    grid->setVerticalSpacing(1);
    Row r{frame,
          new QLabel(frame),
          new WrappedLabel(frame),
          new SelectableLabel(frame),
          new WrappedLabel(frame),
          new SelectableLabel(frame),
          new SelectableLabel(frame),
          {}};
    r.icon->hide();
    for (QLabel *l : {r.label, r.value, r.note}) {
        l->setTextFormat(Qt::PlainText);
        l->setWordWrap(true);
    }
    for (QLabel *l : {r.base, r.change}) {
        l->setAlignment(Qt::AlignRight | Qt::AlignTop);
        l->hide();
    }
    // The numbers are selectable (SelectableLabel); Copy Ledger (and the context menu) copy
    // everything.
    r.value->setAlignment(Qt::AlignRight | Qt::AlignTop);
    r.value->setWordWrap(false);
    r.note->setForegroundRole(QPalette::PlaceholderText);
    if (formula) { // large, on its own line
        r.value->setWordWrap(true);
        r.value->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        grid->addWidget(r.value, 0, 0, 1, 2);
        grid->addWidget(r.note, 1, 0, 1, 2);
        r.label->hide();
    } else {
        // With a baseline its value stands beside the row's, and the change under both: a dock
        // is too narrow for three columns of figures beside the labels.
        grid->addWidget(r.icon, 0, 0, 2, 1, Qt::AlignTop);
        grid->addWidget(r.label, 0, 1);
        grid->addWidget(r.value, 0, 2);
        grid->addWidget(r.base, 0, 3);
        grid->addWidget(r.note, 1, 1);
        grid->addWidget(r.change, 1, 2, 1, 2);
        grid->setColumnStretch(1, 1);
    }
    auto *rows = static_cast<QVBoxLayout *>(m_rowsWidget->layout());
    rows->insertWidget(rows->count() - 1, frame);
    applyFonts(r, formula);
    return r;
}

LedgerView::Row &LedgerView::row(int index)
{
    while (m_rows.size() <= index) {
        // The columns' heads go under the formula, shown while a baseline is pinned.
        if (m_rows.size() == 1 && !m_head.frame) {
            m_head = makeRow(false);
            m_head.frame->setObjectName(QStringLiteral("baselineHeads"));
            m_head.frame->hide();
            retranslateHeads();
        }
        m_rows.append(makeRow(m_rows.isEmpty()));
    }
    return m_rows[index];
}

void LedgerView::retranslateHeads()
{
    if (!m_head.frame)
        return;
    m_head.value->setText(tr("Now"));
    m_head.base->setText(tr("Baseline"));
    m_head.change->setText(tr("Change"));
}

// Sizes relative to the widget's font, re-applied when it changes (presentation mode).
void LedgerView::applyFonts(Row &r, bool formula)
{
    QFont bold = font();
    bold.setBold(true);
    r.label->setFont(bold);
    const QFont big = scaledFont(bold, 1.25);
    r.value->setFont(formula ? big : bold);
    r.base->setFont(font());
    r.change->setFont(font());
    const QFont small = scaledFont(font(), 0.9);
    // A warning is read from the back of the room: full size and bold, not small print.
    r.note->setFont(r.warningLaidOut ? bold : small);
    if (r.warningLaidOut) {
        const int size = QFontMetrics(bold).height();
        r.icon->setPixmap(warningPixmap(this, size));
    }
}

QWidget *LedgerView::focusTarget() const
{
    return m_scroll;
}

ByteUnits LedgerView::units() const
{
    return m_view->units();
}

void LedgerView::highlight(const QString &key)
{
    m_highlight = key;
    paintHighlight();
    // Once the layout has placed the rows: a tour step that changes the model moves them first.
    QTimer::singleShot(0, this, [this] {
        for (const Row &r : std::as_const(m_rows))
            if (!m_highlight.isEmpty() && r.key == m_highlight)
                m_scroll->ensureWidgetVisible(r.frame);
    });
}

// Only rows whose state changed: render() runs on every slider step.
void LedgerView::paintHighlight(bool force)
{
    QPalette warning;
    warning.setColor(QPalette::WindowText, warningColor(palette()));
    for (Row &r : m_rows) {
        const bool on = !m_highlight.isEmpty() && r.key == m_highlight;
        const int state = int(on) * 2 + int(r.warning);
        if (state == r.painted && !force)
            continue;
        r.painted = state;
        r.frame->setAutoFillBackground(on);
        r.frame->setBackgroundRole(on ? QPalette::Highlight : QPalette::Window);
        r.label->setForegroundRole(on ? QPalette::HighlightedText : QPalette::WindowText);
        for (QLabel *l : {r.value, r.note})
            l->setPalette(r.warning && !on ? warning : QPalette());
        r.value->setForegroundRole(on ? QPalette::HighlightedText : QPalette::WindowText);
        r.note->setForegroundRole(on          ? QPalette::HighlightedText
                                  : r.warning ? QPalette::WindowText
                                              : QPalette::PlaceholderText);
    }
}

void LedgerView::setExtraRows(const QList<QStringList> &rows)
{
    if (rows == m_extraRows)
        return;
    m_extraRows = rows;
    render();
}

QString LedgerView::plainText() const
{
    QString text = ledgerText(m_controller->scenario(), m_controller->ledger(), units());
    for (const QStringList &r : m_extraRows)
        text += r.value(0) + QStringLiteral("  ") + r.value(1) + u'\n' + QStringLiteral("    ") +
                r.value(2) + u'\n';
    if (const std::optional<Scenario> &baseline = m_controller->baseline()) {
        text += u'\n' + tr("Against the baseline (now / baseline / change):") + u'\n';
        for (const ComparedRow &r :
             comparedLedgerRows(m_controller->scenario(), m_controller->ledger(), *baseline,
                                *m_controller->baselineLedger(), units()))
            if (!r.baseline.isEmpty())
                text += QStringLiteral("%1  %2 / %3 / %4\n")
                            .arg(r.row.label, r.row.value, r.baseline, r.change);
        text += m_changes->text() + u'\n';
    }
    return text;
}

QString LedgerView::displayedText() const
{
    QStringList lines;
    if (m_changes->isVisibleTo(m_rowsWidget))
        lines << m_changes->text();
    for (const Row &r : m_rows) {
        if (!r.frame->isVisibleTo(m_rowsWidget))
            continue;
        QString line = r.label->text() + u' ' + r.value->text();
        if (r.base->isVisibleTo(r.frame))
            line += u' ' + r.base->text() + u' ' + r.change->text();
        lines << line << r.note->text();
    }
    return lines.join(u'\n');
}

void LedgerView::render()
{
    const Scenario &s = m_controller->scenario();
    const Ledger &l = m_controller->ledger();
    const std::optional<Scenario> &baseline = m_controller->baseline();
    QList<ComparedRow> rows;
    if (baseline)
        rows = comparedLedgerRows(s, l, *baseline, *m_controller->baselineLedger(), units());
    else
        for (const LedgerRow &r : ledgerRows(s, l, units()))
            rows << ComparedRow{r, {}, {}};
    for (const QStringList &r : std::as_const(m_extraRows))
        rows << ComparedRow{LedgerRow{r.value(3), r.value(0), r.value(1), r.value(2)}, {}, {}};
    for (int i = 0; i < rows.size(); ++i) {
        Row &r = row(i);
        const LedgerRow &in = rows.at(i).row;
        if (r.key != in.key) {
            r.key = in.key;
            r.frame->setProperty("ledgerKey", r.key); // for tests and accessibility tools
        }
        m_pins.setText(r.label, in.label);
        m_pins.setText(r.value, in.value);
        m_pins.setText(r.note, in.note);
        // During a drag a note that empties keeps its room: hiding it and showing it again on
        // the next step would lay the ledger out twice.
        const bool note =
            !in.note.isEmpty() || (m_controller->isInteractive() && r.note->isVisibleTo(r.frame));
        if (r.note->isVisibleTo(r.frame) != note)
            r.note->setVisible(note);
        m_pins.setText(r.base, rows.at(i).baseline);
        m_pins.setText(r.change, rows.at(i).change);
        const bool compared = baseline && i > 0;
        if (r.base->isVisibleTo(r.frame) != compared) {
            r.base->setVisible(compared);
            r.change->setVisible(compared);
        }
        r.frame->setVisible(true);
        if (r.warning != in.warning) {
            r.warning = in.warning;
            r.frame->setProperty("warning", r.warning);
        }
        if (r.warningLaidOut != r.warning && !m_controller->isInteractive()) {
            r.warningLaidOut = r.warning;
            r.icon->setVisible(r.warning);
            applyFonts(r, i == 0);
        }
    }
    for (qsizetype i = rows.size(); i < m_rows.size(); ++i)
        m_rows[i].frame->setVisible(false);
    if (m_head.frame && m_head.frame->isVisibleTo(m_rowsWidget) != baseline.has_value()) {
        m_head.frame->setVisible(baseline.has_value());
        m_head.base->setVisible(baseline.has_value());
        m_head.change->setVisible(baseline.has_value());
    }
    renderChanges();
    alignColumns();
    paintHighlight();
    renderBanner();
}

void LedgerView::renderChanges()
{
    const std::optional<Scenario> &baseline = m_controller->baseline();
    m_changes->setVisible(baseline.has_value());
    if (!baseline)
        return;
    const Comparison c = compareScenarios(*baseline, *m_controller->baselineLedger(),
                                          m_controller->scenario(), m_controller->ledger());
    QStringList lines;
    for (const InputChange &change : c.changes)
        lines << u"• " + compareSentence(change, units());
    const QString text = lines.isEmpty() ? tr("The scenario is the baseline: nothing has changed.")
                                         : tr("From the baseline:") + u'\n' + lines.join(u'\n');
    if (text != m_changes->text())
        m_pins.setText(m_changes, text);
}

void LedgerView::pinFigures()
{
    for (const Row &r : std::as_const(m_rows))
        for (QLabel *l : {r.label, r.value, r.note, r.base, r.change})
            m_pins.pin(l);
    m_pins.pin(m_changes);
    // The banner's count changes on every step of the GPU slider, and it sits outside the
    // scroll area: a new size there lays the whole window out again.
    m_pins.pin(m_bannerText);
    m_pins.pin(m_useTp);
}

void LedgerView::alignColumns()
{
    if (m_rows.size() < 2 || !m_pins.isEmpty())
        return;
    QList<Row *> aligned;
    for (qsizetype i = 1; i < m_rows.size(); ++i)
        if (m_rows[i].frame->isVisibleTo(m_rowsWidget))
            aligned << &m_rows[i];
    if (m_head.frame)
        aligned << &m_head;
    const QFont bold = m_rows.at(1).value->font();
    const QFont plain = m_rows.at(1).base->font();
    int value = 0, figure = 0, base = 0;
    QList<int> widths;
    for (const Row *r : std::as_const(aligned)) {
        const QString text = r->value->text();
        const int width = m_valueWidths(bold, text);
        widths << width;
        value = std::max(value, width);
        if (text.count(u' ') <= 1) // a figure and its unit ("2,621,440 B"): never broken
            figure = std::max(figure, width);
        base = std::max(base, m_baseWidths(plain, r->base->text()));
    }
    // At most half the dock, or the widest figure: a longer value ("24,576 B per token" on a
    // hybrid model's layer rows) wraps between its words rather than pushing the column past
    // the dock's edge.
    value = std::min(value, std::max({1, figure, m_scroll->viewport()->width() / 2}));
    for (qsizetype i = 0; i < aligned.size(); ++i) {
        Row *r = aligned.at(i);
        const bool wrap = widths.at(i) > value;
        if (r->value->wordWrap() != wrap)
            r->value->setWordWrap(wrap);
        // Only a real difference: a new minimum relayouts the row.
        if (r->value->minimumWidth() != value)
            r->value->setMinimumWidth(value);
        if (r->base->minimumWidth() != base)
            r->base->setMinimumWidth(base);
    }
}

void LedgerView::retranslate()
{
    findChild<QLabel *>(QStringLiteral("unitsLabel"))->setText(tr("Units:"));
    m_copy->setText(tr("Copy the Whole Ledger"));
    m_scroll->setAccessibleName(tr("Ledger"));
    retranslateHeads();
    m_unitsBox->setItemText(0, tr("SI (kB, MB, GB)"));
    m_unitsBox->setItemText(1, tr("Binary (KiB, MiB, GiB)"));
    m_unitsBox->setToolTip(tr("Datasheets use SI: 1 GB = 10^9 B. KiB, MiB and GiB are powers "
                              "of 1024. The seed's “320 KB” per token is 320 KiB."));
    m_unitsBox->setCurrentIndex(units() == ByteUnits::SI ? 0 : 1);
    styleBanner();
    render();
}

void LedgerView::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    alignColumns();
}

void LedgerView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    if (e->type() == QEvent::FontChange) {
        for (int i = 0; i < m_rows.size(); ++i)
            applyFonts(m_rows[i], i == 0);
        if (m_head.frame)
            applyFonts(m_head, false);
        alignColumns(); // the columns' widths were measured in the old type
    }
    if (e->type() == QEvent::FontChange || e->type() == QEvent::PaletteChange ||
        e->type() == QEvent::StyleChange) {
        styleBanner();
        paintHighlight(true);
    }
    QWidget::changeEvent(e);
}

} // namespace kvl
