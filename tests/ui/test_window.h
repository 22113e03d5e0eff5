#pragma once

// The main window every GUI test starts from.
#include "main_window.h"
#include "scenario.h"
#include "scenario_controller.h"

#include <QUndoStack>
#include <memory>

namespace kvl::test {

// A window on the seed scenario with nothing to undo and its errors kept off screen (no modal
// box to block a test), shown at `size`.
inline std::unique_ptr<MainWindow> seedWindow(const QSize &size)
{
    auto w = std::make_unique<MainWindow>();
    w->setQuietErrors(true);
    w->controller()->replace(Scenario::seed(), QString());
    w->controller()->undoStack()->clear();
    w->resize(size);
    w->show();
    return w;
}

} // namespace kvl::test
