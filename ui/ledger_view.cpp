#include "ledger_view.h"

#include "ledger_text.h"
#include "scenario_controller.h"

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace kvl {

LedgerView::LedgerView(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_unitsBox(new QComboBox(this)),
      m_scroll(new QScrollArea(this)), m_rowsWidget(new QWidget)
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
    auto *rowsLayout = new QVBoxLayout(m_rowsWidget);
    rowsLayout->setContentsMargins(0, 0, 0, 0);
    rowsLayout->setSpacing(0);
    rowsLayout->addStretch(1);
    m_scroll->setWidget(m_rowsWidget);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setObjectName(QStringLiteral("ledgerText"));
    layout->addWidget(m_scroll, 1);
    m_unitsBox->addItem(QString(), int(ByteUnits::SI));
    m_unitsBox->addItem(QString(), int(ByteUnits::Binary));
    connect(m_unitsBox, &QComboBox::activated, this,
            [this](int i) { setUnits(ByteUnits(m_unitsBox->itemData(i).toInt())); });
    connect(m_controller, &ScenarioController::changed, this, &LedgerView::render);
    m_copy = new QAction(this);
    connect(m_copy, &QAction::triggered, this,
            [this] { QGuiApplication::clipboard()->setText(plainText()); });
    m_rowsWidget->addAction(m_copy);
    m_rowsWidget->setContextMenuPolicy(Qt::ActionsContextMenu);
    retranslate();
}

LedgerView::Row &LedgerView::row(int index)
{
    while (m_rows.size() <= index) {
        auto *frame = new QFrame(m_rowsWidget);
        frame->setAutoFillBackground(false);
        auto *grid = new QGridLayout(frame);
        grid->setContentsMargins(6, 4, 6, 4);
        grid->setVerticalSpacing(1);
        Row r{frame, new QLabel(frame), new QLabel(frame), new QLabel(frame), {}};
        for (QLabel *l : {r.label, r.value, r.note}) {
            l->setTextFormat(Qt::PlainText);
            l->setWordWrap(true);
        }
        // The numbers are selectable. Selectable labels lay out through a QTextDocument, several
        // times slower on every slider step, so the prose around them is not; Copy Ledger
        // (and the context menu) copy everything.
        r.value->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
        r.value->setAlignment(Qt::AlignRight | Qt::AlignTop);
        r.value->setWordWrap(false);
        r.note->setForegroundRole(QPalette::PlaceholderText);
        if (m_rows.isEmpty()) { // the formula: large, on its own line
            r.value->setWordWrap(true);
            r.value->setAlignment(Qt::AlignLeft | Qt::AlignTop);
            grid->addWidget(r.value, 0, 0, 1, 2);
            grid->addWidget(r.note, 1, 0, 1, 2);
            r.label->hide();
        } else {
            grid->addWidget(r.label, 0, 0);
            grid->addWidget(r.value, 0, 1);
            grid->addWidget(r.note, 1, 0, 1, 2);
            grid->setColumnStretch(0, 1);
        }
        auto *rows = static_cast<QVBoxLayout *>(m_rowsWidget->layout());
        rows->insertWidget(rows->count() - 1, frame);
        m_rows.append(r);
        applyFonts(m_rows.last(), m_rows.size() == 1);
    }
    return m_rows[index];
}

// Sizes relative to the widget's font, re-applied when it changes (presentation mode).
void LedgerView::applyFonts(Row &r, bool formula)
{
    QFont bold = font();
    bold.setBold(true);
    r.label->setFont(bold);
    QFont big = bold;
    big.setPointSizeF(bold.pointSizeF() * 1.25);
    r.value->setFont(formula ? big : bold);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    r.note->setFont(small);
}

void LedgerView::setUnits(ByteUnits units)
{
    if (units == m_units)
        return;
    m_units = units;
    m_unitsBox->setCurrentIndex(units == ByteUnits::SI ? 0 : 1);
    render();
    emit unitsChanged(units);
}

void LedgerView::highlight(const QString &key)
{
    m_highlight = key;
    paintHighlight();
    for (const Row &r : std::as_const(m_rows))
        if (!key.isEmpty() && r.key == key)
            m_scroll->ensureWidgetVisible(r.frame);
}

void LedgerView::paintHighlight()
{
    for (Row &r : m_rows) {
        const bool on = !m_highlight.isEmpty() && r.key == m_highlight;
        r.frame->setAutoFillBackground(on);
        r.frame->setBackgroundRole(on ? QPalette::Highlight : QPalette::Window);
        for (QLabel *l : {r.label, r.value})
            l->setForegroundRole(on ? QPalette::HighlightedText : QPalette::WindowText);
        r.note->setForegroundRole(on ? QPalette::HighlightedText : QPalette::PlaceholderText);
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
    QString text = ledgerText(m_controller->scenario(), m_controller->ledger(), m_units);
    for (const QStringList &r : m_extraRows)
        text += r.value(0) + QStringLiteral("  ") + r.value(1) + u'\n' + QStringLiteral("    ") +
                r.value(2) + u'\n';
    return text;
}

QString LedgerView::displayedText() const
{
    QStringList lines;
    for (const Row &r : m_rows)
        if (r.frame->isVisibleTo(m_rowsWidget))
            lines << r.label->text() + u' ' + r.value->text() << r.note->text();
    return lines.join(u'\n');
}

void LedgerView::render()
{
    QList<LedgerRow> rows = ledgerRows(m_controller->scenario(), m_controller->ledger(), m_units);
    for (const QStringList &r : std::as_const(m_extraRows))
        rows.append(LedgerRow{r.value(3), r.value(0), r.value(1), r.value(2)});
    for (int i = 0; i < rows.size(); ++i) {
        Row &r = row(i);
        r.key = rows.at(i).key;
        r.label->setText(rows.at(i).label);
        r.value->setText(rows.at(i).value);
        r.note->setText(rows.at(i).note);
        r.note->setVisible(!rows.at(i).note.isEmpty());
        r.frame->setVisible(true);
    }
    for (qsizetype i = rows.size(); i < m_rows.size(); ++i)
        m_rows[i].frame->setVisible(false);
    paintHighlight();
}

void LedgerView::retranslate()
{
    findChild<QLabel *>(QStringLiteral("unitsLabel"))->setText(tr("&Units:"));
    m_copy->setText(tr("Copy the Whole Ledger"));
    m_unitsBox->setItemText(0, tr("SI (kB, MB, GB)"));
    m_unitsBox->setItemText(1, tr("Binary (KiB, MiB, GiB)"));
    m_unitsBox->setToolTip(tr("Datasheets use SI: 1 GB = 10^9 B. KiB, MiB and GiB are powers "
                              "of 1024. The seed's “320 KB” per token is 320 KiB."));
    m_unitsBox->setCurrentIndex(m_units == ByteUnits::SI ? 0 : 1);
    render();
}

void LedgerView::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    if (e->type() == QEvent::FontChange)
        for (int i = 0; i < m_rows.size(); ++i)
            applyFonts(m_rows[i], i == 0);
    QWidget::changeEvent(e);
}

} // namespace kvl
