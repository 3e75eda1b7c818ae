// The spec's f64 tanh: a double-double algorithm written only with f64 + - * / (no contraction),
// comparisons and selects, on the spec's exp64 reduction (exp64.h), so every level, the CUDA code
// and any C++ compiler compute it bit for bit, independent of the C library (docs/numerics.md,
// "tanh and erfc on f64").
#pragma once

#include <cstdint>

#include "core/numerics/dd.h"
#include "core/numerics/exp64.h"

namespace tessera::num {

/// Below it tanh(x) rounds to x (x^3 / 3 < ulp(x) / 4 for |x| < 2^-27).
inline constexpr double kTanh64Small = 0x1p-27;
/// Above it tanh(|x|) rounds to 1 (1 - tanh(20) < 2^-56); |x| > 20 gives +-1.
inline constexpr double kTanh64Saturate = 20.0;
/// expm1(r) = r * sum over n = 0 .. kTanh64Degree of r^n / (n + 1)! (the exp64 factorials shifted
/// by one); terms n = 0 .. kExp64Head in double-double.
inline constexpr int kTanh64Degree = 19;

/// a / b rounded to f64 for double-doubles a, b (b != 0): q1 = a.hi / b.hi, p = TwoProduct(q1,
/// b.hi), the remainder ((a.hi - p.hi) - p.lo + a.lo) - q1 b.lo, q2 = remainder / b.hi; q1 + q2.
inline DD dd_div(DD a, DD b) {
  const double q1 = a.hi / b.hi;
  const DD p = dd_two_prod(q1, b.hi);
  const double rem = (((a.hi - p.hi) - p.lo) + a.lo) - q1 * b.lo;
  return dd_fast_two_sum(q1, rem / b.hi);
}

/// The main path for 2^-27 <= |x| <= 20, on a = |x|, y = 2a: the exp64 reduction y = kd ln2 + r
/// (r a double-double, exp64_reduce_arg), em = r * S(r) with S = dd_series of 1/(n + 1)!
/// (= expm1(r)), e = 2^kd em (exact), N = dd_add(e, TwoSum(2^kd, -1)) (= expm1(y)) and
/// D = dd_add(e, TwoSum(2^kd, 1)) (= expm1(y) + 2), tanh(a) = N / D (dd_div, the head),
/// negated for x < 0.
inline double tanh64_main(double x) {
  const double a = x < 0.0 ? -x : x;
  const Exp64Arg red = exp64_reduce_arg(2.0 * a);
  const DD s = dd_series(kExp64Fact + 1, kExp64Head, kTanh64Degree, red.r);
  const DD em = dd_mul(red.r, s);
  const double p = static_cast<double>(int64_t{1} << static_cast<int64_t>(red.k));
  const DD e{em.hi * p, em.lo * p};
  const DD n = dd_add(e, dd_two_sum(p, -1.0));
  const DD d = dd_add(e, dd_two_sum(p, 1.0));
  const double t = dd_div(n, d).hi;
  return x < 0.0 ? -t : t;
}

/// The spec's tanh of an f64 (docs/numerics.md, "tanh and erfc on f64"): NaN -> NaN (x + x);
/// |x| < 2^-27 -> x (+-0 and subnormals included, the sign kept); |x| > 20 -> +-1 (+-Inf
/// included); otherwise tanh64_main. Correctly rounded on every sample of
/// tests/numerics/test_tanh64_oracle.py (mpmath).
inline double tanh64(double x) {
  if (x != x) return x + x;
  if (x > -kTanh64Small && x < kTanh64Small) return x;
  if (x > kTanh64Saturate) return 1.0;
  if (x < -kTanh64Saturate) return -1.0;
  return tanh64_main(x);
}

}  // namespace tessera::num
