// tessera.binary_cross_entropy as a scalar kernel (docs/ops/schedule/lowering.md, "Losses"): the
// Graph IR kernel's chain over the flattened operands (interp/graph/kernels_loss.cpp), each term
// (max(z, 0) - z t) + log1p(exp(-|z|)) with the spec's expf (tile.exp) and the spec's log1pf
// written out step by step (core/numerics/log1pf.h, docs/numerics.md "log1p"); on f64 the
// spec's exp64 and log1p64 (schedule_to_tile_exp64.h).
#include <cmath>
#include <limits>
#include <string>

#include "core/ir/attribute.h"
#include "core/numerics/log1pf.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::Text;

constexpr DType kF = DType::f32, kD = DType::f64, kI = DType::i64;

/// num::log1pf of the f32 scalar `u`, its steps in their order (log1pf_main, then the special
/// cases as selects: the Graph IR function returns early instead, with the same results). Each
/// statement emits one value, so the text has one order on every compiler.
std::string emit_log1pf(Text& k, const std::string& u) {
  const std::string d = k.un("arith.extf", u, kF, kD);
  const std::string one = k.fcst(1.0, kD);
  const std::string w = k.bin("arith.addf", one, d, kD);
  const std::string lo = k.cmpf("oge", w, k.fcst(num::kLog1pSqrtHalf, kD), kD);
  const std::string hi = k.cmpf("ole", w, k.fcst(num::kLog1pSqrt2, kD), kD);
  const std::string near_one = k.bin("arith.andi", lo, hi, DType::i1);
  // k = the nearest integer to logf(float(w)) / ln 2; 2^|k| = double(1 << |k|).
  const std::string wf = k.un("arith.truncf", w, kD, kF);
  const std::string lw = k.un("arith.extf", k.un("tile.log", wf, kF, kF), kF, kD);
  const std::string scaled = k.bin("arith.mulf", lw, k.fcst(num::kLog1pInvLn2, kD), kD);
  const std::string shift = k.fcst(num::kLog1pShift, kD);
  const std::string kd = k.bin("arith.subf", k.bin("arith.addf", scaled, shift, kD), shift, kD);
  // Outside [-60, 60] (or NaN: inputs whose result a special case gives) k is 0, so fptosi and
  // shli stay defined (at Target IR fptosi of NaN or of an out-of-range value stops the run).
  const std::string kmax = k.fcst(static_cast<double>(num::kLog1pMaxK), kD);
  const std::string kmin = k.fcst(-static_cast<double>(num::kLog1pMaxK), kD);
  const std::string ge = k.cmpf("oge", kd, kmin, kD), le = k.cmpf("ole", kd, kmax, kD);
  const std::string in_range = k.bin("arith.andi", ge, le, DType::i1);
  const std::string kc = k.un("arith.fptosi", k.select(in_range, kd, k.fcst(0.0, kD), kD), kD, kI);
  const std::string zero = k.int_cst(0, kI);
  const std::string neg = k.cmpi("slt", kc, zero, kI);
  const std::string ak = k.select(neg, k.bin("arith.subi", zero, kc, kI), kc, kI);
  const std::string pow2 = k.bin("arith.shli", k.int_cst(1, kI), ak, kI);
  const std::string p = k.un("arith.sitofp", pow2, kI, kD);
  const std::string up = k.bin("arith.mulf", w, p, kD);
  const std::string down = k.bin("arith.divf", w, p, kD);
  const std::string m = k.select(neg, up, down, kD);
  const std::string f = k.select(near_one, d, k.bin("arith.subf", m, one, kD), kD);
  // log(1 + f) = 2 atanh(s), s = f / (2 + f): t + t (z q), q the Horner chain of 1/(2i + 1).
  const std::string two = k.fcst(2.0, kD);
  const std::string s = k.bin("arith.divf", f, k.bin("arith.addf", two, f, kD), kD);
  const std::string z = k.bin("arith.mulf", s, s, kD);
  std::string q = k.fcst(num::kLogC[9], kD);
  for (int i = 8; i >= 0; --i) {
    const std::string qz = k.bin("arith.mulf", q, z, kD);
    q = k.bin("arith.addf", qz, k.fcst(num::kLogC[i], kD), kD);
  }
  const std::string t = k.bin("arith.mulf", two, s, kD);
  const std::string tzq = k.bin("arith.mulf", t, k.bin("arith.mulf", z, q, kD), kD);
  const std::string lm = k.bin("arith.addf", t, tzq, kD);
  const std::string kf = k.un("arith.sitofp", kc, kI, kD);
  const std::string kln2 = k.bin("arith.mulf", kf, k.fcst(num::kLogLn2, kD), kD);
  const std::string y = k.select(near_one, lm, k.bin("arith.addf", kln2, lm, kD), kD);
  std::string r = k.un("arith.truncf", y, kD, kF);
  // The special cases, the last select the first test of log1pf.
  const std::string big = k.cmpf("ogt", u, k.fcst(num::kLog1pBig, kF), kF);
  r = k.select(big, k.un("tile.log", u, kF, kF), r, kF);
  const std::string minus_one = k.fcst(-1.0, kF);
  const std::string at_minus_one = k.cmpf("oeq", u, minus_one, kF);
  r = k.select(at_minus_one, k.fcst(-HUGE_VAL, kF), r, kF);
  const std::string below = k.cmpf("olt", u, minus_one, kF);
  r = k.select(below, k.fcst(std::numeric_limits<float>::quiet_NaN(), kF), r, kF);
  const std::string nan = k.cmpf("une", u, u, kF);  // true for NaN only
  return k.select(nan, k.bin("arith.addf", u, u, kF), r, kF);
}

}  // namespace

ScalarKernel plan_binary_cross_entropy(const ir::Op& group, const ir::Op& op,
                                       const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 2 || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& x = group.operands[0]->type;
  // f64: the spec's exp64 and log1p64 (schedule_to_tile_exp64.h), the kernel's spec_exp and
  // spec_log1p of double.
  const DType F = x.dtype;
  if ((F != kF && F != kD) || !x.has_static_shape() || !(group.operands[1]->type == x) ||
      group.result(0)->type.dtype != F)
    return ScalarKernel::stay("not an f32 or f64 binary_cross_entropy of static shape");
  const std::optional<int64_t> n = x.num_elements();
  if (!n) return ScalarKernel::stay("too many elements");
  const std::string red = op.attrs.get_string("reduction", "mean");
  if (red != "mean" && red != "sum") return ScalarKernel::stay("reduction '" + red + "'");
  Text k;
  TextEmit em{k};
  k.k << scalar_text::header(name, {F, F}, F);
  // (m - p) + s: m = z > 0 ? z : +0 (NaN: +0), p = z * t, s = log1pf(expf(-|z|)) with
  // -|z| = minimumf(z, -z) (-0 for +-0; NaN stays NaN).
  auto term = [&](const std::string& i) {
    const std::string z = k.load("%in0", F, i), t = k.load("%in1", F, i);
    const std::string pos = k.cmpf("ogt", z, k.fcst(0.0, F), F);
    const std::string m = k.select(pos, z, k.fcst(0.0, F), F);
    const std::string p = k.bin("arith.mulf", z, t, F);
    const std::string na = k.bin("arith.minimumf", z, k.un("arith.negf", z, F, F), F);
    const std::string s = F == kD ? log1p64_emit(exp64_emit(na, em), em)
                                  : emit_log1pf(k, k.un("tile.exp", na, kF, kF));
    return k.bin("arith.addf", k.bin("arith.subf", m, p, F), s, F);
  };
  // No elements: the kernel's acc = +0 (and +0 / +0 for "mean").
  std::string acc = *n == 0 ? k.fcst(0.0, F)
                            : k.fold("%c1", k.icst(*n), "%c1", term("%c0"), F,
                                     [&](const std::string& i, const std::string& a) {
                                       return k.bin("arith.addf", a, term(i), F);
                                     });
  if (red == "mean") {  // acc / static_cast<T>(n)
    const std::string count = k.fcst(as_type(static_cast<double>(*n), F), F);
    acc = k.bin("arith.divf", acc, count, F);
  }
  k.store(acc, F, "%c0");
  ScalarKernel s;
  s.grid = {1};
  s.flat = {*n, *n};
  s.out_2d = {1, 1};
  s.kernel = k.end();
  return s;
}

}  // namespace tessera::transforms
