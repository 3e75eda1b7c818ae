// The f64 logistic family of the Graph IR kernels (kernels_elementwise.cpp, interp/graph/silu.h)
// around the spec's exp64 (exp64_emit, schedule_to_tile_exp64.h), written once for the scalar
// chains (schedule_to_tile_scalar.cpp) and the kernel-text builders (TextEmit: swiglu_fused's
// f64 kernel): sigmoid 1 / (1 + exp(-x)); silu x / (1 + exp(-x)) and -0 at x = -Inf; tanh-form
// gelu x / (1 + exp(-2u)), u = c (x + 0.044715 x^3), -0 at -Inf; silu_mul silu(g) u.
#pragma once

#include <limits>
#include <string_view>

#include "core/transforms/schedule_to_tile_exp64.h"

namespace tessera::transforms {

/// The steps of the f64 activation `n` ("tessera.sigmoid", "tessera.silu", "tessera.gelu" in its
/// tanh form, "tessera.silu_mul") on `x` (silu_mul: times `*u`); the last op's value.
template <typename V, typename E>
V logistic64_emit(std::string_view n, V x, const V* u, E& e) {
  constexpr DType kD = DType::f64;
  V arg;
  if (n == "tessera.gelu") {
    const V x3 = e.op("arith.mulf", {e.op("arith.mulf", {x, x}, kD, kD), x}, kD, kD);
    const V c = e.cst(0.044715, kD);
    const V inner = e.op("arith.addf", {x, e.op("arith.mulf", {c, x3}, kD, kD)}, kD, kD);
    const V s = e.op("arith.mulf", {e.cst(0.7978845608028654, kD), inner}, kD, kD);
    arg = e.op("arith.mulf", {e.cst(-2.0, kD), s}, kD, kD);
  } else {
    arg = e.op("arith.negf", {x}, kD, kD);
  }
  const V ex = exp64_emit(arg, e);
  const V den = e.op("arith.addf", {e.cst(1.0, kD), ex}, kD, kD);
  if (n == "tessera.sigmoid") return e.op("arith.divf", {e.cst(1.0, kD), den}, kD, kD);
  const V q = e.op("arith.divf", {x, den}, kD, kD);
  const V ninf = e.op("arith.cmpf", {x, e.cst(-std::numeric_limits<double>::max(), kD)}, kD,
                      DType::i1, "olt");  // true for -Inf only
  const V s = e.op("arith.select", {ninf, e.cst(-0.0, kD), q}, kD, kD);
  return u ? e.op("arith.mulf", {s, *u}, kD, kD) : s;
}

}  // namespace tessera::transforms
