// The softmax-statistics ops as scalar kernels (docs/ops/schedule/lowering.md, "Attention"):
// attn_with_stats, softmax_merge, softmax_finalize and attn.lse_accumulate (its log: the spec's
// log64, schedule_to_tile_exp64.h), one group per row in the Graph IR
// kernels' order (interp/graph/kernels_softmax_stats.cpp, docs/ops/graph/softmax-stats.md).
// Operands and results bind in their own shapes (attn_with_stats and softmax_merge have three
// results); a row's leading indices come from the group id.
#include <cmath>
#include <optional>
#include <vector>

#include "core/transforms/schedule_to_tile_attn.h"
#include "core/transforms/schedule_to_tile_attn_impl.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using namespace scalar_text;  // Text, ty
using attn_text::kMaxLocal;

constexpr DType f = DType::f32;

std::string memref(const std::vector<int64_t>& shape, DType t) {
  std::string m = "memref<";
  for (int64_t e : shape) m += std::to_string(e) + "x";
  return m + ty(t) + ">";
}

// The signature: operands %in0.., results %out0.., each a memref of its own shape.
void signature(Text& x, const std::string& name, const ir::Op& group) {
  x.k << "  func.func @" << name << "(";
  for (size_t i = 0; i < group.operands.size(); ++i)
    x.k << "%in" << i << ": "
        << memref(group.operands[i]->type.shape, group.operands[i]->type.dtype) << ", ";
  for (size_t i = 0; i < group.results.size(); ++i)
    x.k << (i ? ", " : "") << "%out" << i << ": "
        << memref(group.results[i]->type.shape, group.results[i]->type.dtype);
  x.k << ") {\n"
      << "    %g = tile.group_id {dim = 0} : index\n"
      << "    %c0 = arith.constant {value = 0 : index} : index\n"
      << "    %c1 = arith.constant {value = 1 : index} : index\n";
}

// "i0, i1, ..." of row %g in a row-major [dims...] grid (remsi/divsi, innermost first).
std::string row_indices(Text& x, const std::vector<int64_t>& dims) {
  std::vector<std::string> at(dims.size());
  std::string q = "%g";
  for (size_t d = dims.size(); d-- > 0;) {
    const std::string n = x.icst(dims[d]);
    at[d] = x.idx("arith.remsi", q, n);
    if (d > 0) q = x.idx("arith.divsi", q, n);
  }
  std::string s;
  for (const std::string& a : at) s += (s.empty() ? "" : ", ") + a;
  return s;
}

// Operand or result `v` (%in<i> / %out<i>) at "indices", widened to f32 / stored from f32.
struct Access {
  Text& x;
  const ir::Op& group;
  std::string load(size_t i, const std::string& at) {
    const ir::Type& t = group.operands[i]->type;
    const std::string r = x.load_at("%in" + std::to_string(i), memref(t.shape, t.dtype), t.dtype,
                                    at, static_cast<int>(t.rank()));
    return x.convert(r, t.dtype, f);
  }
  void store(size_t i, const std::string& v, const std::string& at) {
    const ir::Type& t = group.results[i]->type;
    x.store_at(x.convert(v, f, t.dtype), t.dtype, "%out" + std::to_string(i),
               memref(t.shape, t.dtype), at, static_cast<int>(t.rank()));
  }
};

// Why the group of a softmax-statistics op stays ("" when it lowers): f32, bf16 or f16
// operands and results of static, non-empty shapes (the kernels compute in f32).
std::string stats_reason(const ir::Op& group, const ir::Op& op, size_t nin, size_t nout) {
  if (group.operands.size() != nin || group.results.size() != nout)
    return "internal: the group's operands are not the op's";
  const DType t = group.operands[0]->type.dtype;
  if (t == DType::f64)
    return op.name +
           " of f64: these kernels compute in f32 (attn_with_stats would need an f64 fma, which no "
           "Tile IR op or exact composition of them gives)";
  if (t != DType::f32 && t != DType::bf16 && t != DType::f16) return op.name + " of " + ty(t);
  std::vector<const ir::Value*> all(group.operands.begin(), group.operands.end());
  for (const auto& r : group.results) all.push_back(r.get());
  for (const ir::Value* v : all) {
    const std::optional<int64_t> n = v->type.num_elements();
    if (!v->type.has_static_shape() || v->type.dtype != t) return "operands of other types";
    if (!n || *n == 0) return "an empty tensor or too many elements";
  }
  // numeric_policy: the verifier accepts only f32 softmax and accumulation on f32 operands
  // (attn_with_stats_c4), the kernels' own arithmetic.
  return "";
}

ScalarKernel done(Text& x, std::vector<int64_t> grid) {
  x.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = x.k.str();
  s.grid = std::move(grid);
  return s;
}

}  // namespace

ScalarKernel plan_lse_accumulate(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 3 || group.results.size() != 2)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type& acc = group.operands[0]->type;
  const DType t = acc.dtype;
  if (t != DType::f32 && t != DType::f64) return ScalarKernel::stay("lse_accumulate of " + ty(t));
  std::vector<const ir::Value*> all(group.operands.begin(), group.operands.end());
  for (const auto& r : group.results) all.push_back(r.get());
  for (const ir::Value* v : all) {
    const std::optional<int64_t> n = v->type.num_elements();
    if (!v->type.has_static_shape() || v->type.dtype != t)
      return ScalarKernel::stay("operands of other types");
    if (!n || *n == 0) return ScalarKernel::stay("an empty tensor or too many elements");
    if (v->type.rank() == 0)
      return ScalarKernel::stay("statistics of rank 0 (no Tile IR memref holds them)");
  }
  if (acc.rank() != 2) return ScalarKernel::stay("acc not of rank 2");
  const int64_t tq = acc.shape[0], d = acc.shape[1];
  if (*group.results[1]->type.num_elements() != tq) return ScalarKernel::stay("a scalar lse");
  // Row g: out[g, e] = acc[g, e] / l(g) for e in order; lse[g] = m(g) + T(log64(f64(l(g)))),
  // a statistic of one element read at 0 (kernel_AttnLseAccumulate).
  Text x;
  signature(x, name, group);
  auto stat = [&](size_t i) {
    const ir::Type& st = group.operands[i]->type;
    const std::string at = *st.num_elements() == 1 ? "%c0" : "%g";
    return x.load_at("%in" + std::to_string(i), memref(st.shape, t), t, at, 1);
  };
  const std::string l = stat(2), dc = x.icst(d);
  const std::string am = memref(acc.shape, t);
  x.each("%c0", dc, "%c1", [&](const std::string& e) {
    const std::string v = x.load_at("%in0", am, t, "%g, " + e, 2);
    x.store_at(x.bin("arith.divf", v, l, t), t, "%out0", am, "%g, " + e, 2);
  });
  TextEmit em{x};
  const std::string lg = x.convert(log64_emit(x.convert(l, t, DType::f64), em), DType::f64, t);
  const std::string lse = x.bin("arith.addf", stat(1), lg, t);
  x.store_at(lse, t, "%out1", memref(group.results[1]->type.shape, t), "%g", 1);
  return done(x, {tq});
}

ScalarKernel plan_softmax_stats(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const bool merge = op.name == "tessera.softmax_merge",
             fin = op.name == "tessera.softmax_finalize";
  const size_t nin = merge ? 6 : 2, nout = fin ? 1 : 3;
  if (std::string why = stats_reason(group, op, nin, nout); !why.empty())
    return ScalarKernel::stay(why);
  // o [R..., d] (attn_with_stats: the result o), its rows R... the statistics' shape.
  const ir::Type& o = (fin || merge) ? group.operands[0]->type : group.result(0)->type;
  if (o.rank() < 2)
    return ScalarKernel::stay("statistics of rank 0 (no Tile IR memref holds them)");
  const std::vector<int64_t> lead(o.shape.begin(), o.shape.end() - 1);
  const int64_t d = o.shape.back(), rows = *o.num_elements() / d;
  Text x;
  signature(x, name, group);
  Access a{x, group};
  const std::string at = row_indices(x, lead), dc = x.icst(d);
  auto at_e = [&](const std::string& e) { return at + ", " + e; };
  if (fin) {  // out = o / l, each element divided once
    const std::string l = a.load(1, at);
    x.each("%c0", dc, "%c1", [&](const std::string& e) {
      a.store(0, x.bin("arith.divf", a.load(0, at_e(e)), l, f), at_e(e));
    });
    return done(x, {rows});
  }
  if (merge) {  // m = max(m_a, m_b) (NaN if either is), s = exp(m_x - m), o and l by s_a, s_b
    const std::string m1 = a.load(1, at), m2 = a.load(4, at);
    const std::string n1 = x.cmp_by("une", m1, m1, f), n2 = x.cmp_by("une", m2, m2, f);
    const std::string nan = x.bin("arith.ori", n1, n2, DType::i1);
    const std::string mx = x.select(x.cmp_by("olt", m1, m2, f), m2, m1, f);  // std::max(m1, m2)
    const std::string m = x.select(nan, x.fcst(NAN, f), mx, f);
    const std::string sa = x.un("tile.exp", x.bin("arith.subf", m1, m, f), f, f);
    const std::string sb = x.un("tile.exp", x.bin("arith.subf", m2, m, f), f, f);
    auto mix = [&](size_t i, size_t j, const std::string& w) {
      const std::string pa = x.bin("arith.mulf", sa, a.load(i, w), f);
      const std::string pb = x.bin("arith.mulf", sb, a.load(j, w), f);
      return x.bin("arith.addf", pa, pb, f);
    };
    x.each("%c0", dc, "%c1",
           [&](const std::string& e) { a.store(0, mix(0, 3, at_e(e)), at_e(e)); });
    a.store(1, m, at);
    a.store(2, mix(2, 5, at), at);
    return done(x, {rows});
  }
  // attn_with_stats: query [d], sources [m, P..., d]; position p is row p of the results.
  const int64_t m = group.operands[1]->type.shape[0];
  if (m > kMaxLocal) return ScalarKernel::stay("more than 16384 sources (a local array of logits)");
  if (d > kMaxLocal) return ScalarKernel::stay("rows longer than 16384 elements");
  const float eps = static_cast<float>(op.attrs.get_float("eps", 1e-6));
  const std::string mc = x.icst(m), zero = x.fcst(0.0, f), fd = x.fcst(static_cast<float>(d), f);
  const std::string epsc = x.fcst(eps, f);
  const std::string lm = "memref<" + std::to_string(m) + "xf32, 5>",
                    am = "memref<" + std::to_string(d) + "xf32, 5>";
  x.k << "    %logit = tile.alloc_register : " << lm << "\n"
      << "    %acc = tile.alloc_register : " << am << "\n";
  auto src = [&](const std::string& j, const std::string& e) {
    return a.load(1, j + ", " + at + ", " + e);
  };
  // rms = sqrt(sum(x * x) / d + eps), logit_j = fma chain of q[e] * (x[e] / rms); best by >.
  const std::string best = x.fold(
      "%c0", mc, "%c1", x.fcst(-HUGE_VAL, f), f, [&](const std::string& j, const std::string& bst) {
        const std::string ss =
            x.fold("%c0", dc, "%c1", zero, f, [&](const std::string& e, const std::string& s) {
              const std::string v = src(j, e);
              return x.bin("arith.addf", s, x.bin("arith.mulf", v, v, f), f);
            });
        const std::string mean = x.bin("arith.divf", ss, fd, f);
        const std::string rms = x.un("tile.sqrt", x.bin("arith.addf", mean, epsc, f), f, f);
        const std::string dot =
            x.fold("%c0", dc, "%c1", zero, f, [&](const std::string& e, const std::string& acc) {
              const std::string qe = a.load(0, e);
              const std::string key = x.bin("arith.divf", src(j, e), rms, f);
              return fma_f32(x, qe, key, acc);
            });
        x.store_at(dot, f, "%logit", lm, j);
        return x.select(x.cmp_by("ogt", dot, bst, f), dot, bst, f);
      });
  x.each("%c0", dc, "%c1", [&](const std::string& e) { x.store_at(zero, f, "%acc", am, e); });
  // w_j = exp(logit_j - best); l = sum of w_j in order; o[e] = fma chain of w_j * x_j[e].
  const std::string l =
      x.fold("%c0", mc, "%c1", zero, f, [&](const std::string& j, const std::string& sum) {
        const std::string lg = x.load_at("%logit", lm, f, j);
        const std::string w = x.un("tile.exp", x.bin("arith.subf", lg, best, f), f, f);
        x.each("%c0", dc, "%c1", [&](const std::string& e) {
          const std::string acc = x.load_at("%acc", am, f, e);
          const std::string v = src(j, e);
          x.store_at(fma_f32(x, w, v, acc), f, "%acc", am, e);
        });
        return x.bin("arith.addf", sum, w, f);
      });
  x.each("%c0", dc, "%c1",
         [&](const std::string& e) { a.store(0, x.load_at("%acc", am, f, e), at_e(e)); });
  a.store(1, best, at);
  a.store(2, l, at);
  return done(x, {rows});
}

}  // namespace tessera::transforms
