#pragma once

#include "attention_mass.h"

#include <QAbstractTableModel>

namespace kvl {

// One row per layer of a mass report: the share of the attention mass in the top blocks, how
// many blocks hold 50, 90 and 99% of it, and the verdict.
class MassTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Column
    {
        Layer,
        TopShare,
        BlocksFor50,
        BlocksFor90,
        BlocksFor99,
        Verdict,
    };
    Q_ENUM(Column)
    static constexpr int kColumns = int(Column::Verdict) + 1;
    static constexpr int ValueRole = Qt::UserRole; // the number behind a cell

    explicit MassTableModel(QObject *parent = nullptr);

    void setReport(const MassReport &report);
    const QList<MassStats> &layers() const { return m_layers; }

    static QString verdictName(MassVerdict v);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    // Headers and cells are worded on request: a language switch only has to say so.
    bool event(QEvent *e) override;

private:
    QList<MassStats> m_layers;
    double m_topFraction = 0.01;
};

} // namespace kvl
