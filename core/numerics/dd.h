// Double-double (unevaluated sum hi + lo of two f64) arithmetic written only with f64 + - * and
// comparisons, without fma or contraction: the building blocks of the spec's f64 exp and log
// (exp64.h, log64.h; docs/numerics.md "exp and log on f64"). Tile IR has exactly these
// operations, so the lowered kernels repeat each step (schedule_to_tile_exp64.h).
#pragma once

#include "core/numerics/dtype.h"  // TESSERA_HD: cos64.h runs these in device code too

namespace tessera::num {

/// hi + lo with |lo| <= ulp(hi) / 2 (hi = the f64 nearest to hi + lo).
struct DD {
  double hi;
  double lo;
};

/// Veltkamp's constant 2^27 + 1: split(a) cuts a into two halves of 26 and 27 bits.
inline constexpr double kDDSplit = 134217729.0;

/// Knuth's TwoSum: s = a + b rounded and the exact error e (s + e = a + b), any order of size.
TESSERA_HD inline DD dd_two_sum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  const double e = (a - (s - bb)) + (b - bb);
  return {s, e};
}

/// Dekker's FastTwoSum for |a| >= |b| (or a = 0): s = a + b rounded and the exact error.
TESSERA_HD inline DD dd_fast_two_sum(double a, double b) {
  const double s = a + b;
  const double e = b - (s - a);
  return {s, e};
}

/// Veltkamp's split: a = hi + lo exactly, both with at most 26 significant bits (|a| < 2^995).
TESSERA_HD inline DD dd_split(double a) {
  const double c = kDDSplit * a;
  const double hi = c - (c - a);
  return {hi, a - hi};
}

/// Dekker's TwoProduct: p = a * b rounded and the exact error (no underflow in the halves).
TESSERA_HD inline DD dd_two_prod(double a, double b) {
  const double p = a * b;
  const DD sa = dd_split(a);
  const DD sb = dd_split(b);
  const double e = (((sa.hi * sb.hi - p) + sa.hi * sb.lo) + sa.lo * sb.hi) + sa.lo * sb.lo;
  return {p, e};
}

/// a * b of two double-doubles: TwoProduct of the heads, the cross terms added to its error
/// (a.hi b.lo + a.lo b.hi, the tails' product dropped), then FastTwoSum.
TESSERA_HD inline DD dd_mul(DD a, DD b) {
  const DD p = dd_two_prod(a.hi, b.hi);
  const double cross = a.hi * b.lo + a.lo * b.hi;
  return dd_fast_two_sum(p.hi, p.lo + cross);
}

/// a + b of two double-doubles whose sum does not cancel much: TwoSum of the heads, the tails'
/// sum added to its error, then FastTwoSum.
TESSERA_HD inline DD dd_add(DD a, DD b) {
  const DD s = dd_two_sum(a.hi, b.hi);
  const double t = a.lo + b.lo;
  return dd_fast_two_sum(s.hi, s.lo + t);
}

/// The series sum over n of c[n] x^n for n = 0 .. degree: the terms above `head` by Horner in
/// f64 on x.hi (q = c[degree].hi, q = q x.hi + c[n].hi), then y = (q, 0) and
/// y = dd_add(dd_mul(y, x), c[n]) for n = head .. 0.
TESSERA_HD inline DD dd_series(const DD* c, int head, int degree, DD x) {
  double q = c[degree].hi;
  for (int n = degree - 1; n > head; --n) q = q * x.hi + c[n].hi;
  DD y{q, 0.0};
  for (int n = head; n >= 0; --n) y = dd_add(dd_mul(y, x), c[n]);
  return y;
}

}  // namespace tessera::num
