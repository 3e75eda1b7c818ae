// The spec's f64 sin and cos of any argument (docs/numerics.md, "sin and cos on f64"), from f64
// +, -, * and comparisons only (no fma, no bit access, no integer ops), so that a Tile IR kernel
// repeats it op for op (core/transforms/schedule_to_tile_sincos64.cpp) and device code compiles
// it. Argument reduction by pi/2 exact over the whole f64 range with a Payne-Hanek scheme in
// floating point: x (2/pi) mod 4 as a sum of exact products of x with 53-bit pieces of 2/pi, each
// reduced mod 4 exactly and accumulated in three fixed-point bins; then cos64's double-double
// series of sin and cos (cos64.h), rounded once to f64.
#pragma once

#include "core/numerics/cos64.h"
#include "core/numerics/dd.h"
#include "core/numerics/dtype.h"

namespace tessera::num {

namespace sincos64_detail {

inline constexpr int kPieces = 14;
/// 2/pi = sum of piece(false, j) within 2^-771 (each the f64 nearest to the rest: 53 bits,
/// non-overlapping). For |x| >= 2^512 the reduction runs on x 2^-512 (exact) and the pieces of
/// (2^512 2/pi) mod 2^54 (within 2^-721): x 2^-512 is then a multiple of 2^-52, so the dropped
/// multiple of 2^54 adds a multiple of 4 to the product. Both from mpmath at 1500 bits.
TESSERA_HD constexpr double piece(bool big, int j) {
  constexpr double lo[kPieces] = {
      0x1.45f306dc9c883p-1,    -0x1.6b01ec5417056p-55,  -0x1.6447e493ad4cep-109,
      0x1.e21c820ff28b2p-163,  -0x1.508510ea79237p-218, 0x1.b8e909374b802p-274,
      -0x1.b6d115f62e6dep-328, -0x1.80f10a71a76b3p-383, 0x1.cfba208d7d4bbp-438,
      -0x1.2edec598e3f65p-494, -0x1.741037d8cdc54p-549, 0x1.cc1a99cfa4e42p-603,
      0x1.7e2ef7e4a0ec8p-658,  -0x1.da00087e99fc0p-718};
  constexpr double hi[kPieces] = {
      0x1.1afa975da2427p+49,   0x1.338e04d68befdp-5,    -0x1.f633714e33e56p-59,
      -0x1.8c16c6f740e88p-113, -0x1.036be27003b40p-167, -0x1.0fd33f8086877p-227,
      -0x1.d297d64b824b2p-282, -0x1.8130d834f648bp-336, -0x1.738132c3402bap-393,
      -0x1.456c229c0a0d0p-447, -0x1.d0985f18c10ebp-501, -0x1.6b68aca025027p-555,
      -0x1.c0e545ef53f9ap-609, 0x1.1bf1edaeafc34p-666};
  return big ? hi[j] : lo[j];
}
inline constexpr double kBig = 0x1p512, kUnBig = 0x1p-512;
/// Below it (pi/4 rounded down) x is its own reduced argument (quadrant 0).
inline constexpr double kQuarterPi = 0x1.921fb54442d18p-1;
/// pi/2 as a double-double.
inline constexpr DD kPio2 = {0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54};
/// y + kShift - kShift rounds y to the nearest integer (ties to even) for |y| < 2^51.
inline constexpr double kShift = 0x1.8p+52;
/// The bins' grids: v + kGrid1 - kGrid1 rounds |v| <= 2 to a multiple of 2^-42, v + kGrid2 -
/// kGrid2 rounds |v| <= 2^-43 to a multiple of 2^-87.
inline constexpr double kGrid1 = 0x1.8p+10, kGrid2 = 0x1.8p-35;
/// |v| at or above it: v is a multiple of 4 (f64 with ulp >= 4).
inline constexpr double kMod4Zero = 0x1p54;

TESSERA_HD inline double round_int(double y) { return (y + kShift) - kShift; }

/// v mod 4 in [-2, 2], exact: 0 for |v| >= 2^54; else v1 = v - 2^30 round(v 2^-30) (exact:
/// |v1| <= |v| and a multiple of ulp(v)), then v1 - 4 round(v1 / 4).
TESSERA_HD inline double mod4(double v) {
  const double av = v < 0.0 ? -v : v;
  if (!(av < kMod4Zero)) return 0.0;
  const double v1 = v - round_int(v * 0x1p-30) * 0x1p30;
  return v1 - round_int(v1 * 0.25) * 4.0;
}

/// Three fixed-point bins: a (multiples of 2^-42), b (of 2^-87) exact, c in floating point.
struct Bins {
  double a = 0.0, b = 0.0, c = 0.0;
};
TESSERA_HD inline void deposit(Bins& s, double v) {
  const double a = (v + kGrid1) - kGrid1;
  const double r = v - a;
  const double b = (r + kGrid2) - kGrid2;
  s.a = s.a + a;
  s.b = s.b + b;
  s.c = s.c + (r - b);
}

/// The quarter turns of ax >= pi/4 (finite): the integer k nearest to ax (2/pi) and the rest
/// f = ax (2/pi) - k as a double-double.
struct Turns {
  double k;
  DD f;
};
TESSERA_HD inline Turns reduce(double ax) {
  const bool big = !(ax < kBig);
  const double xs = big ? ax * kUnBig : ax;
  Bins s;
  for (int j = 0; j < kPieces; ++j) {
    const DD p = dd_two_prod(xs, piece(big, j));  // exact
    deposit(s, mod4(p.hi));
    deposit(s, mod4(p.lo));
  }
  const double k = round_int(s.a);
  const DD u = dd_two_sum(s.a - k, s.b);  // s.a - k exact
  return {k, dd_two_sum(u.hi, u.lo + s.c)};
}

}  // namespace sincos64_detail

struct SinCos64 {
  double sin, cos;
};

/// sin(x) and cos(x) of an f64, each rounded once. NaN and +-Inf give NaN; +-0 give (+-0, 1).
/// |x| < pi/4: r = x, k = 0; else sincos64_detail::reduce gives k and f with x (2/pi) = k + f
/// (|f| <= 1/2 + 2^-40, absolute error below 2^-130) and r = f (pi/2) (dd_mul). Then, with
/// z = r r, s = series<sin>(z) r and c = series<cos>(z) (cos64.h), by k mod 4: (s, c), (c, -s),
/// (-s, -c), (-c, s), each head + tail rounded once, sin negated for x < 0. Correctly rounded on
/// every sample of tests/numerics/test_sincos64_oracle.py (mpmath), including huge arguments
/// and arguments next to multiples of pi/2.
TESSERA_HD inline SinCos64 sincos64(double x) {
  namespace d = sincos64_detail;
  const double ax = x < 0.0 ? -x : x;
  if (!(ax <= 0x1.fffffffffffffp+1023)) return {__builtin_nan(""), __builtin_nan("")};
  if (ax == 0.0) return {x, 1.0};
  DD r{ax, 0.0};
  double k = 0.0;
  if (!(ax < d::kQuarterPi)) {
    const d::Turns t = d::reduce(ax);
    k = t.k;
    r = dd_mul(t.f, d::kPio2);
  }
  const DD z = dd_mul(r, r);
  const DD sd = dd_mul(cos64_detail::series<true>(z), r);
  const DD cd = cos64_detail::series<false>(z);
  const double s = sd.hi + sd.lo, c = cd.hi + cd.lo;
  const double q = k - 4.0 * d::round_int(k * 0.25);  // -2 .. 2
  double sn = s, cs = c;
  if (q == 1.0) {
    sn = c;
    cs = -s;
  } else if (q == 2.0 || q == -2.0) {
    sn = -s;
    cs = -c;
  } else if (q == -1.0) {
    sn = -c;
    cs = s;
  }
  return {x < 0.0 ? -sn : sn, cs};
}

}  // namespace tessera::num
