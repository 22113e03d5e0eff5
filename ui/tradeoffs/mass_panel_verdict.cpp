// The attention-mass panel's verdict and its projection onto the scenario, in words.
#include "mass_panel.h"

#include "units.h"

#include <QLabel>
#include <algorithm>

namespace kvl {

void MassPanel::updateTexts()
{
    if (!m_report || m_report->layers.isEmpty()) {
        m_verdict->clear();
        m_projection->clear();
        return;
    }
    const MassReport &r = *m_report;
    const int n = r.judgedLayers();
    const int concentrated = r.concentratedLayers();
    const QString top = formatNumber(r.topFraction * 100) + u'%';
    const QString threshold = formatNumber(MassOptions{}.concentratedAt * 100) + u'%';
    QString verdict;
    if (n == 0) {
        // Too few blocks: "the top 1%" is one block, a large share of them.
        const MassStats &first = r.layers.first();
        const auto [lo, hi] = std::minmax_element(
            r.layers.begin(), r.layers.end(),
            [](const MassStats &a, const MassStats &b) { return a.topShare < b.topShare; });
        const QString held = lo->topShare == hi->topShare
                                 ? formatNumber(hi->topShare * 100) + u'%'
                                 : tr("%1–%2%").arg(formatNumber(lo->topShare * 100),
                                                    formatNumber(hi->topShare * 100));
        verdict = tr("No verdict: the top %2 of blocks is %3 of %1 per layer (%4), holding %5 of "
                     "the mass. A top-%2 verdict needs at least %6 blocks per layer: choose a "
                     "smaller block size, a longer file or a larger top share.")
                      .arg(formatInteger(first.blocks), top, formatInteger(first.topBlocks),
                           formatNumber(first.shareOfBlocks(first.topBlocks) * 100) + u'%', held,
                           formatInteger(blocksForVerdict(r.topFraction)));
    } else if (concentrated == n) {
        verdict = tr("Concentrated: on every layer the top %1 of blocks hold at least %2 of the "
                     "mass. There is room for eviction or sparse reads. Sparse reads keep every "
                     "token; eviction bets that the past predicts the next question.")
                      .arg(top, threshold);
    } else if (concentrated == 0) {
        verdict = tr("Flat: on no layer do the top %1 of blocks hold %2 of the mass. This traffic "
                     "really reads everything; the honest saving is in the bytes: quantize (fp8 "
                     "first), not surgery.")
                      .arg(top, threshold);
    } else {
        verdict = tr("Mixed: %1 of %2 layers concentrated, %3 flat. Sparse reads or eviction "
                     "could pay on the concentrated layers; on the flat ones the honest saving is "
                     "in the bytes: quantize.")
                      .arg(QString::number(concentrated), QString::number(n),
                           QString::number(n - concentrated));
    }
    QString html = u"<b>" + verdict.toHtmlEscaped() + u"</b>";
    for (const QString &note : r.notes)
        html += u"<br>" + note.toHtmlEscaped();
    m_verdict->setText(html);
    m_projection->setText(m_scenario && m_scenario->validate().isEmpty()
                              ? projectReads(*m_scenario, r).text()
                              : QString());
}

} // namespace kvl
