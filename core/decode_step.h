#pragma once

#include <QList>

namespace kvl {

// One decode step of one attention head, small enough to draw: the new token's query meets the
// key of every earlier token, the softmax of those scores weighs their values, and the weighted
// sum is the head's output. The new token's own key and value then join the cache, so the next
// step reads them without recomputing anything. Teaching data: a handful of tokens and a head
// dimension of 4, the arithmetic exact.
struct DecodeStep
{
    QList<QList<double>> keys;   // one per earlier token, the cache before the step
    QList<QList<double>> values; // likewise
    QList<double> query;         // the new token's
    QList<double> newKey;        // what the new token leaves in the cache
    QList<double> newValue;
    QList<double> scores;  // query · key / sqrt(head dim), one per earlier token
    QList<double> weights; // softmax of the scores: positive, summing to 1
    QList<double> output;  // Σ weights × values

    qsizetype tokens() const { return keys.size(); }
    qsizetype headDim() const { return query.size(); }
    // The earlier token the step weighs most.
    qsizetype strongest() const;
};

// The step drawn in the tour: 8 earlier tokens, head dimension 4, one sink-like first token and
// one the query matches, the rest weighed at a few percent or less.
DecodeStep exampleDecodeStep();

// Computes scores, weights and output from keys, values and query (head dimension from the query).
void computeDecodeStep(DecodeStep &step);

} // namespace kvl
