// The spec's f64 erfc: a double-double algorithm written only with f64 + - * / (no contraction),
// comparisons, selects and the spec's exp64 of a double-double argument (exp64.h), so every
// level, the CUDA code and any C++ compiler compute it bit for bit, independent of the C library
// (docs/numerics.md, "tanh and erfc on f64").
#pragma once

#include <cstdint>

#include "core/numerics/dd.h"
#include "core/numerics/exp64.h"
#include "core/numerics/tanh64.h"  // dd_div

namespace tessera::num {

/// |x| < it: erfc(x) rounds to 1 (2 |x| / sqrt(pi) < 2^-55).
inline constexpr double kErfc64Small = 0x1p-56;
/// x > it: erfc(x) rounds to +0 (erfc(27.3) < 2^-1080); x < -6: 2 (erfc(6) < 2^-55).
inline constexpr double kErfc64Zero = 27.3;
inline constexpr double kErfc64Two = -6.0;
/// |x| <= it: 1 -+ erf(|x|) by the Taylor series of erf; above: Laplace's continued fraction.
inline constexpr double kErfc64Split = 2.0;
/// erf(a) = (2 / sqrt pi) a sum over n of kErfc64Taylor[n] a^(2n), kErfc64Taylor[n] =
/// (-1)^n / (n! (2n + 1)) as double-doubles (hi rounded, lo = the rest rounded; checked with
/// mpmath by tests/numerics/test_tanh64_oracle.py); terms n = 0 .. kErfc64TaylorHead in
/// double-double, the rest in f64.
inline constexpr int kErfc64TaylorHead = 32;
inline constexpr int kErfc64TaylorDegree = 51;
inline constexpr DD kErfc64Taylor[kErfc64TaylorDegree + 1] = {
    {0x1.0000000000000p+0, 0.0},
    {-0x1.5555555555555p-2, -0x1.5555555555555p-56},
    {0x1.999999999999ap-4, -0x1.999999999999ap-58},
    {-0x1.8618618618618p-6, -0x1.8618618618618p-60},
    {0x1.2f684bda12f68p-8, 0x1.2f684bda12f68p-62},
    {-0x1.8d3018d3018d3p-11, -0x1.8d3018d3018d3p-71},
    {0x1.c01c01c01c01cp-14, 0x1.c01c01c01c01cp-74},
    {-0x1.bbd779334ef0bp-17, 0x1.4e65f77088199p-71},
    {0x1.87a00187a0018p-20, 0x1.e80061e80061fp-74},
    {-0x1.3777c55568ccdp-23, -0x1.aaabe22270001p-79},
    {0x1.c2e3054870b38p-27, -0x1.d5bceb1cfc09cp-81},
    {-0x1.2b67310aa9f3ap-30, -0x1.0a97d2e29d0a6p-85},
    {0x1.6f448e13e85e1p-34, -0x1.7f9c97a441499p-90},
    {-0x1.a289ee7e40f74p-38, 0x1.d70bcaede276bp-92},
    {0x1.bd577e658d020p-42, 0x1.20ed35aaf6f95p-97},
    {-0x1.bc6250fb14231p-46, 0x1.a5ccd0da99260p-100},
    {0x1.a173a167fba4dp-50, -0x1.4e2d0241b6a79p-104},
    {-0x1.7271cbe5863ecp-54, -0x1.12d42fe81b396p-108},
    {0x1.377c2110f2083p-58, 0x1.98394fbf35b19p-117},
    {-0x1.f1b4073b34a68p-63, 0x1.84a9e0b9a5e9bp-117},
    {0x1.7abd72258fb6ep-67, 0x1.2780872890580p-123},
    {-0x1.13246abce1bddp-71, -0x1.b85c8446def6cp-125},
    {0x1.7e6b81382cd42p-76, 0x1.f8367249eb893p-131},
    {-0x1.fd6bebd65107ap-81, -0x1.64abb94b856f1p-135},
    {0x1.45c0a838efe59p-85, -0x1.423cdb5cc4cc3p-139},
    {-0x1.909c9de3a31c5p-90, 0x1.889db7273c973p-145},
    {0x1.da7460554e5dbp-95, 0x1.59a4d60d2d7dap-149},
    {-0x1.0eef30fa10d2cp-99, 0x1.28594b7fcd32dp-153},
    {0x1.2ac65385f79acp-104, 0x1.03fafe0077abep-161},
    {-0x1.3e81bb5701ac5p-109, 0x1.209a8bade2337p-164},
    {0x1.4899fcdef0a8dp-114, -0x1.aec1a99185f98p-173},
    {-0x1.486eea20c2656p-119, 0x1.9ae3d63d0a79fp-173},
    {0x1.3e53defc4e233p-124, 0x1.d436dda5545e7p-178},
    {-0x1.2b778acc3dedfp-129, -0x1.f264aece2ab96p-184},
    {0x1.11ae81077a49ep-134, -0x1.f8cb0d503e384p-189},
    {-0x1.e6597092ccbf0p-140, -0x1.d930aabd4497fp-197},
    {0x1.a47767f2a3c32p-145, 0x1.eb53c552fbc05p-201},
    {-0x1.61f30bc3acd1ap-150, -0x1.a9e9f60cd9edap-204},
    {0x1.22521d98f98a9p-155, -0x1.637b9778df025p-209},
    {-0x1.d05cc9e3507c9p-161, 0x1.29b6f9c13f797p-215},
    {0x1.6a513f56f8a2fp-166, -0x1.8794747d7f461p-220},
    {-0x1.13f85fc9e143ep-171, -0x1.27bd43d20fbfcp-225},
    {0x1.9aa19d4d16643p-177, -0x1.ad0ff92af832dp-231},
    {-0x1.2a8fa59ffec31p-182, 0x1.44478f2f75d87p-236},
    {0x1.a8830736a5123p-188, -0x1.1af9ae0a12e66p-245},
    {-0x1.273d8edcec957p-193, 0x1.ab7b8539d42f6p-249},
    {0x1.91ef82b367a95p-199, 0x1.690b4eaa147d4p-254},
    {-0x1.0be5a4cd94283p-204, 0x1.fbd6d97519e8fp-258},
    {0x1.5dd4c9219115ap-210, 0x1.73661ef9ff986p-264},
    {-0x1.bfb10e0f68c50p-216, 0x1.159dc3de3de07p-273},
    {0x1.18d952ef00889p-221, -0x1.8e04468edd83dp-278},
    {-0x1.59982b2e94840p-227, 0x1.68a4cb414cb71p-281}};
inline constexpr DD kErfc64TwoOverSqrtPi = {0x1.20dd750429b6dp+0, 0x1.1ae3a914fed80p-56};
inline constexpr DD kErfc64InvSqrtPi = {0x1.20dd750429b6dp-1, 0x1.1ae3a914fed80p-57};

/// 1 -+ erf(a) for a = |x| <= 2, as a double-double: z = TwoProduct(a, a) (exact), P =
/// dd_series(kErfc64Taylor, 32, 51, z), erf = ((2 / sqrt pi) a) P (dd_mul twice), then
/// dd_add((1, 0), -erf) for x >= 0 or dd_add((1, 0), erf) for x < 0.
inline DD erfc64_taylor(double x) {
  const double a = x < 0.0 ? -x : x;
  const DD z = dd_two_prod(a, a);
  const DD p = dd_series(kErfc64Taylor, kErfc64TaylorHead, kErfc64TaylorDegree, z);
  const DD erf = dd_mul(dd_mul(kErfc64TwoOverSqrtPi, DD{a, 0.0}), p);
  return dd_add(DD{1.0, 0.0}, x < 0.0 ? erf : DD{-erf.hi, -erf.lo});
}

/// Laplace's continued fraction for a > 2: terms j = kErfc64FractionTerms .. kErfc64FractionDd + 1
/// in f64, the last kErfc64FractionDd in double-double (the backward recurrence damps the f64
/// part's rounding errors below 2^-60 for a >= 2).
inline constexpr int kErfc64FractionTerms = 200;
inline constexpr int kErfc64FractionDd = 40;

/// erfc(a) for a = |x| > 2 as a double-double v times 2^k: g = a, then for j = 200 .. 41:
/// g = a + (j / 2) / g (f64); f = (g, 0), then for j = 40 .. 1: f = dd_add((a, 0),
/// dd_div((j / 2, 0), f)); e = exp64_reduce_dd of -z (z = TwoProduct(a, a)),
/// v = dd_div(dd_mul(e.y, 1 / sqrt pi), f), k = e.k.
inline Exp64Parts erfc64_fraction(double x) {
  const double a = x < 0.0 ? -x : x;
  double g = a;
  for (int j = kErfc64FractionTerms; j > kErfc64FractionDd; --j) g = a + (0.5 * j) / g;
  DD f{g, 0.0};
  for (int j = kErfc64FractionDd; j >= 1; --j) f = dd_add(DD{a, 0.0}, dd_div(DD{0.5 * j, 0.0}, f));
  const DD z = dd_two_prod(a, a);
  const Exp64Parts e = exp64_reduce_dd(-z.hi, -z.lo);
  return {dd_div(dd_mul(e.y, kErfc64InvSqrtPi), f), e.k};
}

/// v 2^k rounded once for the parts of erfc64_fraction: k1 = k >> 1, k2 = k - k1, s1 = 2^k1,
/// s2 = 2^k2 (pow2_by_bits); n = (v.hi s1) s2; n >= 2^-1022: n (exact); otherwise
/// exp64_round_sub(v, s1, s2).
inline double erfc64_scale(const Exp64Parts& e) {
  const int64_t k = static_cast<int64_t>(e.k);
  const int64_t k1 = k >> 1;
  const double s1 = pow2_by_bits(k1);
  const double s2 = pow2_by_bits(k - k1);
  const double n = (e.y.hi * s1) * s2;
  return n >= 0x1p-1022 ? n : exp64_round_sub(e.y, s1, s2);
}

/// The main path for 2^-56 <= |x|, -6 <= x <= 27.3: |x| <= 2: erfc64_taylor's head; x > 2:
/// erfc64_scale(erfc64_fraction(x)); x < -2: dd_add((2, 0), -(v 2^k)).hi (v 2^k exact there).
inline double erfc64_main(double x) {
  if (x >= -kErfc64Split && x <= kErfc64Split) return erfc64_taylor(x).hi;
  const Exp64Parts e = erfc64_fraction(x);
  if (x > 0.0) return erfc64_scale(e);
  const double p = pow2_by_bits(static_cast<int64_t>(e.k));
  return dd_add(DD{2.0, 0.0}, DD{-(e.y.hi * p), -(e.y.lo * p)}).hi;
}

/// The spec's erfc of an f64 (docs/numerics.md, "tanh and erfc on f64"): NaN -> NaN (x + x);
/// |x| < 2^-56 -> 1; x > 27.3 -> +0 (+Inf included); x < -6 -> 2 (-Inf included); otherwise
/// erfc64_main (subnormal results rounded once). Correctly rounded on every sample of
/// tests/numerics/test_tanh64_oracle.py (mpmath).
inline double erfc64(double x) {
  if (x != x) return x + x;
  if (x > -kErfc64Small && x < kErfc64Small) return 1.0;
  if (x > kErfc64Zero) return 0.0;
  if (x < kErfc64Two) return 2.0;
  return erfc64_main(x);
}

}  // namespace tessera::num
