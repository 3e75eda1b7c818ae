// The spec's f32 erfc: one algorithm, written only with operations that Tile IR has (f64
// + - * / without contraction, comparisons, selects, f32 <-> f64 and integer conversions, a
// shift, a signed minimum), so every level and the CUDA code compute it bit for bit
// (docs/numerics.md, "erfc").
#pragma once

#include <cstdint>

#include "core/numerics/erfc64.h"
#include "core/numerics/tanhf.h"  // kTanhC, the Cody-Waite ln 2 split

namespace tessera::num {

/// Above it erfc(a) rounds to +0 in f32 (erfc(10.1) < 2^-150); |x| is clamped to it.
inline constexpr double kErfcClamp = 10.1;
/// |x| <= it: the Taylor series of erf; above: exp(-a^2) times Laplace's continued fraction.
inline constexpr double kErfcSplit = 2.0;
inline constexpr int kErfcTaylorTerms = 32;  // a^65 / (32! 65) < 2^-60 for a <= 2
inline constexpr int kErfcFractionTerms = 40;
inline constexpr double kErfcTwoOverSqrtPi = 0x1.20dd750429b6dp+0;  // 2 / sqrt(pi) in f64
inline constexpr double kErfcInvSqrtPi = 0x1.20dd750429b6dp-1;      // 1 / sqrt(pi) in f64

/// exp(-y) for 0 <= y <= 102.01 in f64: kd = (y / ln2 + 0x1.8p52) - 0x1.8p52 (an integer,
/// 0 <= kd <= 148), r = (kd ln2hi - y) + kd ln2lo (= kd ln2 - y, |r| <= ln2 / 2), q = Horner of
/// kTanhC[12] .. kTanhC[0] in r, e = 1 + r q (= exp(r)), then e divided by 2^k1, 2^k2 and 2^k3
/// (k = int64(kd), k1 = min(k, 62), k2 = min(k - k1, 62), k3 = k - k1 - k2: exact divisions).
inline double erfc_exp_neg(double y) {
  const double kd = (y * kTanhInvLn2 + kTanhShift) - kTanhShift;
  const double r = (kd * kTanhLn2Hi - y) + kd * kTanhLn2Lo;
  double q = kTanhC[12];
  for (int i = 11; i >= 0; --i) q = q * r + kTanhC[i];
  const double e = 1.0 + r * q;
  const int64_t k = static_cast<int64_t>(kd);
  const int64_t k1 = k < 62 ? k : 62;
  const int64_t k2 = k - k1 < 62 ? k - k1 : 62;
  const int64_t k3 = k - k1 - k2;
  const double p1 = static_cast<double>(int64_t{1} << k1);
  const double p2 = static_cast<double>(int64_t{1} << k2);
  const double p3 = static_cast<double>(int64_t{1} << k3);
  return ((e / p1) / p2) / p3;
}

/// erf(a) for 0 <= a <= 2 by its Taylor series, in f64: t = a, s = a, then for n = 1 .. 32:
/// t = (t (-z2)) / n, s = s + t / (2n + 1) (z2 = a a); erf = (2 / sqrt pi) s.
inline double erfc_taylor_erf(double a, double z2) {
  const double mz2 = -z2;
  double t = a, s = a;
  for (int n = 1; n <= kErfcTaylorTerms; ++n) {
    t = (t * mz2) / static_cast<double>(n);
    s = s + t / static_cast<double>(2 * n + 1);
  }
  return kErfcTwoOverSqrtPi * s;
}

/// erfc(a) for a > 2 by Laplace's continued fraction, in f64: f = a, then for k = 40 .. 1:
/// f = a + (k / 2) / f; erfc = (exp(-z2) (1 / sqrt pi)) / f.
inline double erfc_fraction(double a, double z2) {
  double f = a;
  for (int k = kErfcFractionTerms; k >= 1; --k) f = a + (0.5 * k) / f;
  return (erfc_exp_neg(z2) * kErfcInvSqrtPi) / f;
}

/// The main path for x not NaN, in f64: a = min(|x|, 10.1) (select), z2 = a a (exact); a <= 2:
/// 1 - erf (x >= 0) or 1 + erf (x < 0) with erf = erfc_taylor_erf; otherwise ec (x >= 0) or
/// 2 - ec (x < 0) with ec = erfc_fraction; rounded to f32 once. (A lowered chain computes both
/// branches and selects one: the same bits.)
inline float erfcf_main(float x) {
  const double xd = x;
  double a = xd < 0.0 ? -xd : xd;
  a = a <= kErfcClamp ? a : kErfcClamp;
  const double z2 = a * a;
  const bool neg = xd < 0.0;
  if (a <= kErfcSplit) {
    const double erf = erfc_taylor_erf(a, z2);
    return static_cast<float>(neg ? 1.0 + erf : 1.0 - erf);
  }
  const double ec = erfc_fraction(a, z2);
  return static_cast<float>(neg ? 2.0 - ec : ec);
}

/// The spec's erfc of an f32 (docs/numerics.md, "erfc"): NaN -> NaN (x + x); otherwise
/// erfcf_main (+Inf -> +0, -Inf -> 2). Within 1 ulp of the exact erfc
/// (tests/numerics/test_erfcf_oracle.py).
inline float erfcf(float x) {
  if (x != x) return x + x;
  return erfcf_main(x);
}

/// The spec's erfc in the compute type: erfcf above for f32, erfc64 (erfc64.h) for f64.
inline float spec_erfc(float x) { return erfcf(x); }
inline double spec_erfc(double x) { return erfc64(x); }

}  // namespace tessera::num
