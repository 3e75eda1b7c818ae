// num::cos64 (core/numerics/cos64.h, the spec's f64 cos for randn's Box-Muller step) in Tile IR
// scalar f64 ops, op for op, so that a lowered kernel computes it bit for bit (NaN payloads
// aside): docs/ops/schedule/lowering.md, "Random ops (Philox)".
#pragma once

#include <string>

#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

/// Double-double steps of core/numerics/dd.h and cos64.h as Tile IR f64 ops, in their order
/// (shared by cos64_f64 and sincos64_f64).
namespace dd_text {

struct DD {
  std::string hi, lo;
};
std::string add(scalar_text::Text& t, const std::string& a, const std::string& b);
std::string sub(scalar_text::Text& t, const std::string& a, const std::string& b);
std::string mul(scalar_text::Text& t, const std::string& a, const std::string& b);
/// num::dd_two_sum, num::dd_fast_two_sum, num::dd_two_prod, num::dd_mul.
DD two_sum(scalar_text::Text& t, const std::string& a, const std::string& b);
DD fast_two_sum(scalar_text::Text& t, const std::string& a, const std::string& b);
DD two_prod(scalar_text::Text& t, const std::string& a, const std::string& b);
DD dd_mul(scalar_text::Text& t, const DD& a, const DD& b);
/// cos64_detail::series<sin>(z) (sin / r when `sin`).
DD series(scalar_text::Text& t, bool sin, const DD& z);

}  // namespace dd_text

/// Appends to `t` the ops of num::cos64(x) for an f64 value `x` and returns the result's name.
/// The cos and sin series share one Horner loop whose coefficients are selected by the
/// quadrant's parity (sin's shorter tail led by an exact 0).
std::string cos64_f64(scalar_text::Text& t, const std::string& x);

}  // namespace tessera::transforms
