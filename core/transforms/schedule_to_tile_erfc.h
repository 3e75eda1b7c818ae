// gelu's erf form and the spec's erfcf (core/numerics/erfcf.h, docs/numerics.md "erfc") as
// scalar Tile IR steps, written once for both kernel builders that need them: the scalar chains
// (schedule_to_tile_scalar.cpp, steps by number) and fused_epilogue
// (schedule_to_tile_gemm_scalar.cpp, kernel text by name). `E` supplies `V op(const char* name,
// std::vector<V> in, DType in_type, DType out_type, const char* pred = "")` (in_type: the operands'
// type, a select's value type) and `V cst(double v, DType t)`.
#pragma once

#include <limits>
#include <vector>

#include "core/ir/ir.h"
#include "core/numerics/erfcf.h"

namespace tessera::transforms {

/// num::erfcf of the f32 value `x`, its steps in their order: erfcf_main (the Taylor sum, the
/// continued fraction, exp(-a^2) and the selects), then NaN: x + x as a select.
template <typename V, typename E>
V erfc_emit(V x, E& e) {
  constexpr DType kF = DType::f32, kD = DType::f64, kI = DType::i64, kB = DType::i1;
  const V xd = e.op("arith.extf", {x}, kF, kD);
  const V neg = e.op("arith.cmpf", {xd, e.cst(0.0, kD)}, kD, kB, "olt");
  const V a0 = e.op("arith.select", {neg, e.op("arith.negf", {xd}, kD, kD), xd}, kD, kD);
  const V clamp = e.cst(num::kErfcClamp, kD);
  const V a =
      e.op("arith.select", {e.op("arith.cmpf", {a0, clamp}, kD, kB, "ole"), a0, clamp}, kD, kD);
  const V z2 = e.op("arith.mulf", {a, a}, kD, kD);
  const V mz2 = e.op("arith.negf", {z2}, kD, kD);
  V t = a, s = a;
  for (int n = 1; n <= num::kErfcTaylorTerms; ++n) {
    t = e.op("arith.divf", {e.op("arith.mulf", {t, mz2}, kD, kD), e.cst(n, kD)}, kD, kD);
    s = e.op("arith.addf", {s, e.op("arith.divf", {t, e.cst(2 * n + 1, kD)}, kD, kD)}, kD, kD);
  }
  const V erf = e.op("arith.mulf", {e.cst(num::kErfcTwoOverSqrtPi, kD), s}, kD, kD);
  V f = a;
  for (int k = num::kErfcFractionTerms; k >= 1; --k)
    f = e.op("arith.addf", {a, e.op("arith.divf", {e.cst(0.5 * k, kD), f}, kD, kD)}, kD, kD);
  // erfc_exp_neg(z2): Cody-Waite, the Horner chain, three exact divisions by powers of two.
  const V shift = e.cst(num::kTanhShift, kD);
  const V ys = e.op("arith.mulf", {z2, e.cst(num::kTanhInvLn2, kD)}, kD, kD);
  const V kd = e.op("arith.subf", {e.op("arith.addf", {ys, shift}, kD, kD), shift}, kD, kD);
  const V hi = e.op("arith.subf",
                    {e.op("arith.mulf", {kd, e.cst(num::kTanhLn2Hi, kD)}, kD, kD), z2}, kD, kD);
  const V r = e.op("arith.addf", {hi, e.op("arith.mulf", {kd, e.cst(num::kTanhLn2Lo, kD)}, kD, kD)},
                   kD, kD);
  V q = e.cst(num::kTanhC[12], kD);
  for (int i = 11; i >= 0; --i)
    q = e.op("arith.addf", {e.op("arith.mulf", {q, r}, kD, kD), e.cst(num::kTanhC[i], kD)}, kD, kD);
  V ex = e.op("arith.addf", {e.cst(1.0, kD), e.op("arith.mulf", {r, q}, kD, kD)}, kD, kD);
  V k = e.op("arith.fptosi", {kd}, kD, kI);
  for (int part = 0; part < 3; ++part) {  // k1, k2: min(k, 62); k3: the rest
    const V kp = part < 2 ? e.op("arith.minsi", {k, e.cst(62, kI)}, kI, kI) : k;
    const V p = e.op("arith.sitofp", {e.op("arith.shli", {e.cst(1, kI), kp}, kI, kI)}, kI, kD);
    ex = e.op("arith.divf", {ex, p}, kD, kD);
    if (part < 2) k = e.op("arith.subi", {k, kp}, kI, kI);
  }
  const V ecn = e.op("arith.mulf", {ex, e.cst(num::kErfcInvSqrtPi, kD)}, kD, kD);
  const V ec = e.op("arith.divf", {ecn, f}, kD, kD);
  const V one = e.cst(1.0, kD);
  const V near =
      e.op("arith.select",
           {neg, e.op("arith.addf", {one, erf}, kD, kD), e.op("arith.subf", {one, erf}, kD, kD)},
           kD, kD);
  const V far =
      e.op("arith.select", {neg, e.op("arith.subf", {e.cst(2.0, kD), ec}, kD, kD), ec}, kD, kD);
  const V in = e.op("arith.cmpf", {a, e.cst(num::kErfcSplit, kD)}, kD, kB, "ole");
  const V res = e.op("arith.truncf", {e.op("arith.select", {in, near, far}, kD, kD)}, kD, kF);
  const V nan = e.op("arith.cmpf", {x, x}, kF, kB, "une");  // true for NaN only
  return e.op("arith.select", {nan, e.op("arith.addf", {x, x}, kF, kF), res}, kF, kF);
}

/// gelu with approximate = none on the f32 value `x`, the Graph IR kernels' steps (kernel_Gelu,
/// gelu_erf; docs/ops/graph/elementwise.md): t = x * f32(1 / sqrt 2), (0.5 x) * erfcf(-t), and
/// -0 at x = -Inf (x < -FLT_MAX holds for -Inf only).
template <typename V, typename E>
V gelu_erf_emit(V x, E& e) {
  constexpr DType kF = DType::f32;
  const V t = e.op("arith.mulf", {x, e.cst(static_cast<float>(0.7071067811865476), kF)}, kF, kF);
  const V ec = erfc_emit(e.op("arith.negf", {t}, kF, kF), e);
  const V v = e.op("arith.mulf", {e.op("arith.mulf", {e.cst(0.5, kF), x}, kF, kF), ec}, kF, kF);
  const V m =
      e.op("arith.cmpf", {x, e.cst(-std::numeric_limits<float>::max(), kF)}, kF, DType::i1, "olt");
  return e.op("arith.select", {m, e.cst(-0.0, kF), v}, kF, kF);
}

}  // namespace tessera::transforms
