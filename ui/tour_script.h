#pragma once

#include <QString>

namespace kvl {

class TourPanel;

// The whole tour as a speaker's script in Markdown, in the current language: each step's title,
// its text and its headline numbers, as the window shows them. Walks the steps on the tour's own
// copy (the user's scenario comes back at the end) and waits for steps whose figures come from
// a background analysis.
QString tourScript(TourPanel *tour);

} // namespace kvl
