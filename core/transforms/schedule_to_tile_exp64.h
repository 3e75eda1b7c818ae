// The spec's f64 exp and log (core/numerics/exp64.h, log64.h; docs/numerics.md "exp and log on
// f64") as scalar Tile IR steps, written once for every kernel builder that needs them: the
// scalar chains (schedule_to_tile_scalar.cpp, steps by number) and the kernel-text builders
// (TextEmit, schedule_to_tile_emit.h). `E` supplies `V op(const char* name, std::vector<V> in,
// DType in_type, DType out_type, const char* pred = "")` (in_type: the operands' type, a
// select's value type) and `V cst(double v, DType t)`. Each helper repeats the C++ function's
// operations in their order; where the C++ branches, both sides are computed and selected.
#pragma once

#include <limits>
#include <utility>
#include <vector>

#include "core/ir/ir.h"
#include "core/numerics/log64.h"

namespace tessera::transforms {

/// A double-double of two values of the emitted kernel.
template <typename V>
struct DDV {
  V hi, lo;
};

/// The double-double steps of core/numerics/dd.h. Callers pass at most one argument that emits
/// (the order of a call's arguments is unspecified in C++, and the kernel text must not depend
/// on the host compiler); braced operand lists are evaluated in order.
template <typename V, typename E>
struct DDEmit {
  static constexpr DType kD = DType::f64;
  E& e;
  V add(V a, V b) { return e.op("arith.addf", {a, b}, kD, kD); }
  V sub(V a, V b) { return e.op("arith.subf", {a, b}, kD, kD); }
  V mul(V a, V b) { return e.op("arith.mulf", {a, b}, kD, kD); }
  V div(V a, V b) { return e.op("arith.divf", {a, b}, kD, kD); }
  V c(double v) { return e.cst(v, kD); }
  V sel(V cond, V a, V b) { return e.op("arith.select", {cond, a, b}, kD, kD); }
  V cmp(V a, V b, const char* pred) { return e.op("arith.cmpf", {a, b}, kD, DType::i1, pred); }

  DDV<V> two_sum(V a, V b) {  // num::dd_two_sum
    const V s = add(a, b);
    const V bb = sub(s, a);
    const V x = sub(a, sub(s, bb));
    return {s, add(x, sub(b, bb))};
  }
  DDV<V> fast_two_sum(V a, V b) {  // num::dd_fast_two_sum
    const V s = add(a, b);
    return {s, sub(b, sub(s, a))};
  }
  DDV<V> split(V a) {  // num::dd_split
    const V k = c(num::kDDSplit);
    const V cc = mul(k, a);
    const V hi = sub(cc, sub(cc, a));
    return {hi, sub(a, hi)};
  }
  DDV<V> two_prod(V a, V b) {  // num::dd_two_prod
    const V p = mul(a, b);
    const DDV<V> sa = split(a);
    const DDV<V> sb = split(b);
    V err = sub(mul(sa.hi, sb.hi), p);
    err = add(err, mul(sa.hi, sb.lo));
    err = add(err, mul(sa.lo, sb.hi));
    return {p, add(err, mul(sa.lo, sb.lo))};
  }
  DDV<V> mul(DDV<V> a, DDV<V> b) {  // num::dd_mul
    const DDV<V> p = two_prod(a.hi, b.hi);
    const V x = mul(a.hi, b.lo);
    const V cross = add(x, mul(a.lo, b.hi));
    return fast_two_sum(p.hi, add(p.lo, cross));
  }
  DDV<V> add(DDV<V> a, DDV<V> b) {  // num::dd_add
    const DDV<V> s = two_sum(a.hi, b.hi);
    const V t = add(a.lo, b.lo);
    return fast_two_sum(s.hi, add(s.lo, t));
  }
  DDV<V> c(num::DD v) { return {c(v.hi), c(v.lo)}; }                 // braced: in order
  DDV<V> series(const num::DD* t, int head, int degree, DDV<V> x) {  // num::dd_series
    V q = c(t[degree].hi);
    for (int n = degree - 1; n > head; --n) {
      const V qx = mul(q, x.hi);
      q = add(qx, c(t[n].hi));
    }
    DDV<V> y{q, c(0.0)};
    for (int n = head; n >= 0; --n) {
      const DDV<V> yx = mul(y, x);
      y = add(yx, c(t[n]));
    }
    return y;
  }
};

/// num::pow2_by_bits of the i64 value `n` (|n| <= 1023): an f64.
template <typename V, typename E>
V pow2_by_bits_emit(V n, E& e) {
  constexpr DType kD = DType::f64, kI = DType::i64, kB = DType::i1;
  const V neg = e.op("arith.cmpi", {n, e.cst(0, kI)}, kI, kB, "slt");
  const V a = e.op("arith.select", {neg, e.op("arith.subi", {e.cst(0, kI), n}, kI, kI), n}, kI, kI);
  V p = e.cst(1.0, kD);
  for (int i = 0; i < 10; ++i) {
    const V sh = e.op("arith.shrsi", {a, e.cst(i, kI)}, kI, kI);
    const V bit = e.op("arith.andi", {sh, e.cst(1, kI)}, kI, kI);
    const V set = e.op("arith.cmpi", {bit, e.cst(0, kI)}, kI, kB, "ne");
    const V f = e.op("arith.select", {set, e.cst(num::kPow2Pow2[i], kD), e.cst(1.0, kD)}, kD, kD);
    p = e.op("arith.mulf", {p, f}, kD, kD);
  }
  const V inv = e.op("arith.divf", {e.cst(1.0, kD), p}, kD, kD);
  return e.op("arith.select", {neg, inv, p}, kD, kD);
}

/// num::exp64_reduce_arg of xm (`lo` null), or exp64_reduce_dd's reduction of xm + *lo.
template <typename V>
struct Exp64ArgV {
  DDV<V> r;
  V kd;
};
template <typename V, typename E>
Exp64ArgV<V> exp64_reduce_arg_emit(V xm, const V* lo, E& e) {
  constexpr DType kD = DType::f64;
  DDEmit<V, E> d{e};
  const V shift = d.c(num::kExp64Shift);
  const V xs = d.mul(xm, d.c(num::kExp64InvLn2));
  const V kd = d.sub(d.add(xs, shift), shift);
  const V r0 = d.sub(xm, d.mul(kd, d.c(num::kLn2Parts[0])));
  const V t1 = e.op("arith.negf", {d.mul(kd, d.c(num::kLn2Parts[1]))}, kD, kD);
  const DDV<V> r1 = d.two_sum(r0, t1);
  const V t2 = d.mul(kd, d.c(num::kLn2Parts[2]));
  const V tail = d.sub(r1.lo, t2);
  const DDV<V> r = lo ? d.two_sum(r1.hi, d.add(tail, *lo)) : d.fast_two_sum(r1.hi, tail);
  return {r, kd};
}

/// num::exp64_round_sub(y, s1, s2): the subnormal result rounded once on its own grid.
template <typename V, typename E>
V exp64_round_sub_emit(DDV<V> y, V s1, V s2, E& e) {
  constexpr DType kB = DType::i1;
  DDEmit<V, E> d{e};
  const V ws1 = d.mul(s1, d.c(0x1p537));
  const V ws = d.mul(ws1, d.mul(s2, d.c(0x1p537)));
  const V wh = d.mul(y.hi, ws);
  const V wl = d.mul(y.lo, ws);
  const V big = d.c(0x1p52);
  V t = d.sub(d.add(wh, big), big);
  const V f = d.sub(wh, t);
  const V zero = d.c(0.0);
  const V up = e.op("arith.andi", {d.cmp(f, d.c(0.5), "oeq"), d.cmp(wl, zero, "ogt")}, kB, kB);
  t = d.sel(up, d.add(t, d.c(1.0)), t);
  const V dn = e.op("arith.andi", {d.cmp(f, d.c(-0.5), "oeq"), d.cmp(wl, zero, "olt")}, kB, kB);
  t = d.sel(dn, d.sub(t, d.c(1.0)), t);
  return d.mul(t, d.c(0x1p-1074));
}

/// num::exp64_scale of exp64_reduce(xm) (`lo` null) or exp64_reduce_dd(xm, *lo), for xm in
/// [-746, 710] (the caller selects it there: the fptosi must stay in range).
template <typename V, typename E>
V exp64_core_emit(V xm, const V* lo, E& e) {
  constexpr DType kD = DType::f64, kI = DType::i64, kB = DType::i1;
  DDEmit<V, E> d{e};
  const Exp64ArgV<V> a = exp64_reduce_arg_emit(xm, lo, e);
  const DDV<V> y = d.series(num::kExp64Fact, num::kExp64Head, num::kExp64Degree, a.r);
  const V k = e.op("arith.fptosi", {a.kd}, kD, kI);
  const V k1 = e.op("arith.shrsi", {k, e.cst(1, kI)}, kI, kI);
  const V k2 = e.op("arith.subi", {k, k1}, kI, kI);
  const V s1 = pow2_by_bits_emit(k1, e);
  const V s2 = pow2_by_bits_emit(k2, e);
  const V normal = d.mul(d.mul(y.hi, s1), s2);  // one emitting argument
  const V below = e.op("arith.cmpi", {k, e.cst(-1022, kI)}, kI, kB, "slt");
  const V at = e.op("arith.cmpi", {k, e.cst(-1022, kI)}, kI, kB, "eq");
  const V under1 = d.cmp(y.hi, d.c(1.0), "olt");
  const V sub = e.op("arith.ori", {below, e.op("arith.andi", {at, under1}, kB, kB)}, kB, kB);
  return d.sel(sub, exp64_round_sub_emit(y, s1, s2, e), normal);
}

/// The select of exp's main path: x in [-746, 710], else 0.
template <typename V, typename E>
V exp64_in_range_emit(V x, E& e) {
  DDEmit<V, E> d{e};
  const V above = d.cmp(x, d.c(num::kExp64Underflow), "oge");
  const V in =
      e.op("arith.andi", {above, d.cmp(x, d.c(num::kExp64Overflow), "ole")}, DType::i1, DType::i1);
  return d.sel(in, x, d.c(0.0));
}

/// num::exp64 of the f64 value `x`: exp64_main (exp64_core_emit) on x, or on 0 where a special
/// case applies (NaN, x beyond the thresholds: the same bits where it is used), then the
/// special cases as selects (x > 710: +Inf; x < -746: +0; NaN: x + x).
template <typename V, typename E>
V exp64_emit(V x, E& e) {
  DDEmit<V, E> d{e};
  V res = exp64_core_emit<V, E>(exp64_in_range_emit(x, e), nullptr, e);
  const V zero = d.c(0.0);
  const V over = d.cmp(x, d.c(num::kExp64Overflow), "ogt");
  res = d.sel(over, d.c(std::numeric_limits<double>::infinity()), res);
  res = d.sel(d.cmp(x, d.c(num::kExp64Underflow), "olt"), zero, res);
  const V nan = d.cmp(x, x, "une");  // true for NaN only
  return d.sel(nan, d.add(x, x), res);
}

/// num::log64_dd of the f64 value `x` (any x: the result is used only where x is positive and
/// finite).
template <typename V, typename E>
DDV<V> log64_dd_emit(V x, E& e) {
  DDEmit<V, E> d{e};
  const V tiny = d.cmp(x, d.c(0x1p-1022), "olt");
  V m = d.sel(tiny, d.mul(x, d.c(0x1p54)), x);
  const V k0 = d.c(-54.0);
  V k = d.sel(tiny, k0, d.c(0.0));
  for (int i = 9; i >= 0; --i) {
    const V big = d.cmp(m, d.c(num::kPow2Pow2[i]), "oge");
    m = d.sel(big, d.mul(m, d.c(1.0 / num::kPow2Pow2[i])), m);
    k = d.sel(big, d.add(k, d.c(static_cast<double>(1 << i))), k);
  }
  for (int i = 9; i >= 0; --i) {
    const V small = d.cmp(m, d.c(1.0 / num::kPow2Pow2[i]), "olt");
    m = d.sel(small, d.mul(m, d.c(num::kPow2Pow2[i])), m);
    k = d.sel(small, d.sub(k, d.c(static_cast<double>(1 << i))), k);
  }
  const V hi = d.cmp(m, d.c(num::kLog64Sqrt2), "oge");
  m = d.sel(hi, d.mul(m, d.c(0.5)), m);
  k = d.sel(hi, d.add(k, d.c(1.0)), k);
  const V lo = d.cmp(m, d.c(num::kLog64Sqrt2 * 0.5), "olt");
  m = d.sel(lo, d.mul(m, d.c(2.0)), m);
  k = d.sel(lo, d.sub(k, d.c(1.0)), k);
  const V f = d.sub(m, d.c(1.0));
  const V two = d.c(2.0);
  const DDV<V> dv = d.fast_two_sum(two, f);
  const V sh = d.div(f, dv.hi);
  const DDV<V> p = d.two_prod(sh, dv.hi);
  const V rem0 = d.sub(d.sub(f, p.hi), p.lo);
  const V rem = d.sub(rem0, d.mul(sh, dv.lo));
  const DDV<V> s = d.fast_two_sum(sh, d.div(rem, dv.hi));
  const DDV<V> z = d.mul(s, s);
  const DDV<V> y = d.series(num::kLog64Odd, num::kLog64Head, num::kLog64Degree, z);
  const DDV<V> s2{d.mul(two, s.hi), d.mul(two, s.lo)};
  const DDV<V> lm = d.mul(s2, y);
  const V kl0 = d.mul(k, d.c(num::kLn2Parts[0]));
  const DDV<V> a = d.fast_two_sum(kl0, d.mul(k, d.c(num::kLn2Parts[1])));
  const DDV<V> kl{a.hi, d.add(a.lo, d.mul(k, d.c(num::kLn2Parts[2])))};
  return d.add(kl, lm);
}

/// num::log64 of the f64 value `x`: log64_dd's head, then the special cases as selects (+Inf:
/// x; +-0: -Inf; x < 0: NaN; NaN: x + x).
template <typename V, typename E>
V log64_emit(V x, E& e) {
  DDEmit<V, E> d{e};
  V res = log64_dd_emit(x, e).hi;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  res = d.sel(d.cmp(x, d.c(kInf), "oeq"), x, res);
  const V zero = d.c(0.0);
  const V is_zero = d.cmp(x, zero, "oeq");
  res = d.sel(is_zero, d.c(-kInf), res);
  const V is_neg = d.cmp(x, zero, "olt");
  res = d.sel(is_neg, d.c(std::numeric_limits<double>::quiet_NaN()), res);
  const V nan = d.cmp(x, x, "une");  // true for NaN only
  return d.sel(nan, d.add(x, x), res);
}

/// num::log1p64 of the f64 value `u`: log1p64_main, then the special cases as selects (+-0:
/// u; +Inf: u; u = -1: -Inf; u < -1: NaN; NaN: u + u).
template <typename V, typename E>
V log1p64_emit(V u, E& e) {
  DDEmit<V, E> d{e};
  const V one = d.c(1.0);
  const DDV<V> w = d.two_sum(one, u);
  const DDV<V> l = log64_dd_emit(w.hi, e);
  const V ch = d.div(w.lo, w.hi);
  const DDV<V> p = d.two_prod(ch, w.hi);
  const V cl0 = d.div(d.sub(d.sub(w.lo, p.hi), p.lo), w.hi);
  const V huge = d.cmp(w.hi, d.c(0x1p900), "ogt");  // Veltkamp's split of w.hi overflows
  const V cl = d.sel(huge, d.c(0.0), cl0);
  const V hc = d.mul(d.c(0.5), ch);
  const DDV<V> c = d.fast_two_sum(ch, d.sub(cl, d.mul(hc, ch)));
  V res = d.add(l, c).hi;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const V zero = d.c(0.0);
  res = d.sel(d.cmp(u, zero, "oeq"), u, res);
  res = d.sel(d.cmp(u, d.c(kInf), "oeq"), u, res);
  const V m1 = d.c(-1.0);
  const V at_m1 = d.cmp(u, m1, "oeq");
  res = d.sel(at_m1, d.c(-kInf), res);
  const V below = d.cmp(u, m1, "olt");
  res = d.sel(below, d.c(std::numeric_limits<double>::quiet_NaN()), res);
  const V nan = d.cmp(u, u, "une");  // true for NaN only
  return d.sel(nan, d.add(u, u), res);
}

/// num::pow64 of the f64 values `x`, `y`: pow64_int, pow64_main (log64_dd, the product, the
/// range selects around exp64_core_emit on (p.hi, p.lo), the sign), then C99's special cases as
/// selects, the last one pow64's first test.
template <typename V, typename E>
V pow64_emit(V x, V y, E& e) {
  // Braced operand lists (evaluated in order) wherever more than one operand emits.
  constexpr DType kB = DType::i1, kD = DType::f64;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  DDEmit<V, E> d{e};
  const V zero = d.c(0.0);
  // pow64_int(y).
  const V yneg = d.cmp(y, zero, "olt");
  const V a = d.sel(yneg, e.op("arith.negf", {y}, kD, kD), y);
  const V big = d.c(0x1p52);
  const V t = d.sub(d.add(a, big), big);
  const V h = d.mul(a, d.c(0.5));
  const V hh = d.sub(d.add(h, big), big);
  const V integer = e.op("arith.ori", {d.cmp(a, big, "oge"), d.cmp(t, a, "oeq")}, kB, kB);
  const V below53 = e.op("arith.andi", {integer, d.cmp(a, d.c(0x1p53), "olt")}, kB, kB);
  const V odd = e.op("arith.andi", {below53, d.cmp(hh, h, "une")}, kB, kB);
  // pow64_main.
  const V xneg = d.cmp(x, zero, "olt");
  const V ax = d.sel(xneg, e.op("arith.negf", {x}, kD, kD), x);
  const DDV<V> l = log64_dd_emit(ax, e);
  const DDV<V> yy{y, d.c(0.0)};
  const DDV<V> p = d.mul(yy, l);
  V r = exp64_core_emit<V, E>(exp64_in_range_emit(p.hi, e), &p.lo, e);
  const V inf = d.c(kInf), ninf = d.c(-kInf), nz = d.c(-0.0), one = d.c(1.0), m1 = d.c(-1.0);
  r = d.sel(d.cmp(p.hi, d.c(num::kExp64Overflow), "ogt"), inf, r);
  r = d.sel(d.cmp(p.hi, d.c(num::kExp64Underflow), "olt"), zero, r);
  const V flip = e.op("arith.andi", {xneg, odd}, kB, kB);
  V res = d.sel(flip, e.op("arith.negf", {r}, kD, kD), r);
  // The special cases, lowest priority first.
  const V yes = d.cmp(zero, zero, "oeq");  // true
  const V nonint = e.op("arith.andi", {xneg, e.op("arith.xori", {integer, yes}, kB, kB)}, kB, kB);
  res = d.sel(nonint, d.c(std::numeric_limits<double>::quiet_NaN()), res);
  const V at_ninf =
      e.op("arith.select", {yneg, d.sel(odd, nz, zero), d.sel(odd, ninf, inf)}, kD, kD);
  res = d.sel(d.cmp(x, ninf, "oeq"), at_ninf, res);
  const V at_inf = d.sel(yneg, zero, inf);
  res = d.sel(d.cmp(x, inf, "oeq"), at_inf, res);
  const V small = e.op("arith.andi", {d.cmp(x, one, "olt"), d.cmp(x, m1, "ogt")}, kB, kB);
  const V differ = e.op("arith.xori", {small, yneg}, kB, kB);
  const V y_inf_val =
      e.op("arith.select", {d.cmp(x, m1, "oeq"), one, d.sel(differ, zero, inf)}, kD, kD);
  const V y_inf = e.op("arith.ori", {d.cmp(y, inf, "oeq"), d.cmp(y, ninf, "oeq")}, kB, kB);
  res = d.sel(y_inf, y_inf_val, res);
  const V inv = d.div(one, x);
  const V at_zero = e.op("arith.select", {yneg, d.sel(odd, inv, inf), d.sel(odd, x, zero)}, kD, kD);
  res = d.sel(d.cmp(x, zero, "oeq"), at_zero, res);
  const V nan = e.op("arith.ori", {d.cmp(x, x, "une"), d.cmp(y, y, "une")}, kB, kB);
  res = d.sel(nan, d.add(x, y), res);
  res = d.sel(d.cmp(x, one, "oeq"), one, res);
  return d.sel(d.cmp(y, zero, "oeq"), one, res);
}

}  // namespace tessera::transforms
