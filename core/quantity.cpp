// The quantities a chart or the CLI can ask of a ledger: keys, units and values.
#include "ledger.h"

#include <iterator>

namespace kvl {

QList<Quantity> allQuantities()
{
    QList<Quantity> out;
    for (int i = 0; i <= int(Quantity::PredictedSecondsPerToken); ++i)
        out << Quantity(i);
    return out;
}

static const char *const kKeys[] = {"kv_bytes_per_token",
                                    "kv_bytes_per_token_mha",
                                    "kv_bytes_per_token_mqa",
                                    "gqa_factor",
                                    "kv_bytes",
                                    "state_bytes",
                                    "kv_bytes_per_gpu",
                                    "kv_bytes_read_per_step",
                                    "kv_bytes_read_per_token",
                                    "kv_bytes_read_per_gpu",
                                    "weight_bytes",
                                    "total_bytes",
                                    "bytes_per_gpu",
                                    "gpus_to_fit",
                                    "tp_degree",
                                    "seconds_per_token",
                                    "kv_seconds_per_token",
                                    "tokens_per_second",
                                    "response_seconds",
                                    "conversation_seconds",
                                    "arithmetic_intensity",
                                    "ridge_point",
                                    "aggregate_tokens_per_second",
                                    "cost_per_million_output_tokens",
                                    "predicted_seconds_per_token"};
static_assert(std::size(kKeys) == int(Quantity::PredictedSecondsPerToken) + 1);

QString quantityKey(Quantity q)
{
    return QString::fromLatin1(kKeys[int(q)]);
}

std::optional<Quantity> quantityFromKey(const QString &key)
{
    for (Quantity q : allQuantities())
        if (quantityKey(q) == key)
            return q;
    return std::nullopt;
}

QString quantityUnit(Quantity q)
{
    switch (q) {
    case Quantity::KvBytesPerToken:
    case Quantity::KvBytesPerTokenMha:
    case Quantity::KvBytesPerTokenMqa:
    case Quantity::KvBytes:
    case Quantity::StateBytes:
    case Quantity::KvBytesPerGpu:
    case Quantity::KvBytesReadPerStep:
    case Quantity::KvBytesReadPerToken:
    case Quantity::KvBytesReadPerGpu:
    case Quantity::WeightBytes:
    case Quantity::TotalBytes:
    case Quantity::BytesPerGpu:
        return QStringLiteral("B");
    case Quantity::SecondsPerToken:
    case Quantity::KvSecondsPerToken:
    case Quantity::PredictedSecondsPerToken:
    case Quantity::ResponseSeconds:
    case Quantity::ConversationSeconds:
        return QStringLiteral("s");
    case Quantity::TokensPerSecond:
    case Quantity::AggregateTokensPerSecond:
        return QStringLiteral("tokens/s");
    case Quantity::CostPerMillionOutputTokens:
        return QStringLiteral("USD");
    case Quantity::ArithmeticIntensity:
    case Quantity::RidgePoint:
        return QStringLiteral("FLOP/B");
    case Quantity::GpusToFit:
    case Quantity::TpDegree:
        return QStringLiteral("GPUs");
    case Quantity::GqaFactor:
        return QStringLiteral("×");
    }
    return {};
}

double quantityValue(const Ledger &l, Quantity q)
{
    switch (q) {
    case Quantity::KvBytesPerToken:
        return double(l.kvBytesPerToken);
    case Quantity::KvBytesPerTokenMha:
        return double(l.kvBytesPerTokenMha);
    case Quantity::KvBytesPerTokenMqa:
        return double(l.kvBytesPerTokenMqa);
    case Quantity::GqaFactor:
        return l.gqaFactor;
    case Quantity::KvBytes:
        return l.kvBytes;
    case Quantity::StateBytes:
        return l.stateBytes;
    case Quantity::KvBytesPerGpu:
        return l.kvBytesPerGpu;
    case Quantity::KvBytesReadPerStep:
        return l.kvBytesReadPerStep;
    case Quantity::KvBytesReadPerToken:
        return l.kvBytesReadPerToken;
    case Quantity::KvBytesReadPerGpu:
        return l.kvBytesReadPerGpu;
    case Quantity::WeightBytes:
        return l.weightBytes;
    case Quantity::TotalBytes:
        return l.totalBytes;
    case Quantity::BytesPerGpu:
        return l.bytesPerGpu;
    case Quantity::GpusToFit:
        return l.gpusToFit;
    case Quantity::TpDegree:
        return l.tpDegree;
    case Quantity::SecondsPerToken:
        return l.secondsPerToken;
    case Quantity::KvSecondsPerToken:
        return l.kvSecondsPerToken;
    case Quantity::TokensPerSecond:
        return l.tokensPerSecond;
    case Quantity::ResponseSeconds:
        return l.responseSeconds;
    case Quantity::ConversationSeconds:
        return l.conversationSeconds;
    case Quantity::ArithmeticIntensity:
        return l.arithmeticIntensity;
    case Quantity::RidgePoint:
        return l.ridgePoint;
    case Quantity::AggregateTokensPerSecond:
        return l.aggregateTokensPerSecond;
    case Quantity::CostPerMillionOutputTokens:
        return l.costPerMillionOutputTokens;
    case Quantity::PredictedSecondsPerToken:
        return l.predictedSecondsPerToken;
    }
    return 0;
}

} // namespace kvl
