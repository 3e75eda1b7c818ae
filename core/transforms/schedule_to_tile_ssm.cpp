// tessera.selective_ssm and tessera.depth_attn as scalar kernels (docs/ops/schedule/lowering.md,
// "Recurrent attention"): the Graph IR kernels' loops in their order
// (interp/graph/kernels_attnstate_ssm.cpp, kernels_attnstate_depth.cpp) on f32 scalars, each
// std::fma an exact fma composed of f64 ops (fma_f32 of schedule_to_tile_fma.h), exp the spec's
// expf (tile.exp), sqrt tile.sqrt (the correctly rounded root, as std::sqrt of a float).
#include <cmath>

#include "core/ops/selective_ssm.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using namespace scalar_text;

constexpr DType kF = DType::f32;

// Why the f32 scalar kernel of `what` stays for these operands, or "" when it lowers: every
// operand of one type computed in f32 (f32, or bf16/f16 that the executor widens), static.
std::string f32_only(const std::string& what, const ir::Op& group, const ir::Op& op) {
  const DType t = group.operands[0]->type.dtype;
  if (t == DType::f64)
    return "f64 " + what + " needs an f64 fma, which no Tile IR op or exact composition of them " +
           "gives";
  if (!computed_in_f32(t)) return what + " of " + ty(t);
  if (t != kF && op.attrs.get("numeric_policy"))  // it would round the result at storage
    return what + " of " + ty(t) + " with a numeric policy";
  for (const ir::Value* v : group.operands)
    if (!v->type.has_static_shape() || v->type.dtype != t)
      return "not one element type and a static shape";
  return "";
}

}  // namespace

ScalarKernel plan_selective_ssm(const ir::Op& group, const ir::Op& op, const std::string& name) {
  std::string err;
  const auto where = ops::read_ssm_operands(op, err);
  if (!where) return ScalarKernel::stay(err);
  const ir::Type& x = group.operands[0]->type;
  if (std::string why = f32_only("selective_ssm", group, op); !why.empty())
    return ScalarKernel::stay(why);
  const DType st = x.dtype;
  const int64_t nb = x.shape[0], ns = x.shape[1], nd = x.shape[2];
  const int64_t nn = group.operands[2]->type.shape[2];
  const bool a_full = group.operands[1]->type.rank() == 2;
  int64_t rows = 0, lanes = 0;  // rows = B * S (result [B * S, D]), lanes = B * D (the groups)
  if (__builtin_mul_overflow(nb, ns, &rows) || __builtin_mul_overflow(nb, nd, &lanes))
    return ScalarKernel::stay("too many elements");
  if (rows == 0 || nd == 0 || nn == 0) return ScalarKernel::stay("an empty tensor");
  if (nn > kMaxLocalElements)
    return ScalarKernel::stay("a state of " + std::to_string(nn) +
                              " elements, more than a tile's local buffer holds (" +
                              std::to_string(kMaxLocalElements) + ")");
  Text k;
  k.k << header(name, std::vector<DType>(group.operands.size(), st), st);
  const std::string cd = k.icst(nd), cn = k.icst(nn), cs = k.icst(ns);
  const std::string b = k.idx("arith.divsi", "%g", cd), d = k.idx("arith.remsi", "%g", cd);
  const std::string zero = k.fcst(0.0, kF);
  const Text::Local h = k.alloc(nn, kF);
  const std::string h0 = k.idx("arith.muli", "%g", cn);  // init[b, d, :] (g = b * D + d)
  k.each("%c0", cn, "%c1", [&](const std::string& n) {
    const std::string init = where->init >= 0 ? k.load_as("%in" + std::to_string(where->init), st,
                                                          kF, k.idx("arith.addi", h0, n))
                                              : zero;
    k.store_local(init, h, n);
  });
  const std::string bs = k.idx("arith.muli", b, cs), ad = k.idx("arith.muli", d, cn);
  k.each("%c0", cs, "%c1", [&](const std::string& t) {
    const std::string row = k.idx("arith.addi", bs, t);  // b * S + t
    const std::string xi = k.idx("arith.addi", k.idx("arith.muli", row, cd), d);
    const std::string delta = k.load_as("%in4", st, kF, xi), xv = k.load_as("%in0", st, kF, xi);
    const std::string bt = k.idx("arith.muli", row, cn);
    const std::string acc =
        k.fold("%c0", cn, "%c1", zero, kF, [&](const std::string& n, const std::string& a) {
          const std::string av = k.load_as("%in1", st, kF, a_full ? k.idx("arith.addi", ad, n) : d);
          const std::string abar = k.un("tile.exp", k.bin("arith.mulf", delta, av, kF), kF, kF);
          const std::string at = k.idx("arith.addi", bt, n);
          const std::string db = k.bin("arith.mulf", delta, k.load_as("%in2", st, kF, at), kF);
          const std::string u = k.bin("arith.mulf", db, xv, kF);
          const std::string hn = fma_f32(k, abar, k.load_local(h, n), u);
          k.store_local(hn, h, n);
          return fma_f32(k, k.load_as("%in3", st, kF, at), hn, a);
        });
    const std::string y =
        where->gate >= 0 ? k.bin("arith.mulf", acc,
                                 k.load_as("%in" + std::to_string(where->gate), st, kF, xi), kF)
                         : acc;
    k.store_as(y, kF, st, row, d);
  });
  k.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = k.k.str();
  s.grid = {lanes};
  for (const ir::Value* v : group.operands) s.flat.push_back(*v->type.num_elements());
  s.out_2d = {rows, nd};
  return s;
}

ScalarKernel plan_depth_attn(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const ir::Type& q = group.operands[0]->type;
  const ir::Type& src = group.operands[1]->type;
  if (std::string why = f32_only("depth_attn", group, op); !why.empty())
    return ScalarKernel::stay(why);
  const DType st = q.dtype;
  const int64_t m = src.shape[0], d = src.shape.back();
  const std::optional<int64_t> sn = src.num_elements(), qn = q.num_elements();
  if (!sn || !qn) return ScalarKernel::stay("too many elements");
  if (m == 0 || d == 0 || *sn == 0) return ScalarKernel::stay("an empty tensor");
  if (m > kMaxLocalElements)
    return ScalarKernel::stay("a stack of " + std::to_string(m) +
                              " sources, more than a tile's local buffer holds (" +
                              std::to_string(kMaxLocalElements) + ")");
  const int64_t positions = *sn / (m * d);
  // T(d) and T(eps): the kernel's roundings of the count and of the f64 attribute to f32.
  const float count = static_cast<float>(d);
  const float eps = static_cast<float>(op.attrs.get_float("eps", 1e-6));
  Text k;
  k.k << header(name, {st, st}, st);
  const std::string cm = k.icst(m), cdim = k.icst(d), stride = k.icst(positions * d);
  const std::string zero = k.fcst(0.0, kF), cnt = k.fcst(count, kF), ce = k.fcst(eps, kF);
  const std::string base = k.idx("arith.muli", "%g", cdim);  // p * d
  const Text::Local w = k.alloc(m, kF);
  auto row_at = [&](const std::string& s) {
    return k.idx("arith.addi", k.idx("arith.muli", s, stride), base);
  };
  // Logits q . (v / rms) as dot / rms, and the running std::max from -Inf (NaN skipped).
  const std::string mx = k.fold(
      "%c0", cm, "%c1", k.fcst(-HUGE_VAL, kF), kF, [&](const std::string& s, const std::string& a) {
        const std::string row = row_at(s);
        const std::string sq =
            k.fold("%c0", cdim, "%c1", zero, kF, [&](const std::string& j, const std::string& c) {
              const std::string vj = k.load_as("%in1", st, kF, k.idx("arith.addi", row, j));
              return fma_f32(k, vj, vj, c);
            });
        const std::string dot =
            k.fold("%c0", cdim, "%c1", zero, kF, [&](const std::string& j, const std::string& c) {
              const std::string qj = k.load_as("%in0", st, kF, j);
              return fma_f32(k, qj, k.load_as("%in1", st, kF, k.idx("arith.addi", row, j)), c);
            });
        const std::string ms = k.bin("arith.addf", k.bin("arith.divf", sq, cnt, kF), ce, kF);
        const std::string wl = k.bin("arith.divf", dot, k.un("tile.sqrt", ms, kF, kF), kF);
        k.store_local(wl, w, s);
        return k.std_max(a, wl, kF);
      });
  const std::string l = k.exp_shift_sum(w, cm, mx);
  k.each("%c0", cdim, "%c1", [&](const std::string& j) {
    const std::string acc =
        k.fold("%c0", cm, "%c1", zero, kF, [&](const std::string& s, const std::string& a) {
          const std::string ws = k.load_local(w, s);
          return fma_f32(k, ws, k.load_as("%in1", st, kF, k.idx("arith.addi", row_at(s), j)), a);
        });
    k.store_as(k.bin("arith.divf", acc, l, kF), kF, st, "%g", j);
  });
  k.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = k.k.str();
  s.grid = {positions};
  s.flat = {*qn, *sn};
  s.out_2d = {positions, d};
  return s;
}

}  // namespace tessera::transforms
