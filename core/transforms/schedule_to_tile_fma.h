// fma(a, b, c) rounded once, as one `tile.fma`: the step of the Graph IR kernels' sequential FMA
// chains (std::fma) for the scalar kernels of schedule-to-tile (docs/ops/schedule/lowering.md,
// "Scalar FMA").
#pragma once

#include <string>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

/// Appends to `t` fma(a, b, c) of f32 values `a`, `b`, `c` and returns the result's name: bit for
/// bit std::fma(float, float, float) (round to nearest even; NaN payloads aside).
std::string fma_f32(scalar_text::Text& t, const std::string& a, const std::string& b,
                    const std::string& c);

/// fma(a, b, c) of scalars of type `ty` (f32 or f64) rounded once: `tile.fma` (fma_c1).
std::string fma_of(scalar_text::Text& t, const std::string& a, const std::string& b,
                   const std::string& c, DType ty);

}  // namespace tessera::transforms
