#pragma once

#include <QString>

namespace kvl {

// The whole tour as a speaker's script in Markdown, in the current language: each step's title,
// its text, the parts of the decode-step picture where the step shows it, and its headline
// numbers, composed as the window composes them (tour_steps.h) on the seed scenario.
QString tourScript();

} // namespace kvl
