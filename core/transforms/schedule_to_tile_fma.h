// fma(a, b, c) of f32 scalars rounded once, in Tile IR scalar ops (Tile IR has no fma op): the
// step of the Graph IR kernels' sequential FMA chains (std::fma of floats) for the scalar
// kernels of schedule-to-tile (docs/ops/schedule/lowering.md, "Scalar FMA").
#pragma once

#include <string>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

/// Appends to `t` the ops of fma(a, b, c) on f32 values `a`, `b`, `c` and returns the result's
/// name: bit for bit std::fma(float, float, float) with round-to-nearest-even, subnormals, zeros'
/// signs, infinities and overflow included (NaN payloads aside).
std::string fma_f32(scalar_text::Text& t, const std::string& a, const std::string& b,
                    const std::string& c);

/// fma(a, b, c) of scalars of type `ty` (f32 or f64) rounded once: fma_f32 for f32, `tile.fma`
/// for f64 (no other Tile IR op sequence gives an f64 fma exactly).
std::string fma_of(scalar_text::Text& t, const std::string& a, const std::string& b,
                   const std::string& c, DType ty);

}  // namespace tessera::transforms
