#pragma once

// Sums over the largest block masses without sorting them all (core's own, for mass_stats).
#include "mass_stats.h"

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

// Answers every query over `masses` (≥ 0, reordered in place). An MSD radix select: each pass
// buckets the masses by the 12 bits below the prefix they all share, walks the buckets from the
// largest, and goes on only into the few buckets where an answer lies, so the work is a few
// passes over the data rather than a sort of it. Running sums are taken bucket by bucket, so they
// may differ from a sorted running sum in the last bits.
void selectTop(std::span<double> masses, std::span<TopQuery> queries, const Ticker &t);

} // namespace kvl::mass
