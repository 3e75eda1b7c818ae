// The spec's f32 tanh: one algorithm, written only with operations that Tile IR has (f64
// + - * / without contraction, comparisons, f32 <-> f64 and integer conversions, a shift), so
// every level and the CUDA code compute it bit for bit (docs/numerics.md, "tanh").
#pragma once

#include <cstdint>

#include "core/numerics/tanh64.h"

namespace tessera::num {

inline constexpr double kTanhInvLn2 = 0x1.71547652b82fep+0;  // 1 / ln 2 rounded to f64
inline constexpr double kTanhShift = 0x1.8p+52;        // y + shift - shift rounds y to an integer
inline constexpr double kTanhLn2Hi = 0x1.62e42feep-1;  // ln 2's upper 32 bits: k * it is exact
inline constexpr double kTanhLn2Lo = 0x1.a39ef35793c76p-33;  // ln 2 - kTanhLn2Hi rounded to f64
/// Above it tanh(|x|) rounds to 1 in f32 (1 - tanh(9.5) < 2^-26); |x| is clamped to it.
inline constexpr double kTanhClamp = 9.5;
/// Below it tanh(x) rounds to x in f32 (x^2 / 3 < 2^-25 of x).
inline constexpr float kTanhSmall = 0x1p-12f;
/// 1 / (i + 1)! for i = 0 .. 12, rounded to f64: expm1(r) = r * sum(kTanhC[i] r^i).
inline constexpr double kTanhC[13] = {1.0,
                                      1.0 / 2,
                                      1.0 / 6,
                                      1.0 / 24,
                                      1.0 / 120,
                                      1.0 / 720,
                                      1.0 / 5040,
                                      1.0 / 40320,
                                      1.0 / 362880,
                                      1.0 / 3628800,
                                      1.0 / 39916800,
                                      1.0 / 479001600,
                                      1.0 / 6227020800};

/// The main path for |x| >= 2^-12 (and not NaN), in f64: a = min(|x|, 9.5) (select: a <= 9.5 ?
/// a : 9.5), y = 2 a, kd = (y / ln2 + 0x1.8p52) - 0x1.8p52 (an integer, 0 <= kd <= 28),
/// r = (y - kd ln2hi) - kd ln2lo (Cody-Waite: both products exact or tiny, |r| <= ln2 / 2),
/// q = Horner of kTanhC[12] .. kTanhC[0] in r (q = q * r + c, each rounded), er = r q
/// (= expm1(r)), p = double(1 << kd), em = p er + (p - 1) (= expm1(y)), t = em / (em + 2)
/// (= tanh(a)) rounded to f32 once, negated for x < 0.
inline float tanhf_main(float x) {
  const double xd = x;
  double a = xd < 0.0 ? -xd : xd;
  a = a <= kTanhClamp ? a : kTanhClamp;
  const double y = 2.0 * a;
  const double kd = (y * kTanhInvLn2 + kTanhShift) - kTanhShift;
  const double r = (y - kd * kTanhLn2Hi) - kd * kTanhLn2Lo;
  double q = kTanhC[12];
  for (int i = 11; i >= 0; --i) q = q * r + kTanhC[i];
  const double er = r * q;
  const double p = static_cast<double>(int64_t{1} << static_cast<int64_t>(kd));
  const double em = p * er + (p - 1.0);
  const float t = static_cast<float>(em / (em + 2.0));
  return x < 0.0f ? -t : t;
}

/// The spec's tanh of an f32 (docs/numerics.md, "tanh"): NaN -> NaN (x + x); |x| < 2^-12 -> x
/// (+-0 and subnormals included); otherwise tanhf_main (+-Inf -> +-1). Within 1 ulp of the
/// exact tanh (tests/numerics/test_tanhf_oracle.py).
inline float tanhf(float x) {
  if (x != x) return x + x;
  if (x > -kTanhSmall && x < kTanhSmall) return x;
  return tanhf_main(x);
}

/// The spec's tanh in the compute type: tanhf above for f32, tanh64 (tanh64.h) for f64.
inline float spec_tanh(float x) { return tanhf(x); }
inline double spec_tanh(double x) { return tanh64(x); }

}  // namespace tessera::num
