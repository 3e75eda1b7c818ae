// num::cos64 (core/numerics/cos64.h, the spec's f64 cos for randn's Box-Muller step) in Tile IR
// scalar f64 ops, op for op, so that a lowered kernel computes it bit for bit (NaN payloads
// aside): docs/ops/schedule/lowering.md, "Random ops (Philox)".
#pragma once

#include <string>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

/// Appends to `t` the ops of num::cos64(x) for an f64 value `x` and returns the result's name.
/// The cos and sin series share one Horner loop whose coefficients are selected by the
/// quadrant's parity (sin's shorter tail led by an exact 0).
std::string cos64_f64(scalar_text::Text& t, const std::string& x);

}  // namespace tessera::transforms
