// A matmul's accumulation model as scalar Tile IR (docs/ops/schedule/lowering.md, "Scalar
// GEMMs"): the steps of num::accumulate (core/numerics/accumulate.h) with the same roundings.
// Pairwise: each block of 256 products goes through a local buffer and the tree of
// pairwise_sum, unrolled at lowering time (its shape depends only on the block's length).
// Tensor core: each step's exact terms come without bit access: the largest magnitude's power of
// two by comparisons and exact scalings, every term divided by the quantum (exact: a power of
// two) and truncated toward zero by arith.fptosi, the integer sum scaled back (exact in f64), and
// the f32 rounding toward zero done the same way at the f32 quantum of the sum.
#include "core/transforms/schedule_to_tile_policy.h"

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "core/ops/contractions.h"
#include "core/ops/policy.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_fma.h"

namespace tessera::transforms {

namespace {

using namespace scalar_text;
using Load = std::function<std::string(const std::string&)>;
constexpr DType kF = DType::f32, kD = DType::f64, kI = DType::i64, kX = DType::index;

// 2^floor(log2 y) of a finite y in [2^-1022, 2^1024) (f64): y scaled into [1, 2) by powers of
// two (exact), the inverse scalings collected. Other y give some finite or infinite value that
// the callers select away.
std::string pow2_floor(Text& t, std::string y) {
  std::string p = t.fcst(1.0, kD);
  for (int s = 512; s >= 1; s /= 2) {  // y < 2^(2s) here: after the step y < 2^s
    const std::string big = t.cmp(y, t.fcst(std::ldexp(1.0, s), kD), "oge", kD);
    y = t.select(big, t.bin("arith.mulf", y, t.fcst(std::ldexp(1.0, -s), kD), kD), y, kD);
    p = t.select(big, t.bin("arith.mulf", p, t.fcst(std::ldexp(1.0, s), kD), kD), p, kD);
  }
  for (int s = 512; s >= 1; s /= 2) {  // y >= 2^(1-2s) here: after the step y >= 2^(1-s)
    const std::string small = t.cmp(y, t.fcst(std::ldexp(1.0, 1 - s), kD), "olt", kD);
    y = t.select(small, t.bin("arith.mulf", y, t.fcst(std::ldexp(1.0, s), kD), kD), y, kD);
    p = t.select(small, t.bin("arith.mulf", p, t.fcst(std::ldexp(1.0, -s), kD), kD), p, kD);
  }
  return p;
}

std::string abs64(Text& t, const std::string& x) {
  return t.bin("arith.maximumf", x, t.un("arith.negf", x, kD, kD), kD);
}

// detail::special_of(x, s): the class of the step so far (0 none, 1 NaN, 2 +Inf, 3 -Inf).
std::string special_of(Text& t, const std::string& x, const std::string& s) {
  auto is = [&](int64_t v) { return t.cmp(s, t.icst(v), "eq", kX); };
  const std::string one = t.icst(1), nan = t.cmp(x, x, "une", kD);
  const std::string pinf = t.cmp(x, t.fcst(INFINITY, kD), "oeq", kD);
  const std::string ninf = t.cmp(x, t.fcst(-INFINITY, kD), "oeq", kD);
  const std::string to_p = t.select(t.logic("arith.ori", is(0), is(2)), t.icst(2), one, kX);
  const std::string to_n = t.select(t.logic("arith.ori", is(0), is(3)), t.icst(3), one, kX);
  return t.select(nan, one, t.select(pinf, to_p, t.select(ninf, to_n, s, kX), kX), kX);
}

// The integer term trunc(x / q) of an exact term x (x * inv_q is exact: a power of two).
std::string term(Text& t, const std::string& x, const std::string& inv_q) {
  return t.un("arith.fptosi", t.bin("arith.mulf", x, inv_q, kD), kD, kI);
}

// tc_step(m, a, b, len, c) for f32 output: `a[i]`, `b[i]` are f32 names.
std::string tc_step(Text& t, const num::TcModel& m, const std::vector<std::string>& a,
                    const std::vector<std::string>& b, const std::string& c) {
  const std::string cd = t.convert(c, kF, kD);
  std::string s = special_of(t, cd, t.icst(0));
  std::vector<std::string> p;
  std::string mag = abs64(t, cd);
  for (size_t i = 0; i < a.size(); ++i) {
    p.push_back(t.bin("arith.mulf", t.convert(a[i], kF, kD), t.convert(b[i], kF, kD), kD));
    s = special_of(t, p.back(), s);
    mag = t.bin("arith.maximumf", mag, abs64(t, p.back()), kD);
  }
  // The quantum 2^(emax - frac_bits) and the exact integer sum of the truncated terms (the
  // products', then c's: an integer sum, so the order does not matter).
  const std::string q =
      t.bin("arith.mulf", pow2_floor(t, mag), t.fcst(std::ldexp(1.0, -m.frac_bits), kD), kD);
  const std::string inv_q = t.bin("arith.divf", t.fcst(1.0, kD), q, kD);
  std::string sum = term(t, cd, inv_q);
  for (const std::string& x : p) sum = t.bin("arith.addi", sum, term(t, x, inv_q), kI);
  // sum * q rounded toward zero to f32 (overflow: the largest finite), then cut to
  // out_mant_bits: truncation at the f32 quantum of the value (2^-149 at least).
  const std::string v = t.bin("arith.mulf", t.un("arith.sitofp", sum, kI, kD), q, kD);
  const std::string av =
      t.bin("arith.minimumf", abs64(t, v), t.fcst(std::numeric_limits<float>::max(), kD), kD);
  std::string u =
      t.bin("arith.maximumf",
            t.bin("arith.mulf", pow2_floor(t, av), t.fcst(std::ldexp(1.0, -23), kD), kD),
            t.fcst(std::ldexp(1.0, -149), kD), kD);
  if (m.out_mant_bits < 23)
    u = t.bin("arith.mulf", u, t.fcst(std::ldexp(1.0, 23 - m.out_mant_bits), kD), kD);
  const std::string cut = t.un("arith.fptosi", t.bin("arith.divf", av, u, kD), kD, kI);
  std::string r = t.bin("arith.mulf", t.un("arith.sitofp", cut, kI, kD), u, kD);
  r = t.select(t.cmp(v, t.fcst(0.0, kD), "olt", kD), t.un("arith.negf", r, kD, kD), r, kD);
  const std::string res = t.convert(r, kD, kF);  // exact: r is an f32 value
  auto is = [&](int64_t v) { return t.cmp(s, t.icst(v), "eq", kX); };
  const std::string nan = t.fcst(std::bit_cast<float>(0x7FFFFFFFu), kF);
  return t.select(
      is(1), nan,
      t.select(is(2), t.fcst(INFINITY, kF), t.select(is(3), t.fcst(-INFINITY, kF), res, kF), kF),
      kF);
}

// tc_dot from c = +0: steps of k_step products at k0 = 0, k_step, ...; the full steps in a loop
// (its body unrolled), the last shorter step unrolled after it.
std::string tc_dot(Text& t, const num::TcModel& m, int64_t k, const Load& la, const Load& lb) {
  auto step = [&](const std::string& k0, int64_t len, const std::string& c) {
    std::vector<std::string> a, b;
    for (int64_t i = 0; i < len; ++i) {
      const std::string p = t.idx("arith.addi", k0, t.icst(i));
      a.push_back(la(p));
      b.push_back(lb(p));
    }
    return tc_step(t, m, a, b, c);
  };
  const int64_t full = k / m.k_step, rest = k % m.k_step;
  std::string c = t.fcst(0.0, kF);
  if (full > 0)
    c = t.fold("%c0", t.icst(full), "%c1", c, kF, [&](const std::string& s, const std::string& x) {
      return step(t.idx("arith.muli", s, t.icst(m.k_step)), m.k_step, x);
    });
  if (rest > 0) c = step(t.icst(full * m.k_step), rest, c);
  return c;
}

// round_to_accum: f32 kept; f16/bf16 rounded (RNE) and widened back.
std::string to_accum(Text& t, const std::string& x, DType accum) {
  return accum == kF ? x : t.convert(t.convert(x, kF, accum), accum, kF);
}

// pairwise_sum over buf[lo, hi), unrolled.
std::string tree(Text& t, const Text::Local& buf, int64_t lo, int64_t hi, DType accum) {
  if (hi - lo == 1) return t.load_local(buf, t.icst(lo));
  const int64_t mid = lo + (hi - lo) / 2;
  const std::string l = tree(t, buf, lo, mid, accum), r = tree(t, buf, mid, hi, accum);
  return to_accum(t, t.bin("arith.addf", l, r, kF), accum);
}

// The pairwise model: blocks of 256 products (rounded to the accumulator) in a local buffer,
// each block's tree added to the partial sum in order (from -0: -0 + s is s, bit for bit), then
// c + partial with c = +0.
std::string pairwise_dot(Text& t, DType accum, int64_t k, const Load& la, const Load& lb) {
  const Text::Local buf = t.alloc(256, kF);
  auto block = [&](const std::string& k0, int64_t len, const std::string& partial) {
    t.each("%c0", t.icst(len), "%c1", [&](const std::string& i) {
      const std::string p = t.idx("arith.addi", k0, i);
      t.store_local(to_accum(t, t.bin("arith.mulf", la(p), lb(p), kF), accum), buf, i);
    });
    return to_accum(t, t.bin("arith.addf", partial, tree(t, buf, 0, len, accum), kF), accum);
  };
  const int64_t full = k / 256, rest = k % 256;
  std::string partial = t.fcst(-0.0, kF);
  if (full > 0)
    partial = t.fold("%c0", t.icst(full), "%c1", partial, kF,
                     [&](const std::string& s, const std::string& x) {
                       return block(t.idx("arith.muli", s, t.icst(256)), 256, x);
                     });
  if (rest > 0) partial = block(t.icst(full * 256), rest, partial);
  return to_accum(t, t.bin("arith.addf", t.fcst(0.0, kF), partial, kF), accum);
}

// The sequential model from c = +0: fma_accum per p, in order: an f32 fma (fma_of), or for an
// f16/bf16 accumulator the f64 fma of the widened values (exact product; tile.fma) rounded once
// to the accumulator (arith.truncf from f64) and widened back.
std::string sequential_dot(Text& t, DType accum, int64_t k, const Load& la, const Load& lb) {
  return t.fold("%c0", t.icst(k), "%c1", t.fcst(0.0, kF), kF,
                [&](const std::string& p, const std::string& c) {
                  // One emission per statement (the order of a call's arguments is open; this
                  // is the order g++ gave: the last argument first).
                  if (accum == kF) {
                    const std::string bv = lb(p);
                    return fma_of(t, la(p), bv, c, kF);
                  }
                  const std::string wc = t.convert(c, kF, kD);
                  const std::string wb = t.convert(lb(p), kF, kD);
                  const std::string wa = t.convert(la(p), kF, kD);
                  const std::string r = fma_of(t, wa, wb, wc, kD);
                  return t.convert(t.convert(r, kD, accum), accum, kF);
                });
}

}  // namespace

std::optional<num::AccumModel> policy_model(const ir::Op& mm, DType a, DType b, DType c,
                                            std::string& why) {
  const ops::NumericPolicy pol = ops::read_policy(mm);
  const DType acc = ops::matmul_accum_type(mm, a, b);
  std::optional<num::AccumModel> m = ops::accum_model_by_name(pol.accum_model, acc, a);
  why = "a numeric policy ";
  if (!m) return why += "of an unknown accumulation model", std::nullopt;
  if (c != kF)  // the Graph IR kernel converts by the policy's rounding options
    return why += "with a result other than f32", std::nullopt;
  if (acc != kF && acc != DType::f16 && acc != DType::bf16)
    return why += "with an accumulator other than f32, f16 or bf16", std::nullopt;
  if (m->kind == num::AccumKind::kTensorCore && acc != kF)  // tc_fused_sum's f16 rounding
    return why += "of a tensor-core model with an f16 accumulator", std::nullopt;
  if (m->kind == num::AccumKind::kTensorCore && (m->tc.group > 0 || m->tc.scale_block > 0))
    return why += "of a block-scaled tensor-core model", std::nullopt;
  return m;
}

std::string policy_dot(Text& t, const num::AccumModel& model, int64_t k, const Load& load_a,
                       const Load& load_b) {
  if (model.kind == num::AccumKind::kSequential)
    return sequential_dot(t, model.accum, k, load_a, load_b);
  if (model.kind == num::AccumKind::kPairwise)
    return pairwise_dot(t, model.accum, k, load_a, load_b);
  return tc_dot(t, model.tc, k, load_a, load_b);
}

}  // namespace tessera::transforms
