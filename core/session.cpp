#include "session.h"

#include "input_limits.h"
#include "ledger.h"
#include "step_model.h"

#include <QCoreApplication>

namespace kvl {

// Shown where a session's inputs are refused.
class SessionText
{
    Q_DECLARE_TR_FUNCTIONS(SessionText)
};

QString SessionOptions::validate() const
{
    if (turns < 1 || turns > maxTurns)
        return SessionText::tr("turns: %1 is outside 1-%2").arg(turns).arg(maxTurns);
    if (startContext < 0 || turnInput < 0 || response < 0)
        return SessionText::tr("context, turn input and response: none may be negative");
    if (maxBatchedTokens < 1 || maxBatchedTokens > limits::maxContext)
        return SessionText::tr("max batched tokens: %1 is outside 1-%2")
            .arg(maxBatchedTokens)
            .arg(limits::maxContext);
    // Checked in doubles: turns × (input + response) may pass any integer type.
    const double end =
        double(startContext) + double(turns) * (double(turnInput) + double(response));
    if (end > double(limits::maxContext))
        return SessionText::tr("the session ends at %1 tokens, past the %2 a context may hold")
            .arg(end, 0, 'g', 4)
            .arg(limits::maxContext);
    return {};
}

Session simulateSession(const Scenario &scenario, const SessionOptions &o)
{
    Session out;
    Scenario s = scenario;
    s.batch = 1;
    const StepModel step(s);
    out.turns.reserve(o.turns);
    qint64 context = o.startContext;
    for (int i = 0; i < o.turns; ++i) {
        SessionTurn t;
        t.context = context;
        const qint64 prompt = context + o.turnInput;
        t.prefillSeconds = o.prefixCache
                               ? prefill(s, o.turnInput, context, o.maxBatchedTokens).seconds
                               : prefill(s, prompt, 0, o.maxBatchedTokens).seconds;
        t.decodeSeconds = step.sumStepSeconds(prompt, o.response);
        t.cost = gpuCost(s, t.prefillSeconds + t.decodeSeconds);
        out.prefillSeconds += t.prefillSeconds;
        out.decodeSeconds += t.decodeSeconds;
        out.cost += t.cost;
        out.turns << t;
        context = prompt + o.response;
    }
    out.seconds = out.prefillSeconds + out.decodeSeconds;

    // Turns end at growing contexts, so the turns that fit come first: bisect for the first
    // turn whose end does not.
    const auto fits = [&](int turn) {
        s.context = o.startContext + qint64(turn) * (o.turnInput + o.response);
        return evaluate(s).fits;
    };
    if (!fits(o.turns)) {
        int lo = 1, hi = o.turns;
        while (lo < hi) {
            const int mid = lo + (hi - lo) / 2;
            if (fits(mid))
                lo = mid + 1;
            else
                hi = mid;
        }
        out.firstTurnNotFitting = lo;
    }
    return out;
}

} // namespace kvl
