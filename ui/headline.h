#pragma once

#include <QList>
#include <QString>

namespace kvl {

// One number read from the back of the room: what it is, and its value as the ledger writes it.
struct Headline
{
    QString label;
    QString value;
    bool operator==(const Headline &o) const { return label == o.label && value == o.value; }
};

} // namespace kvl
