// --shadow f64 inside tile kernels: the f64 evaluation of the float ops on register tiles that
// have one (docs/numerics-report.md, "Tile kernels").
#pragma once

#include "interp/tile/sim.h"

namespace tessera::interp::tile {

/// Whether instruction `in` (an op's last) has an f64 evaluation: float kABin (+, -, *, /, min,
/// max) and kAExp, kALog, kASqrt on register tiles.
bool has_f64_eval(const Inst& in);

/// Before watched instruction `in` of point `p` in tile t: its f64 results on the shadows of its
/// operands and on the operands as they are (into g.out's shadow_ref / shadow_local).
void shadow_before(GroupState& g, int32_t t, const WatchPoint& p, const Inst& in, const Cell* R,
                   const float* A);

/// After it: the errors of the result `v` (point k) into the tile's statistics, and the result's
/// shadow for later ops of the tile.
void shadow_after(GroupState& g, int32_t t, size_t k, const WatchPoint& p, const Tensor& v,
                  const float* A);

}  // namespace tessera::interp::tile
