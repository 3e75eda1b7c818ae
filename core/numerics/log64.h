// The spec's f64 log: a double-double algorithm written only with operations that Tile IR has
// (f64 + - * / without contraction, comparisons, selects), so every level, the CUDA code and any
// C++ compiler compute it bit for bit (docs/numerics.md, "exp and log on f64").
#pragma once

#include <limits>

#include "core/numerics/dd.h"
#include "core/numerics/exp64.h"  // kLn2Parts, kPow2Pow2

namespace tessera::num {

/// 1/(2n + 1) for n = 0 .. 18 as double-doubles (checked with mpmath by
/// tests/numerics/test_exp64_oracle.py): the series of atanh(s) / s in z = s^2.
inline constexpr DD kLog64Odd[19] = {{0x1p+0, 0.0},
                                     {0x1.5555555555555p-2, 0x1.5555555555555p-56},
                                     {0x1.999999999999ap-3, -0x1.999999999999ap-57},
                                     {0x1.2492492492492p-3, 0x1.2492492492492p-57},
                                     {0x1.c71c71c71c71cp-4, 0x1.c71c71c71c71cp-58},
                                     {0x1.745d1745d1746p-4, -0x1.745d1745d1746p-59},
                                     {0x1.3b13b13b13b14p-4, -0x1.3b13b13b13b14p-58},
                                     {0x1.1111111111111p-4, 0x1.1111111111111p-60},
                                     {0x1.e1e1e1e1e1e1ep-5, 0x1.e1e1e1e1e1e1ep-61},
                                     {0x1.af286bca1af28p-5, 0x1.af286bca1af28p-59},
                                     {0x1.8618618618618p-5, 0x1.8618618618618p-59},
                                     {0x1.642c8590b2164p-5, 0x1.642c8590b2164p-60},
                                     {0x1.47ae147ae147bp-5, -0x1.eb851eb851eb8p-61},
                                     {0x1.2f684bda12f68p-5, 0x1.2f684bda12f68p-59},
                                     {0x1.1a7b9611a7b96p-5, 0x1.1a7b9611a7b96p-61},
                                     {0x1.0842108421084p-5, 0x1.0842108421084p-60},
                                     {0x1.f07c1f07c1f08p-6, -0x1.f07c1f07c1f08p-61},
                                     {0x1.d41d41d41d41dp-6, 0x1.0750750750750p-60},
                                     {0x1.bacf914c1bad0p-6, -0x1.bacf914c1bad0p-60}};
/// Terms n = 0 .. kLog64Head in double-double, n up to kLog64Degree in f64.
inline constexpr int kLog64Head = 6;
inline constexpr int kLog64Degree = 18;
inline constexpr double kLog64Sqrt2 = 0x1.6a09e667f3bcdp+0;  // sqrt 2 rounded to f64

/// x = 2^k m with m in [kLog64Sqrt2 / 2, kLog64Sqrt2), by comparisons (no bit access): a
/// subnormal x is first multiplied by 2^54 (k = -54); then for i = 9 .. 0, m >= 2^(2^i):
/// m * 2^-(2^i), k + 2^i; then for i = 9 .. 0, m < 2^-(2^i): m * 2^(2^i), k - 2^i (now m in
/// [1/2, 2)); then m >= sqrt2: m / 2 (times 0.5), k + 1; then m < sqrt2 / 2: m * 2, k - 1.
/// k is carried as an f64 (exact integers). For a positive finite x.
struct Log64Parts {
  double m;
  double k;
};
inline Log64Parts log64_reduce(double x) {
  const bool tiny = x < 0x1p-1022;
  double m = tiny ? x * 0x1p54 : x;
  double k = tiny ? -54.0 : 0.0;
  for (int i = 9; i >= 0; --i) {
    const bool big = m >= kPow2Pow2[i];
    m = big ? m * (1.0 / kPow2Pow2[i]) : m;
    k = big ? k + static_cast<double>(1 << i) : k;
  }
  for (int i = 9; i >= 0; --i) {
    const bool small = m < 1.0 / kPow2Pow2[i];
    m = small ? m * kPow2Pow2[i] : m;
    k = small ? k - static_cast<double>(1 << i) : k;
  }
  const bool hi = m >= kLog64Sqrt2;
  m = hi ? m * 0.5 : m;
  k = hi ? k + 1.0 : k;
  const bool lo = m < kLog64Sqrt2 * 0.5;
  m = lo ? m * 2.0 : m;
  k = lo ? k - 1.0 : k;
  return {m, k};
}

/// log x as a double-double for a positive finite x (log64_main's steps before the final
/// rounding): log64_reduce, f = m - 1 (exact), d = 2 + f
/// (FastTwoSum), s = f / d in double-double (sh = f / d.hi, TwoProduct(sh, d.hi) = p, sl =
/// (((f - p.hi) - p.lo) - sh d.lo) / d.hi, FastTwoSum), z = s s, q = Horner of 1/(2n+1) for
/// n = 18 .. 7 in z.hi (f64), Q = Q z + 1/(2n+1) for n = 6 .. 0 in double-double, log m = (2s) Q;
/// k ln2 = FastTwoSum(k L0, k L1) with k L2 added to its tail; the result is the head of
/// (k ln2) + log m.
inline DD log64_dd(double x) {
  const Log64Parts r = log64_reduce(x);
  const double f = r.m - 1.0;
  const DD d = dd_fast_two_sum(2.0, f);
  const double sh = f / d.hi;
  const DD p = dd_two_prod(sh, d.hi);
  const double sl = (((f - p.hi) - p.lo) - sh * d.lo) / d.hi;
  const DD s = dd_fast_two_sum(sh, sl);
  const DD z = dd_mul(s, s);
  const DD y = dd_series(kLog64Odd, kLog64Head, kLog64Degree, z);
  const DD lm = dd_mul({2.0 * s.hi, 2.0 * s.lo}, y);
  const DD a = dd_fast_two_sum(r.k * kLn2Parts[0], r.k * kLn2Parts[1]);
  const DD kl{a.hi, a.lo + r.k * kLn2Parts[2]};
  return dd_add(kl, lm);
}

/// The main path for a positive finite x: the head of log64_dd, rounded once.
inline double log64_main(double x) { return log64_dd(x).hi; }

/// The spec's log of an f64 (docs/numerics.md, "exp and log on f64"): NaN -> NaN (x + x);
/// x < 0 (-Inf included) -> NaN; +-0 -> -Inf; +Inf -> +Inf; otherwise log64_main. Correctly
/// rounded on every sample of tests/numerics/test_exp64_oracle.py (mpmath).
inline double log64(double x) {
  if (x != x) return x + x;
  if (x < 0.0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 0.0) return -std::numeric_limits<double>::infinity();
  if (x == std::numeric_limits<double>::infinity()) return x;
  return log64_main(x);
}

/// The main path of log1p64 for a finite u > -1, u != 0: w = TwoSum(1, u) (1 + u exactly),
/// L = log64_dd(w.hi), c = w.lo / w.hi as a double-double (ch = w.lo / w.hi, p =
/// TwoProduct(ch, w.hi), cl = ((w.lo - p.hi) - p.lo) / w.hi; |c| <= 2^-53), log(1 + c) ~
/// c - c^2 / 2 = FastTwoSum(ch, cl - (0.5 ch) ch); the result is the head of L + that. Above
/// w.hi = 2^900 (where Veltkamp's split of w.hi would overflow, and c < 2^-900) cl is 0.
inline double log1p64_main(double u) {
  const DD w = dd_two_sum(1.0, u);
  const DD l = log64_dd(w.hi);
  const double ch = w.lo / w.hi;
  const DD p = dd_two_prod(ch, w.hi);
  const double cl0 = ((w.lo - p.hi) - p.lo) / w.hi;
  const double cl = w.hi > 0x1p900 ? 0.0 : cl0;
  const DD c = dd_fast_two_sum(ch, cl - (0.5 * ch) * ch);
  return dd_add(l, c).hi;
}

/// The spec's log1p of an f64 (docs/numerics.md, "exp and log on f64"): NaN -> NaN (u + u);
/// u < -1 (-Inf included) -> NaN; u = -1 -> -Inf; +Inf -> +Inf; +-0 -> u; otherwise
/// log1p64_main. Correctly rounded on every sample of tests/numerics/test_exp64_oracle.py.
inline double log1p64(double u) {
  if (u != u) return u + u;
  if (u < -1.0) return std::numeric_limits<double>::quiet_NaN();
  if (u == -1.0) return -std::numeric_limits<double>::infinity();
  if (u == std::numeric_limits<double>::infinity()) return u;
  if (u == 0.0) return u;
  return log1p64_main(u);
}

}  // namespace tessera::num
