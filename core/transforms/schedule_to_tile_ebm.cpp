// The tessera.ebm steps and candidate ops, and tessera.guided_denoise_region, as scalar kernels
// (docs/ops/schedule/lowering.md, "EBM steps and candidates"): one group per row of the last
// axis (per batch row for energy_quadratic and self_verify, per candidate for decode_init), each
// element read into f64 (exact), the Graph IR kernel's f64 steps (interp/graph/kernels_ebm.cpp)
// in its order, and each result rounded once to f32 (then, for f16 and bf16, once more at
// storage, as the executor rounds the widened result). The amplitudes depend only on attributes:
// computed here by the kernel's own function (core/ops/ebm.h) and embedded as constants.
// guided_denoise_region computes in its compute type (interp/graph/kernels_diffusion.cpp).
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/ops/clifford.h"
#include "core/ops/ebm.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_philox.h"
#include "core/transforms/schedule_to_tile_random.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using scalar_text::Text;
constexpr DType kF64 = DType::f64, kF32 = DType::f32;

struct Kernel {
  Text e;
  DType t = kF32;  // the storage type of every float operand and of the result
  size_t nin = 0;

  // Input k's element i as f64: f16/bf16 widen to f32 (the executor), then to f64 (the kernel's
  // `at`); both exact.
  std::string at(size_t k, const std::string& i) {
    const std::string v = e.load("%in" + std::to_string(k), t, i);
    return t == kF64 ? v : e.convert(e.convert(v, t, kF32), kF32, kF64);
  }
  // %out[row, col] = v (f64): the kernel's static_cast<float> (f64 results: v itself), then the
  // executor's rounding of the widened result to f16/bf16.
  void put(const std::string& v, const std::string& row, const std::string& col) {
    if (t == kF64) return e.store(v, kF64, row, col);
    e.store(e.convert(e.convert(v, kF64, kF32), kF32, t), t, row, col);
  }
  std::string f(double v) { return e.fc(v, kF64); }
  std::string mul(const std::string& a, const std::string& b) {
    return e.bin("arith.mulf", a, b, kF64);
  }
  std::string add(const std::string& a, const std::string& b) {
    return e.bin("arith.addf", a, b, kF64);
  }
  std::string sub(const std::string& a, const std::string& b) {
    return e.bin("arith.subf", a, b, kF64);
  }
  // (y - eta g) + a n at element i, the `+ a n` only with a noise operand (the kernel's affine).
  // One emission per statement, so the text does not depend on the compiler's argument order.
  // `y`: the state's element when already loaded.
  std::string affine(const std::string& i, double eta, double a, std::string y = "") {
    if (y.empty()) y = at(0, i);
    const std::string g = at(1, i);
    std::string v = sub(y, mul(f(eta), g));
    if (nin == 3) {
      const std::string n = at(2, i);
      v = add(v, mul(f(a), n));
    }
    return v;
  }
  // row * width + j.
  std::string flat(const std::string& row, int64_t width, const std::string& j) {
    return e.idx("arith.addi", e.idx("arith.muli", row, e.c(width)), j);
  }
  ScalarKernel done(const std::string& name, std::vector<int64_t> sizes, int64_t rows,
                    int64_t width) {
    ScalarKernel s;
    s.kernel = scalar_text::header(name, std::vector<DType>(nin, t), t) + e.head.str() + e.k.str() +
               "    return\n  }\n";
    s.grid = {rows};
    s.flat = std::move(sizes);
    s.out_2d = {rows, width};
    return s;
  }
};

bool lowered_type(DType t) { return t == kF32 || t == kF64 || t == DType::f16 || t == DType::bf16; }

// Element counts of the group's operands, or nullopt when one is not static or is empty.
std::optional<std::vector<int64_t>> sizes_of(const ir::Op& group) {
  std::vector<int64_t> sizes;
  for (const ir::Value* v : group.operands) {
    const std::optional<int64_t> n = v->type.num_elements();
    if (!v->type.has_static_shape() || !n || *n == 0) return std::nullopt;
    sizes.push_back(*n);
  }
  return sizes;
}

// inner_step, langevin_step, refinement, bivector_langevin_step, sphere_langevin_step: rows of
// the last axis.
ScalarKernel plan_step(Kernel& k, const ir::Op& group, const ir::Op& op, const std::string& name,
                       const std::vector<int64_t>& sizes) {
  const ir::Type& y = group.result(0)->type;
  for (const ir::Value* v : group.operands)
    if (!(v->type == y)) return ScalarKernel::stay("operands of another type than the result");
  const int64_t width = y.rank() == 0 ? 1 : y.shape.back(), rows = sizes[0] / width;
  const std::string& n = op.name;
  double eta = op.attrs.get_float("eta", 0.0), a = ops::ebm_noise_amplitude(op);
  if (n == "tessera.ebm.refinement") {  // K steps in closed form: (K eta), (K a)
    const double steps = double(op.attrs.get_int("steps", 1));
    eta = steps * eta;
    a = steps * a;
  }
  Text& e = k.e;
  const std::string row = "%g";
  if (n == "tessera.ebm.bivector_langevin_step") {
    // The grade-2 blades (two index bits set) step; the others are +0. Unrolled over the blades.
    if (width > (int64_t{1} << ops::kMaxCliffordGenerators))
      return ScalarKernel::stay("more than 256 blades per multivector");
    for (int64_t j = 0; j < width; ++j) {
      const bool moves = ops::blade_grade(static_cast<uint32_t>(j)) == 2;
      const std::string col = e.c(j);
      k.put(moves ? k.affine(k.flat(row, width, col), eta, a) : k.f(0.0), row, col);
    }
    return k.done(name, sizes, rows, width);
  }
  if (n == "tessera.ebm.sphere_langevin_step") {
    // v_j = affine_j - s_j; sv = sum s_j v_j; w_j = s_j + (tangent ? v_j - sv s_j : v_j);
    // n = sqrt(sum w_j^2); out_j = n > 0 ? w_j / n : w_j. Each pass recomputes v_j and w_j with
    // the same operations (the same bits as the kernel's buffer); sums from +0 in j order.
    const bool tangent = op.attrs.get_string("projection", "tangent") == "tangent";
    const std::string w = e.c(width);
    const auto step = [&](const std::string& j) {
      const std::string i = k.flat(row, width, j);
      const std::string s = k.at(0, i);
      return std::pair{s, k.sub(k.affine(i, eta, a, s), s)};
    };
    const std::string sv = e.fold("%c0", w, "%c1", k.f(0.0), kF64, [&](auto& j, auto& acc) {
      const auto [s, v] = step(j);
      return k.add(acc, k.mul(s, v));
    });
    const auto moved = [&](const std::string& j) {
      const auto [s, v] = step(j);
      return k.add(s, tangent ? k.sub(v, k.mul(sv, s)) : v);
    };
    const std::string n2 = e.fold("%c0", w, "%c1", k.f(0.0), kF64, [&](auto& j, auto& acc) {
      const std::string wj = moved(j);
      return k.add(acc, k.mul(wj, wj));
    });
    const std::string norm = e.un("tile.sqrt", n2, kF64, kF64);
    const std::string pos = e.cmp(norm, k.f(0.0), "ogt", kF64);
    e.each("%c0", w, "%c1", [&](const std::string& j) {
      const std::string wj = moved(j);
      k.put(e.select(pos, e.bin("arith.divf", wj, norm, kF64), wj, kF64), row, j);
    });
    return k.done(name, sizes, rows, width);
  }
  e.each("%c0", e.c(width), "%c1",
         [&](const std::string& j) { k.put(k.affine(k.flat(row, width, j), eta, a), row, j); });
  return k.done(name, sizes, rows, width);
}

// energy_quadratic [B, D] -> [B]: 0.5 * sum_j (x - y)^2 from +0 in j order, one group per row.
ScalarKernel plan_energy(Kernel& k, const ir::Op& group, const std::string& name,
                         const std::vector<int64_t>& sizes) {
  const ir::Type& x = group.operands[0]->type;
  if (x.rank() != 2 || !(group.operands[1]->type == x))
    return ScalarKernel::stay("internal: not two [B, D] operands of one type");
  const int64_t rows = x.shape[0], width = x.shape[1];
  Text& e = k.e;
  const std::string w = e.c(width), zero = k.f(0.0);
  const std::string s = e.fold("%c0", w, "%c1", zero, kF64, [&](const std::string& j, auto& acc) {
    const std::string i = k.flat("%g", width, j);
    const std::string x = k.at(0, i), y = k.at(1, i);
    const std::string d = k.sub(x, y);
    return k.add(acc, k.mul(d, d));
  });
  k.put(k.mul(k.f(0.5), s), "%g", "%c0");
  return k.done(name, sizes, rows, 1);
}

// decode_init: one group per candidate row (b, q) of the result [B, K, event]; copy and
// base_model read x's or base's row b, a noise operand gives std * noise, no noise operand std
// times randn's stream (words 2i and 2i + 1 of (seed, stream 0), randn's Box-Muller).
ScalarKernel plan_decode_init(Kernel& k, const ir::Op& group, const ir::Op& op,
                              const std::string& name, const std::vector<int64_t>& sizes) {
  const std::string strategy = op.attrs.get_string("strategy", "noise");
  const ir::Type& y = group.result(0)->type;
  const auto seg = op.attrs.get("operandSegmentSizes");
  const size_t nbase =
      seg ? static_cast<size_t>(seg->as_int_array().value_or(std::vector<int64_t>{1, 0, 0})[1]) : 0;
  const bool copy = strategy == "copy" || strategy == "base_model";
  const bool drawn = !copy && group.operands.size() <= 1 + nbase;  // randn's stream
  for (const ir::Value* v : group.operands)
    if (v->type.dtype != y.dtype) return ScalarKernel::stay("operands of another element type");
  const std::optional<int64_t> count = y.num_elements();
  if (y.rank() < 2 || !count || *count == 0)
    return ScalarKernel::stay("not a non-empty [B, K, ...] result");
  const int64_t cands = y.shape[1], rows = y.shape[0] * cands, event = *count / rows;
  Text& e = k.e;
  const size_t src = strategy == "copy" ? 0 : strategy == "base_model" ? 1 : 1 + nbase;
  const uint64_t seed = static_cast<uint64_t>(op.attrs.get_int("seed", 0));
  // The source row: b = g / K of x or base, the candidate g itself of the noise.
  const std::string at_row = copy ? e.idx("arith.divsi", "%g", e.c(cands)) : "%g";
  const double stddev = op.attrs.get_float("std", 1.0);
  e.each("%c0", e.c(event), "%c1", [&](const std::string& j) {
    if (drawn) {  // std * randn's normal of words 2i, 2i + 1 of (seed, stream 0), i = g E + j
      const std::string i = k.flat("%g", event, j);
      const std::array<std::string, 2> s = philox::split64(e, e.int_cst(0, DType::i64));
      const std::string z = randn_normal(e, philox::word_pair(e, seed, s, i));
      return k.put(k.mul(k.f(stddev), z), "%g", j);
    }
    const std::string v = k.at(src, k.flat(at_row, event, j));
    k.put(copy ? v : k.mul(k.f(stddev), v), "%g", j);
  });
  return k.done(name, sizes, rows, event);
}

// self_verify hard_argmin: one group per batch row; the first candidate of least energy (NaN
// energies never win, all NaN picks 0), then its row copied.
ScalarKernel plan_self_verify(Kernel& k, const ir::Op& group, const ir::Op& op,
                              const std::string& name, const std::vector<int64_t>& sizes) {
  if (op.attrs.get_string("reduction", "hard_argmin") == "softmin")
    return ScalarKernel::stay(
        "self_verify's softmin weights are the C library's exp of an f64, which no Tile IR op "
        "reproduces bit for bit");
  const ir::Type& en = group.operands[0]->type;
  if (en.rank() != 2 || group.operands[1]->type.dtype != en.dtype)
    return ScalarKernel::stay("internal: not [B, K] energies and candidates of their type");
  const int64_t batch = en.shape[0], kk = en.shape[1];
  const int64_t event = sizes[1] / (batch * kk);
  Text& e = k.e;
  // Carried: the best index and its energy, NaN while none was found (found implies the best
  // energy is a number). A candidate wins when it is a number and nothing was found or it is
  // below the best.
  const std::string nan = k.f(std::numeric_limits<double>::quiet_NaN());
  const std::vector<std::string> best = e.folds(
      "%c0", e.c(kk), "%c1", {"%c0", nan}, {DType::index, kF64},
      [&](const std::string& q, const std::vector<std::string>& acc) {
        const std::string en_q = k.at(0, k.flat("%g", kk, q));
        const std::string number = e.cmp(en_q, en_q, "oeq", kF64);
        const std::string none = e.cmp(acc[1], acc[1], "une", kF64);
        const std::string below = e.cmp(en_q, acc[1], "olt", kF64);
        const std::string take = e.logic("arith.andi", number, e.logic("arith.ori", none, below));
        return std::vector<std::string>{e.select(take, q, acc[0], DType::index),
                                        e.select(take, en_q, acc[1], kF64)};
      });
  const std::string cand = k.flat("%g", kk, best[0]);
  e.each("%c0", e.c(event), "%c1",
         [&](const std::string& j) { k.put(k.at(1, k.flat(cand, event, j)), "%g", j); });
  return k.done(name, sizes, batch, event);
}

// guided_denoise_region: ref + g (fav - unfav), each step rounded to the compute type (f64, or
// f32 for f32, f16 and bf16 widened by the executor), g = gamma rounded to it.
ScalarKernel plan_guided(Kernel& k, const ir::Op& group, const ir::Op& op, const std::string& name,
                         const std::vector<int64_t>& sizes) {
  const ir::Type& y = group.result(0)->type;
  for (const ir::Value* v : group.operands)
    if (!(v->type == y)) return ScalarKernel::stay("operands of another type than the result");
  const DType ct = k.t == kF64 ? kF64 : kF32;
  const double gamma = op.attrs.get_float("gamma", 1.0);
  const double g = ct == kF64 ? gamma : double(static_cast<float>(gamma));
  const int64_t width = y.rank() == 0 ? 1 : y.shape.back(), rows = sizes[0] / width;
  Text& e = k.e;
  const std::string gc = e.fc(g, ct);
  e.each("%c0", e.c(width), "%c1", [&](const std::string& j) {
    const std::string i = k.flat("%g", width, j);
    const auto in = [&](int m) {
      return e.convert(e.load("%in" + std::to_string(m), k.t, i), k.t, ct);
    };
    const std::string fav = in(1), unfav = in(2);
    const std::string delta = e.bin("arith.subf", fav, unfav, ct);
    const std::string step = e.bin("arith.mulf", gc, delta, ct);
    e.store(e.convert(e.bin("arith.addf", in(0), step, ct), ct, k.t), k.t, "%g", j);
  });
  return k.done(name, sizes, rows, width);
}

// partition_exact: one group per row of the last axis (one group over every energy for a rank-0
// result). l_j = -e_j / T; m = max_j l_j ((m < l) ? l : m, so NaN never wins) and a NaN flag in
// one fold; the sum of exp64(l_j - m) in j order in a second; log Z = m + log64(s) when m is
// finite, m when not, NaN when any l_j is NaN; sum: exp64(log Z); mean: exp64(log Z) / W.
// Both sides of each branch are computed (f64 ops only) and selected.
ScalarKernel plan_partition(Kernel& k, const ir::Op& group, const ir::Op& op,
                            const std::string& name, const std::vector<int64_t>& sizes) {
  const ir::Type& en = group.operands[0]->type;
  if (en.rank() < 1 || en.dtype != k.t) return ScalarKernel::stay("not energies of rank >= 1");
  const double temp = op.attrs.get_float("temperature", 1.0);
  const std::string red = op.attrs.get_string("reduction", "logsumexp");
  const bool scalar = group.result(0)->type.rank() == 0;
  const int64_t width = scalar ? sizes[0] : en.shape.back(), rows = sizes[0] / width;
  Text& e = k.e;
  const std::string tc = k.f(temp), w = e.c(width);
  const double inf = std::numeric_limits<double>::infinity();
  const auto l_at = [&](const std::string& j) {
    const std::string v = k.at(0, k.flat("%g", width, j));
    return e.bin("arith.divf", e.un("arith.negf", v, kF64, kF64), tc, kF64);
  };
  const std::vector<std::string> mn =
      e.folds("%c0", w, "%c1", {k.f(-inf), k.f(0.0)}, {kF64, kF64},
              [&](const std::string& j, const std::vector<std::string>& acc) {
                const std::string l = l_at(j);
                const std::string isnan = e.cmp(l, l, "une", kF64);
                const std::string up = e.cmp(acc[0], l, "olt", kF64);
                return std::vector<std::string>{e.select(up, l, acc[0], kF64),
                                                e.select(isnan, k.f(1.0), acc[1], kF64)};
              });
  const std::string m = mn[0];
  TextEmit em{e};
  const std::string s =
      e.fold("%c0", w, "%c1", k.f(0.0), kF64, [&](const std::string& j, const std::string& acc) {
        const std::string l = l_at(j);
        return k.add(acc, exp64_emit(k.sub(l, m), em));
      });
  const std::string above = e.cmp(m, k.f(-inf), "ogt", kF64);  // one emitting argument a call
  const std::string finite = e.logic("arith.andi", above, e.cmp(m, k.f(inf), "olt", kF64));
  const std::string lz0 = e.select(finite, k.add(m, log64_emit(s, em)), m, kF64);
  const std::string nan = e.cmp(mn[1], k.f(0.0), "une", kF64);
  const std::string lz = e.select(nan, k.f(std::numeric_limits<double>::quiet_NaN()), lz0, kF64);
  std::string v = lz;
  if (red == "sum") v = exp64_emit(lz, em);
  if (red == "mean") {
    const std::string z = exp64_emit(lz, em);
    v = e.bin("arith.divf", z, k.f(double(width)), kF64);
  }
  k.put(v, "%g", "%c0");
  ScalarKernel out = k.done(name, sizes, rows, 1);
  return out;
}

// langevin_step_philox: rows of the last axis; element i = g W + j draws the Philox4x32-10
// block of counter + i (a 128-bit add of i64 words in [0, 2^32) with carries) under the run-time
// key (seed's low, high word), u = (w + 0.5) 2^-32 of its words 0 and 1, z = ops::box_muller
// (sqrt(-2 log64 u0) cos64(2 pi u1)), then (y - eta g) + a z.
ScalarKernel plan_philox_step(Kernel& k, const ir::Op& group, const ir::Op& op,
                              const std::string& name, const std::vector<int64_t>& sizes) {
  constexpr DType I64 = DType::i64;
  const ir::Type& y = group.result(0)->type;
  if (group.operands.size() != 4 || group.operands[1]->type.dtype != k.t ||
      group.operands[2]->type.dtype != I64 || group.operands[3]->type.dtype != I64 ||
      sizes[2] != 1 || sizes[3] != 4)
    return ScalarKernel::stay("internal: not (y, g, seed [1] i64, counter [4] i64)");
  const int64_t width = y.rank() == 0 ? 1 : y.shape.back(), rows = sizes[0] / width;
  const double eta = op.attrs.get_float("eta", 0.0), amp = ops::ebm_noise_amplitude(op);
  Text& e = k.e;
  const std::string mask = e.int_cst(0xFFFFFFFFLL, I64), c32 = e.int_cst(32, I64);
  const auto lo32 = [&](const std::string& v) { return e.bin("arith.andi", v, mask, I64); };
  const auto hi = [&](const std::string& v) { return e.bin("arith.shrsi", v, c32, I64); };
  e.each("%c0", e.c(width), "%c1", [&](const std::string& j) {
    const std::string i = k.flat("%g", width, j);
    const std::string seed = e.load("%in2", I64, "%c0");
    const std::array<std::string, 2> key = {lo32(seed), lo32(hi(seed))};
    // The counter plus i: sum = ctr[w] + (carry mod 2^32), word = sum mod 2^32, carry =
    // (carry >> 32) + (sum >> 32), from word 0 (least significant).
    std::string carry = e.un("arith.index_cast", i, DType::index, I64);
    philox::Block ctr;
    for (int w = 0; w < 4; ++w) {
      const std::string cw = lo32(e.load("%in3", I64, e.c(w)));
      const std::string sum = e.bin("arith.addi", cw, lo32(carry), I64);
      ctr[size_t(w)] = lo32(sum);
      const std::string ch = hi(carry);  // one emitting argument per call
      carry = e.bin("arith.addi", ch, hi(sum), I64);
    }
    const philox::Block r = philox::block_keyed(e, ctr, key);
    const auto uniform = [&](const std::string& w) {  // (w + 0.5) 2^-32, exact
      const std::string wd = e.un("arith.sitofp", w, I64, kF64);
      const std::string half = k.f(0.5), scale = k.f(0x1p-32);
      return k.mul(k.add(wd, half), scale);
    };
    const std::string u0 = uniform(r[0]), u1 = uniform(r[1]);
    const std::string z = box_muller_f64(e, u0, u1);
    const std::string yv = k.at(0, i);
    const std::string gv = k.at(1, i);
    const std::string v = k.sub(yv, k.mul(k.f(eta), gv));
    k.put(k.add(v, k.mul(k.f(amp), z)), "%g", j);
  });
  ScalarKernel out = k.done(name, sizes, rows, width);
  out.kernel = scalar_text::header(name, {k.t, k.t, I64, I64}, k.t) + e.head.str() + e.k.str() +
               "    return\n  }\n";
  return out;
}

}  // namespace

ScalarKernel plan_ebm(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.results.size() != 1 || group.operands.empty())
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const DType t = group.result(0)->type.dtype;
  if (!lowered_type(t))
    return ScalarKernel::stay(op.name + " of " + dtype_mlir_name(t) +
                              " (f32, f64, f16 and bf16 lower)");
  const std::optional<std::vector<int64_t>> sizes = sizes_of(group);
  if (!sizes || !group.result(0)->type.has_static_shape())
    return ScalarKernel::stay("not a static shape, or an empty operand");
  Kernel k;
  k.t = t;
  k.nin = group.operands.size();
  const std::string& n = op.name;
  if (n == "tessera.guided_denoise_region") return plan_guided(k, group, op, name, *sizes);
  if (n == "tessera.ebm.energy_quadratic") return plan_energy(k, group, name, *sizes);
  if (n == "tessera.ebm.decode_init") return plan_decode_init(k, group, op, name, *sizes);
  if (n == "tessera.ebm.self_verify") return plan_self_verify(k, group, op, name, *sizes);
  if (n == "tessera.ebm.partition_exact") return plan_partition(k, group, op, name, *sizes);
  if (n == "tessera.ebm.langevin_step_philox") return plan_philox_step(k, group, op, name, *sizes);
  if (n == "tessera.ebm.inner_step" || n == "tessera.ebm.langevin_step" ||
      n == "tessera.ebm.refinement" || n == "tessera.ebm.bivector_langevin_step" ||
      n == "tessera.ebm.sphere_langevin_step")
    return plan_step(k, group, op, name, *sizes);
  return ScalarKernel::stay("no Tile IR lowering for " + n);
}

}  // namespace tessera::transforms
