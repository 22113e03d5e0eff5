#pragma once

#include "prefill.h"
#include "scenario.h"
#include <QList>
#include <QString>

namespace kvl {

// An agent's session: from a context of startContext tokens, `turns` turns, each appending
// turnInput tokens (tool output, the user's message), prefilling them and answering with
// response tokens. One sequence (batch 1) on the scenario's GPUs.
struct SessionOptions
{
    qint64 startContext = 0;
    int turns = 1;
    qint64 turnInput = 0;
    qint64 response = 0;
    // On: only the new tokens are prefilled, on top of the cached context. Off: every turn
    // re-prefills its whole context.
    bool prefixCache = true;
    qint64 maxBatchedTokens = kDefaultMaxBatchedTokens;

    // Agents' sessions run to hundreds of turns; 10,000 is past any, and keeps a session's table
    // to a second's work and a few MB (a million turns took 10 s and 1.7 GB to print).
    static constexpr int maxTurns = 10'000;
    QString validate() const; // empty when valid, else a reason naming the field
};

struct SessionTurn
{
    qint64 context = 0; // tokens at the start of the turn
    double prefillSeconds = 0;
    double decodeSeconds = 0; // the response, the cache growing under it (sumStepSeconds)
    double cost = 0;          // USD: GPUs × price per GPU-hour × seconds / 3600
};

struct Session
{
    QList<SessionTurn> turns;
    double prefillSeconds = 0;
    double decodeSeconds = 0;
    double seconds = 0;
    double cost = 0;
    // The first turn (1-based) whose context, once answered, no longer fits the usable memory
    // of the scenario's GPUs; 0 when every turn fits.
    int firstTurnNotFitting = 0;
};

// Call Scenario::validate() and SessionOptions::validate() first.
Session simulateSession(const Scenario &s, const SessionOptions &o);

} // namespace kvl
