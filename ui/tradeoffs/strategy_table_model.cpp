#include "strategy_table_model.h"

#include "model_retranslation.h"
#include "view_settings.h"

#include <QEvent>

namespace kvl {

StrategyTableModel::StrategyTableModel(const ViewSettings *view, QObject *parent)
    : QAbstractTableModel(parent), m_view(view)
{
    if (!m_view)
        return;
    connect(m_view, &ViewSettings::unitsChanged, this, [this] {
        if (!m_results.isEmpty())
            emit dataChanged(index(0, int(Column::Held)),
                             index(rowCount() - 1, int(Column::ReadPerToken)));
    });
}

void StrategyTableModel::setResults(const QList<StrategyResult> &results)
{
    // Same rows: refresh cells in place, so the view keeps its selection and scroll position.
    if (results.size() == m_results.size() && !m_results.isEmpty()) {
        m_results = results;
        emit dataChanged(index(0, 0), index(rowCount() - 1, kColumns - 1));
        return;
    }
    beginResetModel();
    m_results = results;
    endResetModel();
}

int StrategyTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int StrategyTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : kColumns;
}

QString StrategyTableModel::text(const StrategyResult &r, Column c) const
{
    switch (c) {
    case Column::Strategy:
        return r.name;
    case Column::Held:
        return formatBytes(r.heldBytes, ViewSettings::unitsOf(m_view));
    case Column::ReadPerToken:
        return formatBytes(r.readBytesPerStep, ViewSettings::unitsOf(m_view));
    case Column::TimePerToken:
        return formatSeconds(r.secondsPerToken);
    case Column::GpusToFit:
        return QString::number(r.gpusToFit);
    case Column::OldestReadable:
        if (!r.losesTokens)
            return tr("every token");
        if (r.oldestReadableToken >= r.context)
            return tr("none is sure to stay");
        return tr("from token %1").arg(formatInteger(r.oldestReadableToken));
    case Column::Lost:
        return r.lossNote;
    }
    return {};
}

QVariant StrategyTableModel::value(const StrategyResult &r, Column c) const
{
    switch (c) {
    case Column::Strategy:
        return r.spec;
    case Column::Held:
        return r.heldBytes;
    case Column::ReadPerToken:
        return r.readBytesPerStep;
    case Column::TimePerToken:
        return r.secondsPerToken;
    case Column::GpusToFit:
        return r.gpusToFit;
    case Column::OldestReadable:
        return r.oldestReadableToken;
    case Column::Lost:
        return r.losesTokens;
    }
    return {};
}

QVariant StrategyTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const StrategyResult &r = m_results.at(index.row());
    const auto c = Column(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return text(r, c);
    case Qt::ToolTipRole:
        // The loss note is long; the whole of it belongs on every cell of its row.
        return c == Column::Strategy ? r.spec + u'\n' + r.lossNote : r.lossNote;
    case ValueRole:
        return value(r, c);
    case Qt::TextAlignmentRole:
        if (c == Column::Strategy || c == Column::Lost || c == Column::OldestReadable)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignLeft | Qt::AlignVCenter));
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    }
    return {};
}

QVariant StrategyTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= kColumns)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Column::Held:
            return tr("KV cache the strategy holds at the context, whole batch");
        case Column::ReadPerToken:
            return tr("KV bytes one decode step reads, whole batch");
        case Column::TimePerToken:
            return tr("Decode step time, weights included: max(memory, compute)");
        case Column::GpusToFit:
            return tr("GPUs whose usable memory holds the weights and the KV cache (pooled)");
        case Column::OldestReadable:
            return tr("Every token from this one to the newest is readable on every layer and "
                      "head");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Column::Strategy:
        return tr("Strategy");
    case Column::Held:
        return tr("KV held");
    case Column::ReadPerToken:
        return tr("KV read per token");
    case Column::TimePerToken:
        return tr("Time per token");
    case Column::GpusToFit:
        return tr("GPUs to fit");
    case Column::OldestReadable:
        return tr("Oldest readable");
    case Column::Lost:
        return tr("What is lost");
    }
    return {};
}

bool StrategyTableModel::event(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        announceRetranslation(this);
    return QAbstractTableModel::event(e);
}

} // namespace kvl
