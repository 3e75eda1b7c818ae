// The spec's f64 tanh and erfc (core/numerics/tanh64.h, erfc64.h; docs/numerics.md "tanh and erfc
// on f64") and gelu's erf form on f64 as scalar Tile IR steps, for the scalar chains
// (schedule_to_tile_scalar.cpp) and the kernel-text builders (TextEmit). `E` is as in
// schedule_to_tile_exp64.h. Each helper repeats the C++ function's operations; where the C++
// branches, both sides are computed (on an in-range stand-in) and selected.
#pragma once

#include <limits>

#include "core/numerics/erfc64.h"
#include "core/numerics/tanh64.h"
#include "core/transforms/schedule_to_tile_exp64.h"

namespace tessera::transforms {

/// num::dd_div(a, b).
template <typename V, typename E>
DDV<V> dd_div_emit(DDV<V> a, DDV<V> b, E& e) {
  DDEmit<V, E> d{e};
  const V q1 = d.div(a.hi, b.hi);
  const DDV<V> p = d.two_prod(q1, b.hi);
  const V r0 = d.sub(d.sub(a.hi, p.hi), p.lo);
  const V r1 = d.add(r0, a.lo);
  const V rem = d.sub(r1, d.mul(q1, b.lo));
  return d.fast_two_sum(q1, d.div(rem, b.hi));
}

/// |x| (C++: x < 0 ? -x : x) and the condition x < 0.
template <typename V, typename E>
std::pair<V, V> abs64_emit(V x, E& e) {
  DDEmit<V, E> d{e};
  const V neg = d.cmp(x, d.c(0.0), "olt");
  return {d.sel(neg, e.op("arith.negf", {x}, DType::f64, DType::f64), x), neg};
}

/// lo <= v <= hi ? v : 1 (the main path's stand-in argument outside its range, NaN included).
template <typename V, typename E>
V in_range64_emit(V v, double lo, double hi, E& e) {
  DDEmit<V, E> d{e};
  const V in = e.op("arith.andi", {d.cmp(v, d.c(lo), "oge"), d.cmp(v, d.c(hi), "ole")}, DType::i1,
                    DType::i1);
  return d.sel(in, v, d.c(1.0));
}

/// cond ? c : r, the condition emitted first (a call's arguments have no order).
template <typename V, typename E>
V pick64_emit(V cond, double c, V r, E& e) {
  DDEmit<V, E> d{e};
  const V cv = d.c(c);
  return d.sel(cond, cv, r);
}

/// NaN: x + x, else r.
template <typename V, typename E>
V nan64_emit(V x, V r, E& e) {
  DDEmit<V, E> d{e};
  const V nan = d.cmp(x, x, "une");  // true for NaN only
  return d.sel(nan, d.add(x, x), r);
}

/// num::tanh64 of the f64 value `x`: tanh64_main's steps on |x| (its stand-in 1 outside
/// [2^-27, 20]), the sign, then the special cases as selects.
template <typename V, typename E>
V tanh64_emit(V x, E& e) {
  constexpr DType kD = DType::f64, kI = DType::i64;
  DDEmit<V, E> d{e};
  const auto [a, neg] = abs64_emit(x, e);
  const V am = in_range64_emit(a, num::kTanh64Small, num::kTanh64Saturate, e);
  const V y = d.mul(d.c(2.0), am);
  const Exp64ArgV<V> red = exp64_reduce_arg_emit<V, E>(y, nullptr, e);
  const DDV<V> s = d.series(num::kExp64Fact + 1, num::kExp64Head, num::kTanh64Degree, red.r);
  const DDV<V> em = d.mul(red.r, s);
  const V k = e.op("arith.fptosi", {red.kd}, kD, kI);
  const V p = e.op("arith.sitofp", {e.op("arith.shli", {e.cst(1, kI), k}, kI, kI)}, kI, kD);
  const DDV<V> ep{d.mul(em.hi, p), d.mul(em.lo, p)};
  const DDV<V> n = d.add(ep, d.two_sum(p, d.c(-1.0)));
  const DDV<V> den = d.add(ep, d.two_sum(p, d.c(1.0)));
  const V t = dd_div_emit(n, den, e).hi;
  V res = d.sel(neg, e.op("arith.negf", {t}, kD, kD), t);
  res = pick64_emit(d.cmp(x, d.c(num::kTanh64Saturate), "ogt"), 1.0, res, e);
  res = pick64_emit(d.cmp(x, d.c(-num::kTanh64Saturate), "olt"), -1.0, res, e);
  res = d.sel(d.cmp(a, d.c(num::kTanh64Small), "olt"), x, res);
  return nan64_emit(x, res, e);
}

/// num::erfc64 of the f64 value `x`: erfc64_taylor's and erfc64_fraction's steps on |x| (its
/// stand-in 1 outside [2^-56, 27.3]), the fraction's two scalings (x > 0: erfc64_scale; x < 0:
/// 2 - v 2^k), the selects of erfc64_main, then the special cases as selects.
template <typename V, typename E>
V erfc64_emit(V x, E& e) {
  constexpr DType kD = DType::f64, kI = DType::i64;
  DDEmit<V, E> d{e};
  const auto [a0, neg] = abs64_emit(x, e);
  const V a = in_range64_emit(a0, num::kErfc64Small, num::kErfc64Zero, e);
  // erfc64_taylor
  const DDV<V> z = d.two_prod(a, a);
  const DDV<V> poly =
      d.series(num::kErfc64Taylor, num::kErfc64TaylorHead, num::kErfc64TaylorDegree, z);
  const DDV<V> ca = d.mul(d.c(num::kErfc64TwoOverSqrtPi), DDV<V>{a, d.c(0.0)});
  const DDV<V> erf = d.mul(ca, poly);
  const V nh = e.op("arith.negf", {erf.hi}, kD, kD);
  const V nl = e.op("arith.negf", {erf.lo}, kD, kD);
  const DDV<V> serf{d.sel(neg, erf.hi, nh), d.sel(neg, erf.lo, nl)};
  const V near = d.add(DDV<V>{d.c(1.0), d.c(0.0)}, serf).hi;
  // erfc64_fraction
  V g = a;
  for (int j = num::kErfc64FractionTerms; j > num::kErfc64FractionDd; --j)
    g = d.add(a, d.div(d.c(0.5 * j), g));
  DDV<V> f{g, d.c(0.0)};
  for (int j = num::kErfc64FractionDd; j >= 1; --j) {
    const DDV<V> q = dd_div_emit(DDV<V>{d.c(0.5 * j), d.c(0.0)}, f, e);
    f = d.add(DDV<V>{a, d.c(0.0)}, q);
  }
  const V mzl = e.op("arith.negf", {z.lo}, kD, kD);
  const V mzh = e.op("arith.negf", {z.hi}, kD, kD);
  const Exp64ArgV<V> red = exp64_reduce_arg_emit<V, E>(mzh, &mzl, e);
  const DDV<V> y = d.series(num::kExp64Fact, num::kExp64Head, num::kExp64Degree, red.r);
  const DDV<V> v = dd_div_emit(d.mul(y, d.c(num::kErfc64InvSqrtPi)), f, e);
  // erfc64_scale (x > 0) and 2 - v 2^k (x < 0)
  const V k = e.op("arith.fptosi", {red.kd}, kD, kI);
  const V k1 = e.op("arith.shrsi", {k, e.cst(1, kI)}, kI, kI);
  const V s1 = pow2_by_bits_emit(k1, e);
  const V s2 = pow2_by_bits_emit(e.op("arith.subi", {k, k1}, kI, kI), e);
  const V nrm = d.mul(d.mul(v.hi, s1), s2);
  const V big = d.cmp(nrm, d.c(0x1p-1022), "oge");
  const V pos = d.sel(big, nrm, exp64_round_sub_emit(v, s1, s2, e));
  const V p = pow2_by_bits_emit(k, e);
  const V mh = e.op("arith.negf", {d.mul(v.hi, p)}, kD, kD);
  const V ml = e.op("arith.negf", {d.mul(v.lo, p)}, kD, kD);
  const V negr = d.add(DDV<V>{d.c(2.0), d.c(0.0)}, DDV<V>{mh, ml}).hi;
  const V far = d.sel(d.cmp(x, d.c(0.0), "ogt"), pos, negr);
  V res = d.sel(d.cmp(a0, d.c(num::kErfc64Split), "ole"), near, far);
  res = pick64_emit(d.cmp(x, d.c(num::kErfc64Two), "olt"), 2.0, res, e);
  res = pick64_emit(d.cmp(x, d.c(num::kErfc64Zero), "ogt"), 0.0, res, e);
  res = pick64_emit(d.cmp(a0, d.c(num::kErfc64Small), "olt"), 1.0, res, e);
  return nan64_emit(x, res, e);
}

/// gelu with approximate = none on the f64 value `x`, the Graph IR kernel's steps (kernel_Gelu):
/// t = x * (1 / sqrt 2), (0.5 x) * erfc64(-t), and -0 at x = -Inf.
template <typename V, typename E>
V gelu_erf64_emit(V x, E& e) {
  constexpr DType kD = DType::f64;
  DDEmit<V, E> d{e};
  const V t = d.mul(x, d.c(0.7071067811865476));
  const V ec = erfc64_emit(e.op("arith.negf", {t}, kD, kD), e);
  const V v = d.mul(d.mul(d.c(0.5), x), ec);
  const V m = d.cmp(x, d.c(-std::numeric_limits<double>::max()), "olt");
  return d.sel(m, d.c(-0.0), v);
}

}  // namespace tessera::transforms
