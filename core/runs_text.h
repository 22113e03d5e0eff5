#pragma once

#include <QCoreApplication>

namespace kvl {

// Messages about measured runs composed in core (reading them, modelling them), shown by the CLI
// and the window.
class RunsText
{
    Q_DECLARE_TR_FUNCTIONS(RunsText)
};

} // namespace kvl
