#pragma once

#include <QCoreApplication>

namespace kvl {

// Notes and parse errors of the KV strategies are read in the window; the CLI installs no
// translator and stays English.
class StrategyText
{
    Q_DECLARE_TR_FUNCTIONS(StrategyText)
};

} // namespace kvl
