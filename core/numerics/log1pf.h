// The spec's f32 log1p: one algorithm, written only with operations that Tile IR has (f64
// + - * / without contraction, comparisons, f32 <-> f64 and integer conversions, a shift, and the
// spec's logf, tile.log), so every level and the CUDA code compute it bit for bit
// (docs/numerics.md, "log1p").
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/numerics/log64.h"
#include "core/numerics/logf.h"

namespace tessera::num {

inline constexpr double kLog1pSqrtHalf = 0x1.6a09e667f3bcdp-1;  // sqrt(1/2) rounded to f64
inline constexpr double kLog1pSqrt2 = 0x1.6a09e667f3bcdp+0;     // sqrt(2) rounded to f64
inline constexpr double kLog1pInvLn2 = 0x1.71547652b82fep+0;    // 1 / ln 2 rounded to f64
inline constexpr double kLog1pShift = 0x1.8p+52;  // x + shift - shift rounds x to an integer
/// Above it log1p(u) is logf(u): log(1 + u) - log(u) < 1/u, under 2^-58 of log(u) there.
inline constexpr float kLog1pBig = 0x1p53f;
/// -25 <= k <= 53 on the main path; a k outside [-60, 60] (or NaN: the inputs whose result the
/// special cases give) is taken as 0, so the conversion and the shift stay defined.
inline constexpr int64_t kLog1pMaxK = 60;

/// The main path of log1pf for a finite u in (-1, 2^53], in f64: w = 1 + u (exact there). When
/// w is in [sqrt(1/2), sqrt(2)], f = u and k = 0. Otherwise k = the nearest integer to
/// logf(float(w)) / ln 2 (the shift trick; -25 <= k <= 53; 0 when outside [-60, 60]), and
/// f = w / 2^|k| - 1 (k >= 0) or w * 2^|k| - 1 (k < 0): exact, 2^|k| = double(1 << |k|). Then
/// s = f / (2 + f), z = s * s, p = Horner of kLogC[9] .. kLogC[0] in z (a multiply, then an add,
/// each rounded), t = 2 s, lm = t + t * (z * p) (= log(1 + f)); the result is lm when k = 0 by
/// the first case (so -0 stays -0), else k ln2 + lm (k * kLogLn2, then + lm), rounded to f32
/// once.
inline float log1pf_main(float u) {
  const double d = u;
  const double w = 1.0 + d;
  const bool near_one = w >= kLog1pSqrtHalf && w <= kLog1pSqrt2;
  const double lw = logf(static_cast<float>(w));
  const double kd = (lw * kLog1pInvLn2 + kLog1pShift) - kLog1pShift;
  const double kmax = static_cast<double>(kLog1pMaxK);
  const int64_t k = static_cast<int64_t>(kd >= -kmax && kd <= kmax ? kd : 0.0);
  const int64_t ak = k < 0 ? -k : k;
  const double p = static_cast<double>(int64_t{1} << ak);
  const double m = k < 0 ? w * p : w / p;
  const double f = near_one ? d : m - 1.0;
  const double s = f / (2.0 + f);
  const double z = s * s;
  double q = kLogC[9];
  for (int i = 8; i >= 0; --i) q = q * z + kLogC[i];
  const double t = 2.0 * s;
  const double lm = t + t * (z * q);
  const double y = near_one ? lm : static_cast<double>(k) * kLogLn2 + lm;
  return static_cast<float>(y);
}

/// The spec's log1p of an f32 (docs/numerics.md, "log1p"): NaN -> NaN (u + u); u < -1 (and
/// -Inf) -> NaN; u = -1 -> -Inf; u > 2^53 (and +Inf) -> logf(u); otherwise log1pf_main (+-0 and
/// subnormals give themselves). Within 1 ulp of the exact log1p
/// (tests/numerics/test_log1pf_oracle.py).
inline float log1pf(float u) {
  if (u != u) return u + u;
  if (u < -1.0f) return std::numeric_limits<float>::quiet_NaN();
  if (u == -1.0f) return -std::numeric_limits<float>::infinity();
  if (u > kLog1pBig) return logf(u);
  return log1pf_main(u);
}

/// The spec's log1p in the compute type: log1pf above for f32, log1p64 (log64.h) for f64.
inline float spec_log1p(float u) { return log1pf(u); }
inline double spec_log1p(double u) { return log1p64(u); }

}  // namespace tessera::num
