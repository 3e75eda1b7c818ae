// The Tile IR form of num::cos64 (schedule_to_tile_cos64.h): the same f64 operations in the same
// order (TwoSum, FastTwoSum, Dekker's TwoProduct with Veltkamp's split, the double-double
// Horner steps), so every rounding is the host's; the double-double steps are dd_text's, which
// schedule_to_tile_sincos64.cpp shares.
#include "core/transforms/schedule_to_tile_cos64.h"

#include <array>

#include "core/numerics/cos64.h"

namespace tessera::transforms {

using scalar_text::Text;

namespace {
constexpr DType F = DType::f64;
}  // namespace

namespace dd_text {

std::string add(Text& t, const std::string& a, const std::string& b) {
  return t.bin("arith.addf", a, b, F);
}
std::string sub(Text& t, const std::string& a, const std::string& b) {
  return t.bin("arith.subf", a, b, F);
}
std::string mul(Text& t, const std::string& a, const std::string& b) {
  return t.bin("arith.mulf", a, b, F);
}

DD two_sum(Text& t, const std::string& a, const std::string& b) {
  const std::string s = add(t, a, b);
  const std::string bb = sub(t, s, a);
  const std::string x = sub(t, a, sub(t, s, bb));
  const std::string y = sub(t, b, bb);
  return {s, add(t, x, y)};
}

DD fast_two_sum(Text& t, const std::string& a, const std::string& b) {
  const std::string s = add(t, a, b);
  return {s, sub(t, b, sub(t, s, a))};
}

namespace {
/// Veltkamp's split of `a`: (high 26 bits, the rest).
std::array<std::string, 2> split(Text& t, const std::string& a) {
  const std::string c = mul(t, t.fcst(134217729.0, F), a);
  const std::string h = sub(t, c, sub(t, c, a));
  return {h, sub(t, a, h)};
}
}  // namespace

DD two_prod(Text& t, const std::string& a, const std::string& b) {
  const std::string p = mul(t, a, b);
  const auto [ah, al] = split(t, a);
  const auto [bh, bl] = split(t, b);
  std::string e = sub(t, mul(t, ah, bh), p);
  e = add(t, e, mul(t, ah, bl));
  e = add(t, e, mul(t, al, bh));
  return {p, add(t, e, mul(t, al, bl))};
}

DD dd_mul(Text& t, const DD& a, const DD& b) {
  const DD p = two_prod(t, a.hi, b.hi);
  const std::string c1 = mul(t, a.hi, b.lo);  // one emitting argument per call
  const std::string cross = add(t, c1, mul(t, a.lo, b.hi));
  return fast_two_sum(t, p.hi, add(t, p.lo, cross));
}

namespace {

DD dd_add(Text& t, const DD& a, const DD& b) {
  const DD s = two_sum(t, a.hi, b.hi);
  const DD u = two_sum(t, a.lo, b.lo);
  const DD r = fast_two_sum(t, s.hi, add(t, s.lo, u.hi));
  return fast_two_sum(t, r.hi, add(t, r.lo, u.lo));
}

/// num::cos64's series of cos or sin / r in z: its Horner steps, the coefficients from
/// cos64_detail's tables chosen by `pick(sin's, cos's)`. sin's tail has one term fewer: it
/// starts from an exact 0 here (0 * z.hi + c = c exactly), so both start the same loop.
template <typename Pick>
DD series_by(Text& t, const DD& z, Pick pick) {
  using namespace num::cos64_detail;
  static_assert(kCosTerms == kSinTerms + 1);
  auto sin_t = [](int m) { return m < kSinTerms ? sin_tail(m) : 0.0; };
  std::string p = pick(sin_t(kCosTerms - 1), cos_tail(kCosTerms - 1));
  for (int m = kCosTerms - 2; m >= 0; --m) {
    const std::string pz = mul(t, p, z.hi);
    p = add(t, pz, pick(sin_t(m), cos_tail(m)));
  }
  DD s{p, t.fcst(0.0, F)};
  for (int n = 8; n >= 0; --n) {
    const num::DD ch = cos_head(n), sh = sin_head(n);
    const DD sz = dd_mul(t, s, z);
    DD c;
    c.hi = pick(sh.hi, ch.hi);
    c.lo = pick(sh.lo, ch.lo);
    s = dd_add(t, sz, c);
  }
  return s;
}

/// The series of sin / r (`odd` true) or cos (false), `odd` an i1 value.
DD series(Text& t, const std::string& odd, const DD& z) {
  return series_by(t, z, [&](double s, double c) {
    if (s == c) return t.fcst(c, F);
    return t.select(odd, t.fcst(s, F), t.fcst(c, F), F);
  });
}

}  // namespace

DD series(Text& t, bool sin, const DD& z) {
  return series_by(t, z, [&](double s, double c) { return t.fcst(sin ? s : c, F); });
}

}  // namespace dd_text

std::string cos64_f64(Text& t, const std::string& x) {
  using namespace num::cos64_detail;
  using namespace dd_text;
  const std::string zero = t.fcst(0.0, F);
  const std::string mag = t.select(t.cmpf("olt", x, zero, F), t.un("arith.negf", x, F, F), x, F);
  const std::string in = t.cmpf("olt", mag, t.fcst(0x1p20, F), F);
  // Outside the domain the steps run on 0 (their result is replaced by NaN below): Target IR's
  // fptosi stops the run on a value beyond the i64 range.
  const std::string ax = t.select(in, mag, zero, F);
  const std::string k = t.un(
      "arith.fptosi", add(t, mul(t, ax, t.fcst(kTwoOverPi, F)), t.fcst(0.5, F)), F, DType::i64);
  const std::string kd = t.un("arith.sitofp", k, DType::i64, F);
  const std::string a = sub(t, ax, mul(t, kd, t.fcst(kPio2[0], F)));
  const DD s = two_sum(t, a, t.un("arith.negf", mul(t, kd, t.fcst(kPio2[1], F)), F, F));
  const std::string tl =
      sub(t, sub(t, s.lo, mul(t, kd, t.fcst(kPio2[2], F))), mul(t, kd, t.fcst(kPio2[3], F)));
  const DD r = fast_two_sum(t, s.hi, tl);
  const DD z = dd_mul(t, r, r);
  const std::string q = t.bin("arith.andi", k, t.int_cst(3, DType::i64), DType::i64);
  const std::string odd = t.cmpi("ne", t.bin("arith.andi", q, t.int_cst(1, DType::i64), DType::i64),
                                 t.int_cst(0, DType::i64), DType::i64);
  const DD ser = series(t, odd, z);
  const DD m = dd_mul(t, ser, r);
  const std::string y = add(t, t.select(odd, m.hi, ser.hi, F), t.select(odd, m.lo, ser.lo, F));
  const std::string q1 = t.cmpi("eq", q, t.int_cst(1, DType::i64), DType::i64);
  const std::string q2 = t.cmpi("eq", q, t.int_cst(2, DType::i64), DType::i64);
  const std::string neg = t.logic("arith.ori", q1, q2);
  const std::string v = t.select(neg, t.un("arith.negf", y, F, F), y, F);
  const std::string nan = t.bin("arith.divf", zero, zero, F);  // NaN, +-Inf, |x| >= 2^20
  return t.select(in, v, nan, F);
}

}  // namespace tessera::transforms
