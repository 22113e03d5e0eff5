#pragma once

namespace kvl {

// What the Reality tab draws of each measured run against its prediction.
enum class RealityQuantity
{
    Tpot, // time per output token
    Ttft  // time to the first token
};

} // namespace kvl
