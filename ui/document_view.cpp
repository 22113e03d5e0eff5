#include "document_view.h"

#include "kv_strategy.h"
#include "mass_panel.h"
#include "roofline_panel.h"
#include "slider_field.h"
#include "strategy_panel.h"
#include "synthetic_mass.h"
#include "view_settings.h"

#include <QComboBox>
#include <QFileInfo>
#include <QSpinBox>
#include <QTabWidget>

namespace kvl {

namespace {
// The session page's fields, by the names its tests use too.
QSpinBox *sessionField(const DocumentViews &v, const char *name)
{
    return v.session ? v.session->findChild<QSpinBox *>(QLatin1String(name)) : nullptr;
}
// The Reality page's quantity box, a RealityQuantity in each item's data.
QComboBox *realityBox(const DocumentViews &v)
{
    return v.reality ? v.reality->findChild<QComboBox *>(QStringLiteral("realityQuantity"))
                     : nullptr;
}
} // namespace

ViewState captureViewState(const DocumentViews &v)
{
    ViewState s;
    if (v.tabs)
        s.tab = v.tabIds.value(v.tabs->currentIndex());
    if (v.view)
        s.units = v.view->units();
    if (v.strategies) {
        QList<ViewState::Strategy> rows;
        for (int i = 0; i < v.strategies->strategyCount(); ++i)
            rows << ViewState::Strategy{v.strategies->strategy(i).spec(),
                                        v.strategies->isChecked(i)};
        s.strategies = rows;
    }
    if (v.roofline)
        s.rooflinePrompt = v.roofline->promptBox()->value();
    if (v.mass) {
        const MassOptions o = v.mass->options();
        const QString file = v.mass->filePath();
        s.mass = file.isEmpty()
                     ? ViewState::Mass{v.mass->synthetic().spec(), {}, o.blockSize, o.topFraction}
                     : ViewState::Mass{
                           {}, QFileInfo(file).absoluteFilePath(), o.blockSize, o.topFraction};
    }
    QSpinBox *turns = sessionField(v, "sessionTurns");
    QSpinBox *input = sessionField(v, "sessionTurnInput");
    QSpinBox *response = sessionField(v, "sessionResponse");
    if (turns && input && response)
        s.session = ViewState::Session{turns->value(), input->value(), response->value()};
    if (const QComboBox *box = realityBox(v))
        s.reality = RealityQuantity(box->currentData().toInt());
    return s;
}

void applyViewState(const DocumentViews &v, const ViewState &state)
{
    if (v.tabs && v.tabIds.contains(state.tab))
        v.tabs->setCurrentIndex(int(v.tabIds.indexOf(state.tab)));
    if (v.view && state.units)
        v.view->setUnits(*state.units);
    if (v.strategies && state.strategies) {
        StrategyPanel *p = v.strategies;
        QList<bool> kept(p->strategyCount(), false);
        for (const ViewState::Strategy &row : *state.strategies) {
            int at = -1;
            for (int i = 0; i < p->strategyCount() && at < 0; ++i)
                if (p->strategy(i).spec() == row.spec)
                    at = i;
            if (at < 0 && p->addCustom(row.spec)) {
                at = p->strategyCount() - 1;
                kept << true;
            }
            if (at < 0)
                continue;
            kept[at] = true;
            p->setChecked(at, row.checked);
        }
        for (int i = 0; i < kept.size(); ++i)
            if (!kept.at(i))
                p->setChecked(i, false);
    }
    if (v.roofline && state.rooflinePrompt)
        v.roofline->promptBox()->setValue(int(std::min<qint64>(*state.rooflinePrompt, INT_MAX)));
    if (v.mass && state.mass) {
        v.mass->setBlockSize(state.mass->blockSize);
        v.mass->setTopFraction(state.mass->topFraction);
        if (!state.mass->synthetic.isEmpty()) {
            if (const auto source = SyntheticMass::parse(state.mass->synthetic))
                v.mass->setSynthetic(*source);
        } else if (!state.mass->file.isEmpty()) {
            v.mass->openFile(state.mass->file);
        }
    }
    if (state.session) {
        if (QSpinBox *turns = sessionField(v, "sessionTurns"))
            turns->setValue(state.session->turns);
        if (QSpinBox *input = sessionField(v, "sessionTurnInput"))
            input->setValue(int(std::min<qint64>(state.session->turnInput, INT_MAX)));
        if (QSpinBox *response = sessionField(v, "sessionResponse"))
            response->setValue(int(std::min<qint64>(state.session->response, INT_MAX)));
    }
    if (QComboBox *box = realityBox(v); box && state.reality)
        box->setCurrentIndex(box->findData(int(*state.reality)));
}

} // namespace kvl
