#pragma once

#include <QAbstractItemModel>

namespace kvl {

// After a language switch a table model's headers and cells read differently though nothing in
// it changed: tell the views to fetch them again.
inline void announceRetranslation(QAbstractItemModel *model)
{
    const int columns = model->columnCount();
    if (columns > 0)
        emit model->headerDataChanged(Qt::Horizontal, 0, columns - 1);
    if (model->rowCount() > 0 && columns > 0)
        emit model->dataChanged(model->index(0, 0),
                                model->index(model->rowCount() - 1, columns - 1));
}

} // namespace kvl
