#include "export_dialog.h"

#include "ledger_chart.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace kvl {

ExportDialog::ExportDialog(const QList<LedgerChart *> &charts, LedgerChart *current,
                           const QString &dir, QWidget *parent)
    : QDialog(parent), m_charts(charts), m_chart(new QComboBox(this)),
      m_format(new QComboBox(this)), m_width(new QSpinBox(this)), m_height(new QSpinBox(this)),
      m_dpi(new QSpinBox(this)), m_path(new QLineEdit(this))
{
    setWindowTitle(tr("Export Chart"));
    for (LedgerChart *c : charts)
        m_chart->addItem(c->title());
    m_chart->setCurrentIndex(std::max<int>(0, int(charts.indexOf(current))));
    m_format->addItem(tr("PNG image"));
    m_format->addItem(tr("SVG (text stays text)"));
    m_format->addItem(tr("PDF (text stays text)"));
    m_format->addItem(tr("CSV of the series"));
    m_width->setRange(200, 10000);
    const ExportSize defaults;
    m_width->setValue(defaults.pixels.width());
    m_width->setSuffix(tr(" px"));
    m_height->setRange(150, 10000);
    m_height->setValue(defaults.pixels.height());
    m_height->setSuffix(tr(" px"));
    m_dpi->setRange(36, 1200);
    m_dpi->setValue(defaults.dpi);
    m_dpi->setSuffix(tr(" dpi"));

    auto *browse = new QPushButton(tr("&Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Chart:"), m_chart);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    form->addRow(tr("&Resolution:"), m_dpi);
    // A row holding a layout gets no buddy: the label's mnemonic would show as a literal "&".
    auto *pathLabel = new QLabel(tr("Save &to:"), this);
    pathLabel->setBuddy(m_path);
    form->addRow(pathLabel, pathRow);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    form->addRow(buttons);

    const auto chartChanged = [this, dir] {
        const QString base = QStringLiteral("kv-ledger-%1").arg(chart()->id());
        const QString folder =
            m_path->text().isEmpty() ? dir : QFileInfo(m_path->text()).absolutePath();
        m_path->setText(QDir(folder).filePath(base));
        syncSuffix();
    };
    connect(m_chart, &QComboBox::currentIndexChanged, this, chartChanged);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        const bool raster = format() == ExportFormat::Png;
        m_dpi->setEnabled(raster);
        m_width->setEnabled(format() != ExportFormat::Csv);
        m_height->setEnabled(format() != ExportFormat::Csv);
        syncSuffix();
    });
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    chartChanged();
}

LedgerChart *ExportDialog::chart() const
{
    return m_charts.value(m_chart->currentIndex());
}

ExportFormat ExportDialog::format() const
{
    return allExportFormats().value(m_format->currentIndex(), ExportFormat::Png);
}

ExportSize ExportDialog::size() const
{
    ExportSize s;
    s.pixels = QSize(m_width->value(), m_height->value());
    s.dpi = m_dpi->value();
    return s;
}

QString ExportDialog::path() const
{
    return m_path->text();
}

void ExportDialog::syncSuffix()
{
    const QString suffix = exportFormatSuffix(format());
    QFileInfo info(m_path->text());
    m_path->setText(QDir(info.absolutePath()).filePath(info.completeBaseName() + u'.' + suffix));
}

void ExportDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"), m_path->text());
    if (!path.isEmpty()) {
        m_path->setText(path);
        syncSuffix();
    }
}

} // namespace kvl
