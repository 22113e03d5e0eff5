#include "tour_script.h"

#include "tour.h"

#include <QCoreApplication>
#include <QDeadlineTimer>

namespace kvl {

QString tourScript(TourPanel *tour)
{
    QString out = QStringLiteral("# %1\n\n").arg(seedArticleTitle());
    tour->start();
    for (int i = 0; i < tour->stepCount(); ++i) {
        tour->goTo(i);
        // The attention-mass steps fill their figure when the analysis ends.
        const QDeadlineTimer deadline(10000);
        while (tour->figure().isEmpty() && !deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        out += QStringLiteral("## %1. %2\n\n%3\n\n")
                   .arg(i + 1)
                   .arg(tour->stepAt(i).title, tour->text());
        for (const Headline &h : tour->headlines())
            out += QStringLiteral("- %1: **%2**\n").arg(h.label, h.value);
        out += u'\n';
    }
    tour->stop();
    return out;
}

} // namespace kvl
