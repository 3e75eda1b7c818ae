// num::sincos64 (core/numerics/sincos64.h, the spec's f64 sin and cos of any argument) in Tile IR
// scalar f64 ops, op for op, so that a lowered kernel computes it bit for bit (NaN payloads
// aside): docs/ops/schedule/lowering.md, "Rotary embeddings".
#pragma once

#include <string>
#include <utility>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

/// Appends to `t` the ops of num::sincos64(x) for an f64 value `x`; the names of (sin, cos).
/// The host's branches become selects: the reduction runs for every x (on f64 ops only, so
/// nothing traps on NaN or huge values) and its result is used when |x| >= pi/4.
std::pair<std::string, std::string> sincos64_f64(scalar_text::Text& t, const std::string& x);

}  // namespace tessera::transforms
