// Attribute checks shared by the Graph IR mesh collectives and the Tile IR collectives
// (docs/collectives.md, docs/ops/tile/collectives.md).
#pragma once

#include <cstdint>

#include "core/ops/registry.h"

namespace tessera::ops {

/// root_c1: attribute `root` is a group rank in [0, n).
bool root_ok(InferCtx& ctx, int64_t n);
/// pairs_c1: attribute `pairs` is [[src, dst], ...] of group ranks in [0, n), no rank the source
/// of two pairs or the destination of two pairs.
bool pairs_ok(InferCtx& ctx, int64_t n);
/// channel_c1: attribute `channel` is an integer >= 0.
bool channel_ok(InferCtx& ctx);

}  // namespace tessera::ops
