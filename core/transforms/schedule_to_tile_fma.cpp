// The exact f32 FMA of schedule_to_tile_fma.h. With f32 inputs, p = a * b is exact in f64 (48
// significant bits, exponents within f64's normal range) and so is the rounding error e of
// s = RN64(p + c) (TwoSum: p + c = s + e exactly). The result RN32(p + c) = RN32(s + e) is
// RN32(s) except when s lies exactly halfway between two f32 values and e != 0: no f32 value
// or f32 midpoint (all of them f64 numbers) lies strictly between s and s + e, which are in
// one f64 rounding interval. In that case the result is the neighbour on e's side. Halfway is
// detected without bit access: r = RN32(s), d = s - r and u = r + 2d are exact (Sterbenz), and
// s is halfway iff d != 0 and u is an f32 value (the other neighbour). s = 2^128 - 2^103, the
// midpoint above FLT_MAX, rounds to Inf (r is Inf, d not finite): checked apart.
#include "core/transforms/schedule_to_tile_fma.h"

#include <cfloat>

namespace tessera::transforms {

using scalar_text::Text;

std::string fma_of(Text& t, const std::string& a, const std::string& b, const std::string& c,
                   DType ty) {
  if (ty == DType::f32) return fma_f32(t, a, b, c);
  const std::string r = t.fresh(), n = scalar_text::ty(ty);
  t.k << t.ind << r << " = tile.fma " << a << ", " << b << ", " << c << " : (" << n << ", " << n
      << ", " << n << ") -> " << n << "\n";
  return r;
}

std::string fma_f32(Text& t, const std::string& a, const std::string& b, const std::string& c) {
  // One emission per statement: the order of a call's arguments is unspecified in C++, and the
  // kernel text (the NVRTC cache key) must not depend on the host compiler.
  constexpr DType F = DType::f32, D = DType::f64;
  const std::string wa = t.un("arith.extf", a, F, D);
  const std::string wb = t.un("arith.extf", b, F, D);
  const std::string wc = t.un("arith.extf", c, F, D);
  const std::string p = t.bin("arith.mulf", wa, wb, D);  // exact
  const std::string s = t.bin("arith.addf", p, wc, D);
  // TwoSum: e = (p - (s - bb)) + (c - bb), bb = s - p.
  const std::string bb = t.bin("arith.subf", s, p, D);
  const std::string sb = t.bin("arith.subf", s, bb, D);
  const std::string e1 = t.bin("arith.subf", p, sb, D);
  const std::string e2 = t.bin("arith.subf", wc, bb, D);
  const std::string e = t.bin("arith.addf", e1, e2, D);
  const std::string r = t.un("arith.truncf", s, D, F);
  const std::string wr = t.un("arith.extf", r, F, D);
  const std::string d = t.bin("arith.subf", s, wr, D);
  const std::string dd = t.bin("arith.addf", d, d, D);
  const std::string u = t.bin("arith.addf", wr, dd, D);
  const std::string un = t.un("arith.truncf", u, D, F);
  const std::string zero = t.fcst(0.0, D);
  const std::string off = t.cmp(d, zero, "one", D);
  const std::string wun = t.un("arith.extf", un, F, D);
  const std::string exact = t.cmp(wun, u, "oeq", D);
  const std::string halfway = t.logic("arith.andi", off, exact);
  const std::string ep = t.cmp(e, zero, "ogt", D);
  const std::string en = t.cmp(e, zero, "olt", D);
  const std::string dp = t.cmp(d, zero, "ogt", D);
  const std::string dn = t.cmp(d, zero, "olt", D);
  const std::string up = t.logic("arith.andi", ep, dp);
  const std::string down = t.logic("arith.andi", en, dn);
  const std::string same = t.logic("arith.ori", up, down);
  const std::string fix = t.logic("arith.andi", halfway, same);
  std::string out = t.select(fix, un, r, F);
  // The midpoint above FLT_MAX: Inf unless e points back towards zero.
  const double mid = 0x1.ffffffp127;
  const std::string pmid = t.fcst(mid, D);
  const std::string at_hi = t.cmp(s, pmid, "oeq", D);
  const std::string hi = t.logic("arith.andi", at_hi, en);
  const std::string nmid = t.fcst(-mid, D);
  const std::string at_lo = t.cmp(s, nmid, "oeq", D);
  const std::string lo = t.logic("arith.andi", at_lo, ep);
  const std::string fmax = t.fcst(FLT_MAX, F);
  out = t.select(hi, fmax, out, F);
  const std::string nfmax = t.fcst(-FLT_MAX, F);
  return t.select(lo, nfmax, out, F);
}

}  // namespace tessera::transforms
