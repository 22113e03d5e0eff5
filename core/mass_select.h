#pragma once

// Sums over the largest block masses without sorting them all (core's own, for mass_stats).
#include "mass_stats.h"

#include <bit>

namespace kvl::mass {

// One question about the masses taken largest first.
struct TopQuery
{
    // By count: the sum of the `count` largest. By mass: the fewest largest whose running sum
    // reaches `threshold` (every mass when none does).
    bool byCount = true;
    qint64 count = 0;
    double threshold = 0;
    // The answer.
    double sum = 0;
    qint64 blocks = 0;
};

// Masses ≥ 0 order as their bits do; -0 is taken as 0.
inline quint64 massKey(double x)
{
    return std::bit_cast<quint64>(x) & ~(quint64(1) << 63);
}

// The lowest and the highest key of some masses.
struct KeyRange
{
    quint64 lo = ~quint64(0), hi = 0;
    void add(double x)
    {
        lo = std::min(lo, massKey(x));
        hi = std::max(hi, massKey(x));
    }
};

// Answers every query over `masses` (≥ 0, their keys spanning `keys`, reordered in place). An MSD
// radix select: each pass buckets the masses by the 12 bits below the prefix they all share, walks
// the buckets from the largest, and goes on only into the few buckets where an answer lies, so the
// work is a few passes over the data rather than a sort of it. Running sums are taken bucket by
// bucket, so they may differ from a sorted running sum in the last bits.
void selectTop(std::span<double> masses, KeyRange keys, std::span<TopQuery> queries,
               const Ticker &t);

} // namespace kvl::mass
