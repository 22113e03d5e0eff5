#pragma once

#include <QCoreApplication>

namespace kvl {

// What the readers and writers of files (scenarios, presets, .npy, precisions) say when they
// refuse one. The window shows it, so it is translatable; the CLI installs no translator and
// prints the English.
class FileText
{
    Q_DECLARE_TR_FUNCTIONS(FileText)
};

} // namespace kvl
