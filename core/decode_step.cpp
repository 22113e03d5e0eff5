#include "decode_step.h"

#include <algorithm>
#include <cmath>

namespace kvl {

qsizetype DecodeStep::strongest() const
{
    return std::max_element(weights.cbegin(), weights.cend()) - weights.cbegin();
}

void computeDecodeStep(DecodeStep &step)
{
    const double scale = 1 / std::sqrt(double(step.headDim()));
    step.scores.clear();
    for (const QList<double> &k : std::as_const(step.keys)) {
        double dot = 0;
        for (qsizetype i = 0; i < step.headDim(); ++i)
            dot += step.query.at(i) * k.value(i);
        step.scores << dot * scale;
    }
    // Softmax with the largest score subtracted first: the same weights, no overflow.
    const double top =
        step.scores.isEmpty() ? 0 : *std::max_element(step.scores.cbegin(), step.scores.cend());
    double sum = 0;
    step.weights.clear();
    for (double s : std::as_const(step.scores)) {
        step.weights << std::exp(s - top);
        sum += step.weights.last();
    }
    for (double &w : step.weights)
        w /= sum;
    step.output = QList<double>(step.headDim(), 0.0);
    for (qsizetype t = 0; t < step.tokens(); ++t)
        for (qsizetype i = 0; i < step.headDim(); ++i)
            step.output[i] += step.weights.at(t) * step.values.at(t).value(i);
}

DecodeStep exampleDecodeStep()
{
    DecodeStep s;
    // Hand-picked so that the query matches token 6 and the first token (a sink), and barely
    // the others: the picture shows a few large weights over a floor of small ones, every one
    // of which still had to be read.
    s.keys = {{1.5, 1.0, 0.5, 0.0},   {-1.0, 0.5, 0.0, -0.5}, {0.0, -1.0, 0.5, 0.5},
              {-0.5, 0.0, -1.0, 0.5}, {0.5, -0.5, 0.0, -1.0}, {-1.0, -0.5, 0.5, 0.0},
              {2.0, 1.5, 1.0, 1.0},   {0.0, 0.5, -0.5, -0.5}};
    s.values = {{0.5, 0.0, 1.0, 0.5},  {1.0, 0.5, 0.0, 0.0}, {0.0, 1.0, 0.5, 0.0},
                {0.5, 0.5, 0.5, 1.0},  {0.0, 0.0, 1.0, 1.0}, {1.0, 0.0, 0.5, 0.5},
                {-0.5, 1.0, 0.5, 1.0}, {0.5, 1.0, 0.0, 0.5}};
    s.query = {1.5, 1.0, 1.0, 0.5};
    s.newKey = {0.5, 1.0, -0.5, 0.5};
    s.newValue = {1.0, 0.5, 0.5, 0.0};
    computeDecodeStep(s);
    return s;
}

} // namespace kvl
