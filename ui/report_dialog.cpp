#include "report_dialog.h"

#include "language.h"
#include "ledger_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace kvl {

namespace {
// Beyond this many charts the boxes go in two columns: the dialog stays short on a 720-line
// screen.
constexpr int kOneColumn = 7;
} // namespace

ReportDialog::ReportDialog(const QList<LedgerChart *> &charts, const QStringList &omitted,
                           const QString &language, QWidget *parent)
    : QDialog(parent), m_language(new QComboBox(this))
{
    setObjectName(QStringLiteral("reportDialog"));
    setWindowTitle(tr("PDF Report"));
    auto *intro = new QLabel(tr("The scenario and the ledger come first, then one chart a page "
                                "with its numbers in words under it."),
                             this);
    intro->setWordWrap(true);

    auto *chartBox = new QGroupBox(tr("Charts"), this);
    auto *grid = new QGridLayout;
    const int rows = charts.size() > kOneColumn ? int(charts.size() + 1) / 2 : int(charts.size());
    // Created in reading order, down the first column, so Tab follows it.
    for (int i = 0; i < charts.size(); ++i) {
        LedgerChart *chart = charts.at(i);
        QString text = chart->title();
        auto *box = new QCheckBox(text.replace(u'&', QStringLiteral("&&")), chartBox);
        box->setObjectName(u"report-" + chart->id());
        box->setChecked(!omitted.contains(chart->id()));
        grid->addWidget(box, i % rows, i / rows);
        m_boxes.append({chart, box});
    }
    auto *all = new QPushButton(tr("Select &all"), chartBox);
    auto *none = new QPushButton(tr("Select &none"), chartBox);
    all->setObjectName(QStringLiteral("reportSelectAll"));
    none->setObjectName(QStringLiteral("reportSelectNone"));
    connect(all, &QPushButton::clicked, this, [this] { checkAll(true); });
    connect(none, &QPushButton::clicked, this, [this] { checkAll(false); });
    auto *selectRow = new QHBoxLayout;
    selectRow->addWidget(all);
    selectRow->addWidget(none);
    selectRow->addStretch(1);
    auto *chartLayout = new QVBoxLayout(chartBox);
    chartLayout->addLayout(grid);
    chartLayout->addLayout(selectRow);

    for (const QString &code : language::available())
        m_language->addItem(language::nativeName(code), code);
    m_language->setObjectName(QStringLiteral("reportLanguage"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(language)));
    auto *form = new QFormLayout;
    form->addRow(tr("&Language:"), m_language);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    // What comes next: the file dialog.
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Choose File…"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(chartBox);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

void ReportDialog::checkAll(bool on)
{
    for (const auto &[chart, box] : std::as_const(m_boxes))
        box->setChecked(on);
}

QList<LedgerChart *> ReportDialog::chosenCharts() const
{
    QList<LedgerChart *> out;
    for (const auto &[chart, box] : m_boxes)
        if (box->isChecked())
            out << chart;
    return out;
}

QStringList ReportDialog::omittedCharts() const
{
    QStringList out;
    for (const auto &[chart, box] : m_boxes)
        if (!box->isChecked())
            out << chart->id();
    return out;
}

QString ReportDialog::language() const
{
    return m_language->currentData().toString();
}

} // namespace kvl
