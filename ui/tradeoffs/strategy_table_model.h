#pragma once

#include "kv_strategy.h"
#include "units.h"

#include <QAbstractTableModel>

namespace kvl {

class ViewSettings;

// The full cache and each compared strategy at the scenario's context: what it holds, reads and
// costs per token, how many GPUs it needs and what it loses. Rows are core's StrategyResults.
class StrategyTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Column
    {
        Strategy,
        Held,
        ReadPerToken,
        TimePerToken,
        GpusToFit,
        OldestReadable,
        Lost,
    };
    Q_ENUM(Column)
    static constexpr int kColumns = int(Column::Lost) + 1;
    // The unformatted value behind a cell (bytes, seconds, GPUs, a token index).
    static constexpr int ValueRole = Qt::UserRole;

    // Bytes in `view`'s units (SI without one), following its changes.
    explicit StrategyTableModel(const ViewSettings *view = nullptr, QObject *parent = nullptr);

    void setResults(const QList<StrategyResult> &results);
    const QList<StrategyResult> &results() const { return m_results; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    // Headers and cells are worded on request: a language switch only has to say so.
    bool event(QEvent *e) override;

private:
    QString text(const StrategyResult &r, Column c) const;
    QVariant value(const StrategyResult &r, Column c) const;

    const ViewSettings *m_view;
    QList<StrategyResult> m_results;
};

} // namespace kvl
