#include "strategy_parameters.h"

#include "input_limits.h"
#include "slider_field.h"
#include "units.h"

#include <QVBoxLayout>
#include <climits>
#include <cmath>

namespace kvl {

namespace {
constexpr int kFields = 3; // the most any policy has
constexpr int kMaxTokens = int(limits::maxContext);

// A share as whole percent, and back.
int percent(double share)
{
    return int(std::lround(share * 100));
}

// 1, 2, 4, ... within [lo, hi], both ends included: a slider over decades of tokens.
QList<int> logSteps(int lo, int hi)
{
    QList<int> steps{lo};
    for (qint64 v = 1; v <= hi; v *= 2)
        if (v > lo && v < hi)
            steps << int(v);
    if (hi > lo)
        steps << hi;
    return steps;
}
} // namespace

StrategyParameters::StrategyParameters(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (int i = 0; i < kFields; ++i) {
        auto *f = new SliderField(QString(), this);
        f->setObjectName(QStringLiteral("strategyParameter%1").arg(i));
        layout->addWidget(f);
        m_fields << f;
        connect(f, &SliderField::edited, this, [this, i](int v) {
            if (i >= m_params.size())
                return;
            TokenPolicy p = m_policy;
            m_params.at(i).set(p, v);
            emit edited(p);
        });
        connect(f, &SliderField::dragStarted, this, &StrategyParameters::dragStarted);
        connect(f, &SliderField::dragFinished, this, &StrategyParameters::dragFinished);
    }
    setPolicy({});
}

QList<StrategyParameters::Param> StrategyParameters::params(const TokenPolicy &t)
{
    QList<Param> out;
    // A count stays a count and a share a share, as the spec wrote it.
    const auto count = [&out](const QString &label, int lo, const TokenCount &c,
                              const std::function<TokenCount &(TokenPolicy &)> &at) {
        if (c.tokens > 0 || c.share == 0)
            out << Param{label,      lo,
                         kMaxTokens, int(c.tokens),
                         true,       [at](TokenPolicy &p, int v) { at(p) = TokenCount{v, 0}; }};
        else
            out << Param{tr("%1 (% of context)").arg(label),
                         std::max(lo, 1),
                         100,
                         percent(c.share),
                         false,
                         [at](TokenPolicy &p, int v) {
                             at(p) = TokenCount{0, v / 100.0};
                         }};
    };
    if (const auto *w = std::get_if<WindowPolicy>(&t)) {
        out << Param{tr("Window (tokens)"),
                     1,
                     kMaxTokens,
                     int(w->window),
                     true,
                     [](TokenPolicy &p, int v) { std::get<WindowPolicy>(p).window = v; }};
        out << Param{tr("Sink tokens"),
                     0,
                     1024,
                     int(w->sinks),
                     false,
                     [](TokenPolicy &p, int v) { std::get<WindowPolicy>(p).sinks = v; }};
    } else if (const auto *b = std::get_if<BudgetPolicy>(&t)) {
        count(tr("Budget"), 1, b->budget,
              [](TokenPolicy &p) -> TokenCount & { return std::get<BudgetPolicy>(p).budget; });
        count(tr("Recent"), 0, b->recent,
              [](TokenPolicy &p) -> TokenCount & { return std::get<BudgetPolicy>(p).recent; });
    } else if (const auto *h = std::get_if<HeadsPolicy>(&t)) {
        out << Param{
            tr("Retrieval heads (%)"),
            0,
            100,
            percent(h->retrievalShare),
            false,
            [](TokenPolicy &p, int v) { std::get<HeadsPolicy>(p).retrievalShare = v / 100.0; }};
        out << Param{tr("Sink tokens"),
                     0,
                     1024,
                     int(h->sinks),
                     false,
                     [](TokenPolicy &p, int v) { std::get<HeadsPolicy>(p).sinks = v; }};
        out << Param{tr("Window (tokens)"),
                     1,
                     kMaxTokens,
                     int(h->window),
                     true,
                     [](TokenPolicy &p, int v) { std::get<HeadsPolicy>(p).window = v; }};
    } else if (const auto *s = std::get_if<SparsePolicy>(&t)) {
        out << Param{tr("Blocks read (k)"),
                     1,
                     1'000'000,
                     int(s->topK),
                     true,
                     [](TokenPolicy &p, int v) { std::get<SparsePolicy>(p).topK = v; }};
        out << Param{tr("Block size (tokens)"),
                     1,
                     1'000'000,
                     int(s->blockSize),
                     true,
                     [](TokenPolicy &p, int v) { std::get<SparsePolicy>(p).blockSize = v; }};
    }
    return out;
}

void StrategyParameters::setPolicy(const TokenPolicy &policy)
{
    m_policy = policy;
    m_params = params(policy);
    for (int i = 0; i < kFields; ++i) {
        SliderField *f = m_fields.at(i);
        const bool used = i < m_params.size();
        f->setVisible(used);
        if (!used)
            continue;
        const Param &p = m_params.at(i);
        f->setLabel(p.label);
        MappedSpinBox *spin = f->spinBox();
        if (p.tokens) {
            spin->setTokenCounts();
        } else {
            spin->toText = nullptr;
            spin->fromText = nullptr;
        }
        f->setRange(p.lo, p.hi);
        if (p.tokens)
            f->setSteps(logSteps(p.lo, p.hi));
        f->setValue(p.value);
    }
}

} // namespace kvl
