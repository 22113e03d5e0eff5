#include "tour_script.h"

#include "decode_step_view.h"
#include "tour_steps.h"

namespace kvl {

QString tourScript()
{
    QString out = QStringLiteral("# %1\n\n").arg(seedArticleTitle());
    const QList<TourStep> steps = seedTourSteps();
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const TourStep &t = steps.at(i);
        Scenario s = Scenario::seed();
        t.apply(s);
        const TourText text = t.compose(s, evaluate(s));
        out += QStringLiteral("## %1. %2\n\n%3\n\n").arg(i + 1).arg(t.title, text.text);
        if (t.decodePicture) {
            for (int phase = 0; phase < DecodeStepView::kPhases; ++phase)
                out += QStringLiteral("> %1\n").arg(DecodeStepView::phaseText(phase));
            out += u'\n';
        }
        for (const Headline &h : text.headlines)
            out += QStringLiteral("- %1: **%2**\n").arg(h.label, h.value);
        out += u'\n';
    }
    return out;
}

} // namespace kvl
