#pragma once

#include "kv_strategy.h"

#include <QWidget>
#include <functional>

namespace kvl {

class SliderField;

// Sliders for the numbers of one token policy: window and sinks, budget and recent tokens,
// retrieval heads, blocks read and block size. Precisions and the rarer settings stay in the spec.
class StrategyParameters : public QWidget
{
    Q_OBJECT
public:
    explicit StrategyParameters(QWidget *parent = nullptr);

    // Shows the fields of `policy` (none for a precision alone).
    void setPolicy(const TokenPolicy &policy);
    int fieldCount() const { return int(m_params.size()); }
    SliderField *field(int i) const { return m_fields.at(i); }

signals:
    // The policy with one field changed by the user.
    void edited(const kvl::TokenPolicy &policy);
    void dragStarted();
    void dragFinished();

private:
    struct Param
    {
        QString label;
        int lo = 0, hi = 0;
        int value = 0;
        bool tokens = false; // a token count: log steps, "128k" accepted
        std::function<void(TokenPolicy &, int)> set;
    };
    static QList<Param> params(const TokenPolicy &t);

    TokenPolicy m_policy;
    QList<Param> m_params;
    QList<SliderField *> m_fields; // a pool; the unused ones hidden
};

} // namespace kvl
