// The Tile IR form of num::sincos64 (schedule_to_tile_sincos64.h): sincos64_detail's reduction
// (the exact products with the pieces of 2/pi, mod 4, the three bins) and cos64's double-double
// series through dd_text (schedule_to_tile_cos64.h), the same f64 operations in the same order.
#include "core/transforms/schedule_to_tile_sincos64.h"

#include "core/numerics/sincos64.h"
#include "core/transforms/schedule_to_tile_cos64.h"

namespace tessera::transforms {

using scalar_text::Text;
using namespace dd_text;

namespace {

constexpr DType F = DType::f64;

std::string cst(Text& t, double v) { return t.fcst(v, F); }
std::string neg(Text& t, const std::string& v) { return t.un("arith.negf", v, F, F); }
std::string sel(Text& t, const std::string& c, const std::string& a, const std::string& b) {
  return t.select(c, a, b, F);
}

/// sincos64_detail::round_int.
std::string round_int(Text& t, const std::string& y) {
  const std::string k = cst(t, num::sincos64_detail::kShift);
  return sub(t, add(t, y, k), k);
}

/// sincos64_detail::mod4 (its branch a select). One emitting argument per call, so the text
/// does not depend on the host compiler's order of evaluating arguments.
std::string mod4(Text& t, const std::string& v) {
  const std::string zero = cst(t, 0.0);
  const std::string isneg = t.cmpf("olt", v, zero, F);
  const std::string av = sel(t, isneg, neg(t, v), v);
  const std::string lim = cst(t, num::sincos64_detail::kMod4Zero);
  const std::string in = t.cmpf("olt", av, lim, F);
  const std::string down = cst(t, 0x1p-30), up = cst(t, 0x1p30);
  const std::string n1 = round_int(t, mul(t, v, down));
  const std::string v1 = sub(t, v, mul(t, n1, up));
  const std::string quarter = cst(t, 0.25), four = cst(t, 4.0);
  const std::string n2 = round_int(t, mul(t, v1, quarter));
  const std::string r = sub(t, v1, mul(t, n2, four));
  return sel(t, in, r, zero);
}

struct Bins {
  std::string a, b, c;
};

/// sincos64_detail::deposit.
void deposit(Text& t, Bins& s, const std::string& v) {
  namespace d = num::sincos64_detail;
  const std::string g1 = cst(t, d::kGrid1), g2 = cst(t, d::kGrid2);
  const std::string a = sub(t, add(t, v, g1), g1);
  const std::string r = sub(t, v, a);
  const std::string b = sub(t, add(t, r, g2), g2);
  s.a = add(t, s.a, a);
  s.b = add(t, s.b, b);
  const std::string c = sub(t, r, b);
  s.c = add(t, s.c, c);
}

/// sincos64_detail::reduce of `ax`: (k, f).
std::pair<std::string, DD> reduce(Text& t, const std::string& ax) {
  namespace d = num::sincos64_detail;
  const std::string kbig = cst(t, d::kBig);
  const std::string big = t.cmpf("oge", ax, kbig, F);  // !(ax < 2^512), ax not NaN
  const std::string unbig = cst(t, d::kUnBig);
  const std::string xs = sel(t, big, mul(t, ax, unbig), ax);
  Bins s;
  s.a = cst(t, 0.0);
  s.b = cst(t, 0.0);
  s.c = cst(t, 0.0);
  for (int j = 0; j < d::kPieces; ++j) {
    const std::string ph = cst(t, d::piece(true, j)), pl = cst(t, d::piece(false, j));
    const std::string c = sel(t, big, ph, pl);
    const DD p = two_prod(t, xs, c);
    deposit(t, s, mod4(t, p.hi));
    deposit(t, s, mod4(t, p.lo));
  }
  const std::string k = round_int(t, s.a);
  const DD u = two_sum(t, sub(t, s.a, k), s.b);
  const std::string tail = add(t, u.lo, s.c);
  return {k, two_sum(t, u.hi, tail)};
}

}  // namespace

std::pair<std::string, std::string> sincos64_f64(Text& t, const std::string& x) {
  namespace d = num::sincos64_detail;
  const std::string zero = cst(t, 0.0);
  const std::string negx = t.cmpf("olt", x, zero, F);
  const std::string ax = sel(t, negx, neg(t, x), x);
  const std::string qp = cst(t, d::kQuarterPi);
  const std::string small = t.cmpf("olt", ax, qp, F);
  const auto [kr, f] = reduce(t, ax);
  DD pio2;
  pio2.hi = cst(t, d::kPio2.hi);
  pio2.lo = cst(t, d::kPio2.lo);
  const DD rr = dd_mul(t, f, pio2);
  DD r;
  r.hi = sel(t, small, ax, rr.hi);
  r.lo = sel(t, small, zero, rr.lo);
  const std::string k = sel(t, small, zero, kr);
  const DD z = dd_mul(t, r, r);
  const DD sd = dd_mul(t, series(t, true, z), r);
  const DD cd = series(t, false, z);
  const std::string s = add(t, sd.hi, sd.lo);
  const std::string c = add(t, cd.hi, cd.lo);
  const std::string quarter = cst(t, 0.25), four = cst(t, 4.0);
  const std::string k4 = round_int(t, mul(t, k, quarter));
  const std::string q = sub(t, k, mul(t, four, k4));  // -2 .. 2
  const std::string one = cst(t, 1.0), mone = cst(t, -1.0), two = cst(t, 2.0), mtwo = cst(t, -2.0);
  const std::string q1 = t.cmpf("oeq", q, one, F);
  const std::string q3 = t.cmpf("oeq", q, mone, F);
  const std::string q2a = t.cmpf("oeq", q, two, F);
  const std::string q2b = t.cmpf("oeq", q, mtwo, F);
  const std::string q2 = t.logic("arith.ori", q2a, q2b);
  const std::string ns = neg(t, s);
  const std::string nc = neg(t, c);
  // sin = s, c, -s, -c and cos = c, -s, -c, s for q = 0, 1, +-2, -1 (innermost q = -1).
  const std::string sn = sel(t, q1, c, sel(t, q2, ns, sel(t, q3, nc, s)));
  const std::string cs = sel(t, q1, ns, sel(t, q2, nc, sel(t, q3, s, c)));
  const std::string sx = sel(t, negx, neg(t, sn), sn);
  const std::string is0 = t.cmpf("oeq", ax, zero, F);
  const std::string maxf = cst(t, 0x1.fffffffffffffp+1023);
  const std::string fin = t.cmpf("ole", ax, maxf, F);
  const std::string nan = t.bin("arith.divf", zero, zero, F);  // NaN, +-Inf
  const std::string sin0 = sel(t, is0, x, sx);
  const std::string cos0 = sel(t, is0, one, cs);
  const std::string sin = sel(t, fin, sin0, nan);
  return {sin, sel(t, fin, cos0, nan)};
}

}  // namespace tessera::transforms
