#pragma once

#include "bandwidth_probe.h"
#include <QAbstractTableModel>
#include <vector>

namespace kvl {

// The probe's results, newest first: one row per measurement (a sweep adds one row per size).
class MeasurementModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Column
    {
        Device,
        Buffer,
        Median,
        Best,
        Samples,
        Checksum,
        Method,
        Count
    };

    using QAbstractTableModel::QAbstractTableModel;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    void add(const std::vector<gpu::Measurement> &results);
    void clear();
    const std::vector<gpu::Measurement> &results() const { return m_rows; }
    QString csv() const; // every row, SI units, for export

private:
    std::vector<gpu::Measurement> m_rows;
};

} // namespace kvl
