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

namespace {

using scalar_text::Text;

std::string cmp(Text& t, const std::string& a, const std::string& b, const char* pred) {
  std::string r = t.fresh();
  t.k << t.ind << r << " = arith.cmpf " << a << ", " << b << " {predicate = \"" << pred
      << "\"} : (f64, f64) -> i1\n";
  return r;
}

std::string logic(Text& t, const char* op, const std::string& a, const std::string& b) {
  std::string r = t.fresh();
  t.k << t.ind << r << " = " << op << " " << a << ", " << b << " : i1\n";
  return r;
}

std::string select(Text& t, const std::string& c, const std::string& a, const std::string& b) {
  std::string r = t.fresh();
  t.k << t.ind << r << " = arith.select " << c << ", " << a << ", " << b
      << " : (i1, f32, f32) -> f32\n";
  return r;
}

}  // namespace

std::string fma_f32(Text& t, const std::string& a, const std::string& b, const std::string& c) {
  constexpr DType F = DType::f32, D = DType::f64;
  const std::string wa = t.un("arith.extf", a, F, D), wb = t.un("arith.extf", b, F, D),
                    wc = t.un("arith.extf", c, F, D);
  const std::string p = t.bin("arith.mulf", wa, wb, D);  // exact
  const std::string s = t.bin("arith.addf", p, wc, D);
  // TwoSum: e = (p - (s - bb)) + (c - bb), bb = s - p.
  const std::string bb = t.bin("arith.subf", s, p, D);
  const std::string e =
      t.bin("arith.addf", t.bin("arith.subf", p, t.bin("arith.subf", s, bb, D), D),
            t.bin("arith.subf", wc, bb, D), D);
  const std::string r = t.un("arith.truncf", s, D, F);
  const std::string d = t.bin("arith.subf", s, t.un("arith.extf", r, F, D), D);
  const std::string u =
      t.bin("arith.addf", t.un("arith.extf", r, F, D), t.bin("arith.addf", d, d, D), D);
  const std::string un = t.un("arith.truncf", u, D, F);
  const std::string zero = t.fcst(0.0, D);
  const std::string halfway = logic(t, "arith.andi", cmp(t, d, zero, "one"),
                                    cmp(t, t.un("arith.extf", un, F, D), u, "oeq"));
  const std::string ep = cmp(t, e, zero, "ogt"), en = cmp(t, e, zero, "olt");
  const std::string same = logic(t, "arith.ori", logic(t, "arith.andi", ep, cmp(t, d, zero, "ogt")),
                                 logic(t, "arith.andi", en, cmp(t, d, zero, "olt")));
  std::string out = select(t, logic(t, "arith.andi", halfway, same), un, r);
  // The midpoint above FLT_MAX: Inf unless e points back towards zero.
  const double mid = 0x1.ffffffp127;
  const std::string hi = logic(t, "arith.andi", cmp(t, s, t.fcst(mid, D), "oeq"), en);
  const std::string lo = logic(t, "arith.andi", cmp(t, s, t.fcst(-mid, D), "oeq"), ep);
  out = select(t, hi, t.fcst(FLT_MAX, F), out);
  return select(t, lo, t.fcst(-FLT_MAX, F), out);
}

}  // namespace tessera::transforms
