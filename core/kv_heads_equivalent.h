#pragma once

#include "model_spec.h"

namespace kvl {

// A layer type of `m` as m.withKvHeads(heads) has it: an attention layer with `heads` KV heads
// (written into the type), un-absorbed MLA as full attention caching K and V per head. The model
// itself then answers for the variant (layerCache) without a copy of it.
LayerType kvHeadsEquivalent(const ModelSpec &m, LayerType t, int heads);

} // namespace kvl
