#include "measurement_model.h"

#include "units.h"

#include <QStringList>

namespace kvl {

int MeasurementModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int MeasurementModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(Column::Count);
}

QVariant MeasurementModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const gpu::Measurement &m = m_rows.at(size_t(index.row()));
    const auto column = Column(index.column());
    if (role == Qt::TextAlignmentRole)
        return column == Column::Device || column == Column::Method
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && column == Column::Buffer && m.belowCache)
        return tr("Smaller than 4× the cache: partly a cache measurement");
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Column::Device:
        return QString::fromStdString(m.device);
    case Column::Buffer:
        return QString(formatBytes(double(m.bytes), ByteUnits::Binary) +
                       (m.belowCache ? QStringLiteral(" *") : QString()));
    // A wrong checksum voids the rates: no number is shown for them.
    case Column::Median:
        return m.checksumOk ? formatNumber(m.medianGBps, 4) : QStringLiteral("—");
    case Column::Best:
        return m.checksumOk ? formatNumber(m.bestGBps, 4) : QStringLiteral("—");
    case Column::Samples:
        return m.samples;
    case Column::Checksum:
        return m.checksumOk ? tr("verified") : tr("WRONG");
    case Column::Method:
        return QString::fromStdString(m.method);
    case Column::Count:
        break;
    }
    return {};
}

QVariant MeasurementModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (Column(section)) {
    case Column::Device:
        return tr("Device");
    case Column::Buffer:
        return tr("Buffer");
    case Column::Median:
        return tr("Median GB/s");
    case Column::Best:
        return tr("Best GB/s");
    case Column::Samples:
        return tr("Samples");
    case Column::Checksum:
        return tr("Checksum");
    case Column::Method:
        return tr("Method");
    case Column::Count:
        break;
    }
    return {};
}

void MeasurementModel::add(const std::vector<gpu::Measurement> &results)
{
    if (results.empty())
        return;
    beginInsertRows({}, 0, int(results.size()) - 1);
    m_rows.insert(m_rows.begin(), results.begin(), results.end());
    endInsertRows();
}

void MeasurementModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

QString MeasurementModel::csv() const
{
    QString out = QStringLiteral(
        "device,buffer_bytes,median_gbps,best_gbps,samples,checksum_ok,below_cache,method\n");
    for (const auto &m : m_rows) {
        QString method = QString::fromStdString(m.method);
        method.replace(u'"', QStringLiteral("\"\""));
        out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7,\"%8\"\n")
                   .arg(QString::fromStdString(m.device))
                   .arg(m.bytes)
                   .arg(m.checksumOk ? QString::number(m.medianGBps, 'g', 8) : QString())
                   .arg(m.checksumOk ? QString::number(m.bestGBps, 'g', 8) : QString())
                   .arg(m.samples)
                   .arg(m.checksumOk ? 1 : 0)
                   .arg(m.belowCache ? 1 : 0)
                   .arg(method);
    }
    return out;
}

} // namespace kvl
