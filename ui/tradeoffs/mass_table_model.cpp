#include "mass_table_model.h"

#include "model_retranslation.h"
#include "units.h"

#include <QEvent>

namespace kvl {

MassTableModel::MassTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void MassTableModel::setReport(const MassReport &report)
{
    beginResetModel();
    m_layers = report.layers;
    m_topFraction = report.topFraction;
    endResetModel();
}

QString MassTableModel::verdictName(MassVerdict v)
{
    switch (v) {
    case MassVerdict::Concentrated:
        return tr("concentrated");
    case MassVerdict::Flat:
        return tr("flat");
    case MassVerdict::TooFewBlocks:
        return tr("no verdict: too few blocks");
    case MassVerdict::NoMass:
        return tr("no mass");
    }
    return {};
}

int MassTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_layers.size());
}

int MassTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : kColumns;
}

QVariant MassTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MassStats &s = m_layers.at(index.row());
    const auto c = Column(index.column());
    const auto blocks = [&](qint64 n) {
        return tr("%1 (%2%)").arg(formatInteger(n), formatNumber(s.shareOfBlocks(n) * 100));
    };
    if (role == Qt::DisplayRole) {
        switch (c) {
        case Column::Layer:
            return s.layer;
        case Column::TopShare:
            // Too few blocks: the top blocks are more than the share in the header.
            return s.verdict == MassVerdict::TooFewBlocks
                       ? tr("%1% (top %2 of %3 blocks)")
                             .arg(formatNumber(s.topShare * 100), formatInteger(s.topBlocks),
                                  formatInteger(s.blocks))
                       : tr("%1%").arg(formatNumber(s.topShare * 100));
        case Column::BlocksFor50:
            return blocks(s.blocksFor50);
        case Column::BlocksFor90:
            return blocks(s.blocksFor90);
        case Column::BlocksFor99:
            return blocks(s.blocksFor99);
        case Column::Verdict:
            return verdictName(s.verdict);
        }
    }
    if (role == ValueRole) {
        switch (c) {
        case Column::Layer:
            return s.layer;
        case Column::TopShare:
            return s.topShare;
        case Column::BlocksFor50:
            return s.blocksFor50;
        case Column::BlocksFor90:
            return s.blocksFor90;
        case Column::BlocksFor99:
            return s.blocksFor99;
        case Column::Verdict:
            return int(s.verdict);
        }
    }
    if (role == Qt::TextAlignmentRole && c != Column::Verdict)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole && c == Column::TopShare)
        return tr("The top %1 blocks (%2 of %3) hold %4 of this layer's attention mass")
            .arg(formatInteger(s.topBlocks),
                 formatNumber(s.shareOfBlocks(s.topBlocks) * 100) + u'%', formatInteger(s.blocks),
                 formatNumber(s.topShare * 100) + u'%');
    return {};
}

QVariant MassTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= kColumns)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Column::Layer:
        return tr("Layer");
    case Column::TopShare:
        return tr("Mass in top %1% of blocks").arg(formatNumber(m_topFraction * 100));
    case Column::BlocksFor50:
        return tr("Blocks for 50%");
    case Column::BlocksFor90:
        return tr("Blocks for 90%");
    case Column::BlocksFor99:
        return tr("Blocks for 99%");
    case Column::Verdict:
        return tr("Verdict");
    }
    return {};
}

bool MassTableModel::event(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        announceRetranslation(this);
    return QAbstractTableModel::event(e);
}

} // namespace kvl
