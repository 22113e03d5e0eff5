#include "ledger_view.h"

#include "ledger_text.h"
#include "scenario_controller.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace kvl {

LedgerView::LedgerView(ScenarioController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_browser(new QTextBrowser(this)),
      m_unitsBox(new QComboBox(this))
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
    layout->addWidget(m_browser, 1);
    m_browser->setObjectName(QStringLiteral("ledgerText"));
    m_browser->setOpenLinks(false);
    m_browser->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_unitsBox->addItem(QString(), int(ByteUnits::SI));
    m_unitsBox->addItem(QString(), int(ByteUnits::Binary));
    connect(m_unitsBox, &QComboBox::activated, this, [this](int i) {
        setUnits(ByteUnits(m_unitsBox->itemData(i).toInt()));
    });
    connect(m_controller, &ScenarioController::changed, this, &LedgerView::render);
    retranslate();
    render();
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
    render();
    if (!key.isEmpty())
        m_browser->scrollToAnchor(key);
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
    return ledgerText(m_controller->scenario(), m_controller->ledger(), m_units);
}

void LedgerView::render()
{
    const Scenario &s = m_controller->scenario();
    const Ledger &l = m_controller->ledger();
    const QPalette pal = palette();
    const QString muted = pal.color(QPalette::PlaceholderText).name();
    const QString mark = pal.color(QPalette::Highlight).name();
    const QString markText = pal.color(QPalette::HighlightedText).name();

    QString html = QStringLiteral("<table width='100%' cellspacing='0' cellpadding='4'>");
    auto row = [&](const QString &key, const QString &label, const QString &value,
                   const QString &note) {
        const bool on = !key.isEmpty() && key == m_highlight;
        const QString style = on ? QStringLiteral(" style='background:%1; color:%2'").arg(mark, markText)
                                 : QString();
        html += QStringLiteral("<tr%1><td valign='top'><a name='%2'></a><b>%3</b></td>"
                               "<td valign='top' align='right'><b>%4</b></td></tr>")
                    .arg(style, key, label.toHtmlEscaped(), value.toHtmlEscaped());
        if (!note.isEmpty())
            html += QStringLiteral("<tr%1><td colspan='2' style='color:%2'><small>%3</small></td></tr>")
                        .arg(style, on ? markText : muted, note.toHtmlEscaped());
    };
    const auto rows = ledgerRows(s, l, m_units);
    // The formula first and large: the seed's whole argument starts there.
    const LedgerRow &formula = rows.first();
    const bool on = formula.key == m_highlight;
    html = QStringLiteral("<p%1><a name='%2'></a><big><b>%3</b></big><br/><small>%4</small></p>")
               .arg(on ? QStringLiteral(" style='background:%1; color:%2'").arg(mark, markText)
                       : QString(),
                    formula.key, formula.value.toHtmlEscaped(), formula.note.toHtmlEscaped()) +
           html;
    for (qsizetype i = 1; i < rows.size(); ++i)
        row(rows.at(i).key, rows.at(i).label, rows.at(i).value, rows.at(i).note);
    for (const QStringList &r : m_extraRows)
        row(r.value(3), r.value(0), r.value(1), r.value(2));
    html += QStringLiteral("</table>");

    const int scroll = m_browser->verticalScrollBar()->value();
    m_browser->setHtml(html);
    m_browser->verticalScrollBar()->setValue(scroll);
}

void LedgerView::retranslate()
{
    findChild<QLabel *>(QStringLiteral("unitsLabel"))->setText(tr("&Units:"));
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
    else if (e->type() == QEvent::PaletteChange)
        render();
    QWidget::changeEvent(e);
}

} // namespace kvl
