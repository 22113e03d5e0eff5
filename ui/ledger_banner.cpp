// The ledger's banner for a deployment that cannot run: why, and the nearest one that can.
#include "ledger_view.h"

#include "ledger.h"
#include "ledger_warning.h"
#include "scenario_controller.h"
#include "units.h"

#include <QFrame>
#include <QLabel>
#include <QPushButton>

namespace kvl {

void LedgerView::styleBanner()
{
    // The window's text on a tint of the warning colour, framed in it.
    const QColor warn = warningColor(palette());
    const QColor window = palette().color(QPalette::Window);
    QPalette p = palette();
    p.setColor(QPalette::Window, QColor::fromRgbF(0.85 * window.redF() + 0.15 * warn.redF(),
                                                  0.85 * window.greenF() + 0.15 * warn.greenF(),
                                                  0.85 * window.blueF() + 0.15 * warn.blueF()));
    p.setColor(QPalette::WindowText, warn); // the frame's line
    m_banner->setPalette(p);
    QPalette text = p;
    text.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
    m_bannerText->setPalette(text);
    QFont bold = font();
    bold.setBold(true);
    m_bannerText->setFont(bold);
    const int size = 2 * QFontMetrics(bold).height();
    m_bannerIcon->setPixmap(warningPixmap(this, size));
}

void LedgerView::renderBanner()
{
    const Scenario &s = m_controller->scenario();
    const Ledger &l = m_controller->ledger();
    const bool broken = !l.fits || !l.validTpDegree;
    m_banner->setVisible(broken && m_fitWarningShown);
    if (!broken)
        return;
    QString why =
        !l.validTpDegree
            ? tr("%1 is not a tensor-parallel degree for %2: it must divide the %3 query heads "
                 "and match the %4 KV heads.")
                  .arg(s.gpus)
                  .arg(s.model.name)
                  .arg(s.model.queryHeads)
                  .arg(s.model.kvHeads)
            // No per-GPU bytes here: they change on every slider step, and a new banner text
            // relays out the whole dock. The per-GPU row below shows them.
            : tr("Does not fit in the %1 usable per GPU.")
                  .arg(formatBytes(l.usableBytesPerGpu, units()));
    if (l.tpDegree == 0)
        why += u' ' + tr("No GPU count fits: %1.").arg(l.tpNote());
    const QString text = tr("Cannot run on %1 × %2.").arg(s.gpus).arg(s.gpu.name) + u'\n' + why;
    if (text != m_bannerText->text()) {
        m_pins.setText(m_bannerText, text);
        m_banner->setAccessibleName(text);
    }
    m_useTp->setVisible(l.tpDegree > 0);
    if (l.tpDegree > 0) {
        const QString use = l.tpDegree == 1 ? tr("Use 1 GPU") : tr("Use %1 GPUs").arg(l.tpDegree);
        if (use != m_useTp->text())
            m_pins.setText(m_useTp, use);
        const QString note = l.tpNote();
        m_useTp->setToolTip(note.isEmpty()
                                ? tr("The fewest GPUs this scenario fits on as a tensor-parallel "
                                     "deployment")
                                : note);
    }
}

void LedgerView::setFitWarningShown(bool shown)
{
    if (shown == m_fitWarningShown)
        return;
    m_fitWarningShown = shown;
    renderBanner();
}

// The nearest deployment that runs: one undo step.
void LedgerView::useTpDegree()
{
    const int n = m_controller->ledger().tpDegree;
    if (n > 0)
        m_controller->edit([n] { return tr("GPU count: %1").arg(n); },
                           [n](Scenario &s) { s.gpus = n; });
}

} // namespace kvl
