// The spec's f64 exp: a double-double algorithm written only with operations that Tile IR has
// (f64 + - * / without contraction, comparisons, selects, f64 <-> i64 conversions, shifts), so
// every level, the CUDA code and any C++ compiler compute it bit for bit, independent of the C
// library (docs/numerics.md, "exp and log on f64").
#pragma once

#include <cstdint>
#include <limits>

#include "core/numerics/dd.h"

namespace tessera::num {

inline constexpr double kExp64Overflow = 710.0;               // above: +Inf (log(DBL_MAX) ~ 709.78)
inline constexpr double kExp64Underflow = -746.0;             // below: +0 (log(2^-1075) ~ -745.13)
inline constexpr double kExp64InvLn2 = 0x1.71547652b82fep+0;  // 1 / ln 2 rounded to f64
inline constexpr double kExp64Shift = 0x1.8p52;               // x + shift rounds x to an integer
/// ln 2 = kLn2[0] + kLn2[1] + kLn2[2] (error below 2^-144): the first two with 42 significant
/// bits, so that k * kLn2[i] is exact for |k| <= 2^11.
inline constexpr double kLn2Parts[3] = {0x1.62e42fefa3800p-1, 0x1.ef35793c76800p-45,
                                        -0x1.9ff0342542fc3p-90};
/// 1/n! for n = 0 .. 20 as double-doubles (hi = 1/n! rounded to f64, lo = the rest rounded;
/// checked with mpmath by tests/numerics/test_exp64_oracle.py).
inline constexpr DD kExp64Fact[21] = {{0x1p+0, 0.0},
                                      {0x1p+0, 0.0},
                                      {0x1p-1, 0.0},
                                      {0x1.5555555555555p-3, 0x1.5555555555555p-57},
                                      {0x1.5555555555555p-5, 0x1.5555555555555p-59},
                                      {0x1.1111111111111p-7, 0x1.1111111111111p-63},
                                      {0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65},
                                      {0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73},
                                      {0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76},
                                      {0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73},
                                      {0x1.27e4fb7789f5cp-22, 0x1.cbbc05b4fa99ap-76},
                                      {0x1.ae64567f544e4p-26, -0x1.c062e06d1f209p-80},
                                      {0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83},
                                      {0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87},
                                      {0x1.93974a8c07c9dp-37, 0x1.05d6f8a2efd1fp-92},
                                      {0x1.ae7f3e733b81fp-41, 0x1.1d8656b0ee8cbp-97},
                                      {0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101},
                                      {0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103},
                                      {0x1.6827863b97d97p-53, 0x1.eec01221a8b0bp-107},
                                      {0x1.2f49b46814157p-57, 0x1.2650f61dbdcb4p-112},
                                      {0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120}};
/// Terms n = 0 .. kExp64Head of the Taylor sum are evaluated in double-double, the higher ones
/// (up to 20) in f64 (their rounding errors stay below 2^-84 of the result).
inline constexpr int kExp64Head = 8;
inline constexpr int kExp64Degree = 20;
/// 2^(2^i) for i = 0 .. 9.
inline constexpr double kPow2Pow2[10] = {0x1p1,  0x1p2,  0x1p4,   0x1p8,   0x1p16,
                                         0x1p32, 0x1p64, 0x1p128, 0x1p256, 0x1p512};

/// 2^n for |n| <= 1023 without bit access: p = the product over the set bits i of |n| of
/// (bit ? 2^(2^i) : 1), in increasing i (exact), then 1 / p for n < 0 (exact).
inline double pow2_by_bits(int64_t n) {
  const int64_t a = n < 0 ? -n : n;
  double p = 1.0;
  for (int i = 0; i < 10; ++i) p = p * (((a >> i) & 1) != 0 ? kPow2Pow2[i] : 1.0);
  return n < 0 ? 1.0 / p : p;
}

/// exp(x) for x in [-746, 710] as a double-double times 2^k: kd = (x / ln2 + shift) - shift,
/// r = x - kd ln2 (x - kd L0 exact, TwoSum with -(kd L1), then - kd L2 into the tail,
/// FastTwoSum), q = Horner of 1/n! for n = 20 .. 9 in r.hi (f64), then Q = Q r + 1/n! for n = 8
/// .. 0 in double-double (Q = exp(r)).
struct Exp64Parts {
  DD y;      // exp(r)
  double k;  // the integer kd
};
/// The reduction alone: x = k ln2 + r (also tanh64's, on 2|x|).
struct Exp64Arg {
  DD r;
  double k;
};
inline Exp64Arg exp64_reduce_arg(double x) {
  const double kd = (x * kExp64InvLn2 + kExp64Shift) - kExp64Shift;
  const double r0 = x - kd * kLn2Parts[0];
  const DD r1 = dd_two_sum(r0, -(kd * kLn2Parts[1]));
  return {dd_fast_two_sum(r1.hi, r1.lo - kd * kLn2Parts[2]), kd};
}
inline Exp64Parts exp64_reduce(double x) {
  const Exp64Arg a = exp64_reduce_arg(x);
  return {dd_series(kExp64Fact, kExp64Head, kExp64Degree, a.r), a.k};
}

/// exp64_reduce of a double-double argument x + xlo (|xlo| <= ulp(x) / 2, x in [-746, 710]):
/// the same steps with xlo added to the tail, and TwoSum for the last sum (its head may be
/// smaller than the tail).
inline Exp64Parts exp64_reduce_dd(double x, double xlo) {
  const double kd = (x * kExp64InvLn2 + kExp64Shift) - kExp64Shift;
  const double r0 = x - kd * kLn2Parts[0];
  const DD r1 = dd_two_sum(r0, -(kd * kLn2Parts[1]));
  const DD r = dd_two_sum(r1.hi, (r1.lo - kd * kLn2Parts[2]) + xlo);
  return {dd_series(kExp64Fact, kExp64Head, kExp64Degree, r), kd};
}

/// The subnormal result y s1 s2 (< 2^-1022, s1 s2 = 2^k) rounded once on its own grid (the
/// steps are exp64_scale's below).
inline double exp64_round_sub(DD y, double s1, double s2) {
  const double ws = (s1 * 0x1p537) * (s2 * 0x1p537);
  const double wh = y.hi * ws;
  const double wl = y.lo * ws;
  double t = (wh + 0x1p52) - 0x1p52;
  const double f = wh - t;
  if (f == 0.5 && wl > 0.0) t = t + 1.0;
  if (f == -0.5 && wl < 0.0) t = t - 1.0;
  return t * 0x1p-1074;
}

/// 2^k y rounded once (exp64_reduce's parts). k = int64(kd),
/// k1 = k >> 1 (arithmetic), k2 = k - k1, s1 = 2^k1, s2 = 2^k2 (pow2_by_bits). A normal result
/// (k > -1022, or k = -1022 and y.hi >= 1) is (y.hi s1) s2 (exact unless it overflows to +Inf).
/// Otherwise the result is subnormal and is rounded once on its own grid: w = y (s1 2^537)
/// (s2 2^537) = y 2^(k + 1074) (exact, w < 2^52), t = (w.hi + 2^52) - 2^52 (w.hi rounded to an
/// integer, ties to even), f = w.hi - t; f = 0.5 and w.lo > 0: t + 1; f = -0.5 and w.lo < 0:
/// t - 1; the result is t 2^-1074.
inline double exp64_scale(const Exp64Parts& e) {
  const int64_t k = static_cast<int64_t>(e.k);
  const int64_t k1 = k >> 1;
  const int64_t k2 = k - k1;
  const double s1 = pow2_by_bits(k1);
  const double s2 = pow2_by_bits(k2);
  const bool sub = k < -1022 || (k == -1022 && e.y.hi < 1.0);
  if (!sub) return (e.y.hi * s1) * s2;
  return exp64_round_sub(e.y, s1, s2);
}

/// The main path for x in [-746, 710]: exp64_scale(exp64_reduce(x)).
inline double exp64_main(double x) { return exp64_scale(exp64_reduce(x)); }

/// The spec's exp of an f64 (docs/numerics.md, "exp and log on f64"): NaN -> NaN (x + x);
/// x > 710 (+Inf included) -> +Inf; x < -746 (-Inf included) -> +0; otherwise exp64_main.
/// Correctly rounded on every sample of tests/numerics/test_exp64_oracle.py (mpmath).
inline double exp64(double x) {
  if (x != x) return x + x;
  if (x > kExp64Overflow) return std::numeric_limits<double>::infinity();
  if (x < kExp64Underflow) return 0.0;
  return exp64_main(x);
}

}  // namespace tessera::num
