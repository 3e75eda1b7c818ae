// tessera.spec_accept and tessera.spec_accept_sample as scalar kernels
// (docs/ops/schedule/lowering.md, "Mixture of experts, speculative decoding"): the greedy
// longest-prefix acceptance and the rejection sampling with CDF inversion of
// interp/graph/kernels_spec_accept.cpp (the uniforms are operands; f64 arithmetic on the exactly
// widened inputs), one group; spec_accept_tree_sample likewise, its u <= exp(t - d) with the
// spec's exp64 (schedule_to_tile_exp64.h).
#include "core/transforms/schedule_to_tile_models.h"

#include <functional>
#include <utility>

#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

using namespace scalar_text;

namespace {

/// The longest run of leading accepts over P paths of D positions, the first path on ties (the
/// Graph IR kernels' `len > best_len`): path p's length is a fold over the columns i that
/// extends it while len == i and `accept(p, i)` (an i1) holds; key = (len + 1) P + (P - 1 - p),
/// the largest wins (the initial key 0 is below every path's). Returns {best path, its length}
/// as index values.
std::pair<std::string, std::string> longest_prefix(
    Text& t, int64_t paths, int64_t depth,
    const std::function<std::string(const std::string&, const std::string&)>& accept) {
  const std::string pc = t.icst(paths), dc = t.icst(depth);
  const std::string key = t.fold(
      "%c0", pc, "%c1", "%c0", DType::index, [&](const std::string& p, const std::string& k) {
        const std::string len = t.fold(
            "%c0", dc, "%c1", "%c0", DType::index, [&](const std::string& i, const std::string& l) {
              const std::string ok = accept(p, i);
              const std::string r = t.logic("arith.andi", ok, t.cmp(l, i, "eq", DType::index));
              return t.select(r, t.idx("arith.addi", i, "%c1"), l, DType::index);
            });
        const std::string rev = t.idx("arith.subi", t.idx("arith.subi", pc, "%c1"), p);
        const std::string nk =
            t.idx("arith.addi", t.idx("arith.muli", t.idx("arith.addi", len, "%c1"), pc), rev);
        return t.select(t.cmp(nk, k, "sgt", DType::index), nk, k, DType::index);
      });
  const std::string best_path =
      t.idx("arith.subi", t.idx("arith.subi", pc, "%c1"), t.idx("arith.remsi", key, pc));
  const std::string best_len = t.idx("arith.subi", t.idx("arith.divsi", key, pc), "%c1");
  return {best_path, best_len};
}

}  // namespace

ScalarKernel plan_spec_accept(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 2) return ScalarKernel::stay("without two operands");
  const ir::Type &d = group.operands[0]->type, &tg = group.operands[1]->type;
  if (!d.has_static_shape() || !tg.has_static_shape() || d.rank() != 2 || tg.rank() != 2 ||
      d.dtype != DType::i32 || tg.dtype != DType::i32)
    return ScalarKernel::stay("not a static shape");
  const int64_t paths = d.shape[0], depth = d.shape[1];
  // spec_accept_c1: P >= 1 (the Graph IR kernel fails on P = 0 at run time).
  if (paths == 0) return ScalarKernel::stay("no paths (spec_accept_c1 fails at run time)");
  Text t;
  t.k << header(name, {DType::i32, DType::i32}, DType::i32);
  const std::string dc = t.icst(depth), tw = t.icst(depth + 1);
  // Column i of path p matches when draft[p, i] == target[p, i].
  const auto [best_path, best_len] =
      longest_prefix(t, paths, depth, [&](const std::string& p, const std::string& i) {
        const std::string drow = t.idx("arith.muli", p, dc), trow = t.idx("arith.muli", p, tw);
        const std::string dv = t.load("%in0", DType::i32, t.idx("arith.addi", drow, i));
        const std::string tv = t.load("%in1", DType::i32, t.idx("arith.addi", trow, i));
        return t.cmp(dv, tv, "eq", DType::i32);
      });
  const std::string tok =
      t.load("%in1", DType::i32, t.idx("arith.addi", t.idx("arith.muli", best_path, tw), best_len));
  t.store(t.un("arith.index_cast", best_path, DType::index, DType::i32), DType::i32, "%c0", "%c0");
  t.store(t.un("arith.index_cast", best_len, DType::index, DType::i32), DType::i32, "%c0", "%c1");
  t.store(tok, DType::i32, "%c0", t.icst(2));
  t.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = t.k.str();
  s.grid = {1};
  s.flat = {paths * depth, paths * (depth + 1)};
  s.out_2d = {1, 3};
  return s;
}

ScalarKernel plan_spec_accept_tree_sample(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 3) return ScalarKernel::stay("without three operands");
  const ir::Type& tp = group.operands[0]->type;
  const DType ft = tp.dtype;
  std::vector<int64_t> sizes;
  for (const ir::Value* v : group.operands) {
    const std::optional<int64_t> c = v->type.num_elements();
    if (!v->type.has_static_shape() || !c || v->type.rank() != 2 || v->type.shape != tp.shape)
      return ScalarKernel::stay("not three [P, D] operands of a static shape");
    if (v->type.dtype != ft) return ScalarKernel::stay("operands of several types");
    sizes.push_back(*c);
  }
  if (!(ft == DType::f32 || ft == DType::f64 || dtype_is_low_precision_float(ft)))
    return ScalarKernel::stay("not float operands");
  const int64_t paths = tp.shape[0], depth = tp.shape[1];
  // spec_accept_tree_sample_c1: P >= 1 (the Graph IR kernel fails on P = 0 at run time).
  if (paths == 0) return ScalarKernel::stay("no paths (spec_accept_tree_sample_c1)");
  int64_t keys = 0;
  if (__builtin_mul_overflow(depth + 1, paths, &keys)) return ScalarKernel::stay("too many paths");
  constexpr DType D = DType::f64;
  Text t;
  TextEmit em{t};
  t.k << header(name, {ft, ft, ft}, DType::i32);
  const std::string dc = t.icst(depth);
  // Column i of path p is accepted when u <= exp64(t - d) in f64 on the exactly widened values
  // (an unordered compare is false: a NaN stops, as the kernel's break).
  const auto [best_path, best_len] =
      longest_prefix(t, paths, depth, [&](const std::string& p, const std::string& i) {
        const std::string at = t.idx("arith.addi", t.idx("arith.muli", p, dc), i);
        const std::string tv = t.convert(t.load("%in0", ft, at), ft, D);
        const std::string dv = t.convert(t.load("%in1", ft, at), ft, D);
        const std::string uv = t.convert(t.load("%in2", ft, at), ft, D);
        const std::string e = exp64_emit(t.bin("arith.subf", tv, dv, D), em);
        return t.cmp(uv, e, "ole", D);
      });
  t.store(t.un("arith.index_cast", best_path, DType::index, DType::i32), DType::i32, "%c0", "%c0");
  t.store(t.un("arith.index_cast", best_len, DType::index, DType::i32), DType::i32, "%c0", "%c1");
  t.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = t.k.str();
  s.grid = {1};
  s.flat = sizes;
  s.out_2d = {1, 2};
  return s;
}

ScalarKernel plan_spec_accept_sample(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 5) return ScalarKernel::stay("without five operands");
  const ir::Type &d = group.operands[0]->type, &tp = group.operands[1]->type;
  const DType ft = tp.dtype;
  std::vector<int64_t> sizes;
  for (const ir::Value* v : group.operands) {
    const std::optional<int64_t> c = v->type.num_elements();
    if (!v->type.has_static_shape() || !c) return ScalarKernel::stay("not a static shape");
    if (v != group.operands[0] && v->type.dtype != ft)
      return ScalarKernel::stay("probabilities of several types");
    sizes.push_back(*c);
  }
  if (d.dtype != DType::i32 || tp.rank() != 2 ||
      !(ft == DType::f32 || ft == DType::f64 || dtype_is_low_precision_float(ft)))
    return ScalarKernel::stay("not i32 tokens with float probabilities");
  const int64_t depth = d.shape[0], vocab = tp.shape[1];
  // spec_accept_sample_c2: V >= 1 (the Graph IR kernel fails on V = 0 at run time).
  if (vocab == 0) return ScalarKernel::stay("an empty vocabulary (spec_accept_sample_c2)");
  constexpr DType D = DType::f64;
  Text t;
  t.k << header(name, {DType::i32, ft, ft, ft, ft}, DType::i32);
  const std::string dc = t.icst(depth), vc = t.icst(vocab), zero = t.fcst(0.0, D);
  auto f64_at = [&](const char* mem, const std::string& at) {
    return t.convert(t.load(mem, ft, at), ft, D);
  };
  // rej: the first rejected position (D: all accepted). While still accepting, a token outside
  // [0, V) reads draft_probs from its end, which stops the run (spec_accept_sample_c7); tokens
  // after the rejection are not examined. Accept: pd > 0 and u pd <= pt; reject is its negation
  // with unordered compares (a NaN rejects, as the kernel's false `if`).
  const std::string rej =
      t.fold("%c0", dc, "%c1", dc, DType::index, [&](const std::string& i, const std::string& r) {
        const std::string still = t.cmp(r, dc, "eq", DType::index);
        const std::string tok =
            t.un("arith.index_cast", t.load("%in0", DType::i32, i), DType::i32, DType::index);
        const std::string bad = t.logic("arith.ori", t.cmp(tok, "%c0", "slt", DType::index),
                                        t.cmp(tok, vc, "sge", DType::index));
        const std::string at = t.idx("arith.addi", t.idx("arith.muli", i, vc), tok);
        const std::string pd_at = t.select(bad, t.icst(sizes[2]), at, DType::index);
        const std::string pd = f64_at("%in2", t.select(still, pd_at, "%c0", DType::index));
        const std::string pt = f64_at("%in1", t.select(bad, "%c0", at, DType::index));
        const std::string up = t.bin("arith.mulf", f64_at("%in3", i), pd, D);
        const std::string no =
            t.logic("arith.ori", t.cmp(pd, zero, "ule", D), t.cmp(up, pt, "ugt", D));
        return t.select(t.logic("arith.andi", still, no), i, r, DType::index);
      });
  // The result row: the accepted tokens after the count, zeros elsewhere.
  const std::string cols = t.icst(depth + 2), c = t.fresh(), ind = t.ind;
  t.k << t.ind << "\"scf.for\"(%c0, " << cols << ", %c1) ({\n"
      << t.ind << "^bb0(" << c << ": index):\n";
  t.ind += "  ";
  const std::string cm1 = t.idx("arith.subi", c, "%c1");
  const std::string in = t.logic("arith.andi", t.cmp(c, "%c1", "sge", DType::index),
                                 t.cmp(cm1, rej, "slt", DType::index));
  const std::string dv = t.load("%in0", DType::i32, t.select(in, cm1, "%c0", DType::index));
  t.store(t.select(in, dv, t.un("arith.index_cast", "%c0", DType::index, DType::i32), DType::i32),
          DType::i32, "%c0", c);
  t.k << t.ind << "\"scf.yield\"() : () -> ()\n";
  t.ind = ind;
  t.k << t.ind << "}) : (index, index, index) -> ()\n";
  // The weights of row rej: max(target - draft, 0) (a NaN or -0 gives +0), or target's extra
  // row when all were accepted.
  const std::string bonus = t.cmp(rej, dc, "eq", DType::index);
  const std::string row = t.idx("arith.muli", rej, vc);
  auto weight = [&](const std::string& k) {
    const std::string at = t.idx("arith.addi", row, k);
    const std::string tv = f64_at("%in1", at);
    const std::string r =
        t.bin("arith.subf", tv, f64_at("%in2", t.select(bonus, "%c0", at, DType::index)), D);
    const std::string res = t.select(t.cmp(r, zero, "ogt", D), r, zero, D);
    return t.select(bonus, tv, res, D);
  };
  // cdf_invert: S the sequential sum from 0; S > 0: the first k whose prefix sum exceeds u S
  // (each prefix recomputed in the same order: V^2 steps), V - 1 when none does; else the first
  // largest weight.
  const std::string sum =
      t.fold("%c0", vc, "%c1", zero, D, [&](const std::string& k, const std::string& a) {
        return t.bin("arith.addf", a, weight(k), D);
      });
  const std::string target = t.bin("arith.mulf", f64_at("%in4", "%c0"), sum, D);
  const std::string first =
      t.fold("%c0", vc, "%c1", vc, DType::index, [&](const std::string& k, const std::string& f) {
        const std::string cum = t.fold("%c0", t.idx("arith.addi", k, "%c1"), "%c1", zero, D,
                                       [&](const std::string& q, const std::string& a) {
                                         return t.bin("arith.addf", a, weight(q), D);
                                       });
        const std::string hit =
            t.logic("arith.andi", t.cmp(f, vc, "eq", DType::index), t.cmp(cum, target, "ogt", D));
        return t.select(hit, k, f, DType::index);
      });
  const std::string last = t.icst(vocab - 1);
  const std::string inv = t.select(t.cmp(first, vc, "eq", DType::index), last, first, DType::index);
  const std::string best = t.fold(
      "%c1", vc, "%c1", "%c0", DType::index, [&](const std::string& k, const std::string& b) {
        return t.select(t.cmp(weight(k), weight(b), "ogt", D), k, b, DType::index);
      });
  const std::string tok = t.select(t.cmp(sum, zero, "ogt", D), inv, best, DType::index);
  t.store(t.un("arith.index_cast", tok, DType::index, DType::i32), DType::i32, "%c0",
          t.idx("arith.addi", rej, "%c1"));
  t.store(t.un("arith.index_cast", rej, DType::index, DType::i32), DType::i32, "%c0", "%c0");
  t.k << "    return\n  }\n";
  ScalarKernel r;
  r.kernel = t.k.str();
  r.grid = {1};
  r.flat = sizes;
  r.out_2d = {1, depth + 2};
  return r;
}

ScalarKernel plan_target_verify(const ir::Op& group, const ir::Op& op, const std::string& name) {
  // softmax of the logits (operand 1) along the last axis, in the order of the row kernel and of
  // softmax_rows_reference: m the IEEE maximum chain from x[0], s = exp(x[0] - m) + ... in index
  // order (the spec's expf: tile.exp), y = exp(x[j] - m) / s; the tokens are not read.
  if (group.operands.size() != 2) return ScalarKernel::stay("without two operands");
  const ir::Type& x = group.operands[1]->type;
  const int64_t axis = op.attrs.get_int("axis", -1);
  if (x.dtype != DType::f32 || !x.has_static_shape() || x.rank() < 1 ||
      (axis != -1 && axis != x.rank() - 1))
    return ScalarKernel::stay("not f32 logits of static shape normalized along the last axis");
  const std::optional<int64_t> tn = group.operands[0]->type.num_elements(), xn = x.num_elements();
  if (!tn || !xn || !group.operands[0]->type.has_static_shape())
    return ScalarKernel::stay("not a static shape");
  const int64_t v = x.shape.back();
  if (*xn == 0 || v == 0) return ScalarKernel::stay("an empty tensor");
  constexpr DType F = DType::f32;
  Text t;
  t.k << header(name, {group.operands[0]->type.dtype, F}, F);
  const std::string base = t.idx("arith.muli", "%g", t.icst(v)), vc = t.icst(v);
  auto at = [&](const std::string& j) { return t.load("%in1", F, t.idx("arith.addi", base, j)); };
  const std::string m =
      t.fold("%c1", vc, "%c1", at("%c0"), F, [&](const std::string& j, const std::string& a) {
        return t.bin("arith.maximumf", a, at(j), F);
      });
  auto ex = [&](const std::string& j) {
    return t.un("tile.exp", t.bin("arith.subf", at(j), m, F), F, F);
  };
  const std::string s = t.fold(
      "%c1", vc, "%c1", ex("%c0"), F,
      [&](const std::string& j, const std::string& a) { return t.bin("arith.addf", a, ex(j), F); });
  const std::string j = t.fresh(), ind = t.ind;
  t.k << t.ind << "\"scf.for\"(%c0, " << vc << ", %c1) ({\n"
      << t.ind << "^bb0(" << j << ": index):\n";
  t.ind += "  ";
  t.store(t.bin("arith.divf", ex(j), s, F), F, "%g", j);
  t.k << t.ind << "\"scf.yield\"() : () -> ()\n";
  t.ind = ind;
  t.k << t.ind << "}) : (index, index, index) -> ()\n    return\n  }\n";
  ScalarKernel r;
  r.kernel = t.k.str();
  r.grid = {*xn / v};
  r.flat = {*tn, *xn};
  r.out_2d = {*xn / v, v};
  return r;
}

}  // namespace tessera::transforms
