// Matrix products the tiled GEMM does not hold, as scalar kernels (docs/ops/schedule/lowering.md,
// "Scalar GEMMs"): batched tessera.matmul (broadcast batch dims, transposed operands),
// tessera.grouped_gemm, latent_kv_*, swiglu_fused and the mixture-of-recursions ops (mor_router's
// logits; mor_partition and mor_scatter beside it), f32 accumulators (f64 ones for f64 operands).
// Each output element is the Graph IR kernels' chain acc = +0, acc = fma(a[i, p], b[p, j], acc)
// for p = 0 .. K-1 (interp/graph/kernels_matmul.cpp, kernels_grouped_gemm.cpp), with the exact f32
// FMA of schedule_to_tile_fma.h (f64: tile.fma); one group per output row.
#include "core/transforms/schedule_to_tile_models.h"

#include <bit>
#include <functional>
#include <string_view>
#include <tuple>

#include "core/ops/misc_gemm.h"
#include "core/transforms/schedule_to_tile_activation.h"
#include "core/transforms/schedule_to_tile_emit.h"
#include "core/transforms/schedule_to_tile_erfc.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_index.h"
#include "core/transforms/schedule_to_tile_policy.h"
#include "core/transforms/schedule_to_tile_silu64.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

namespace {

using namespace scalar_text;

// Input element types whose values an f32 accumulator takes exactly (f32, or widened).
bool f32_input(DType t) { return t == DType::f32 || narrow(t); }

// A loaded input as f32 (narrow floats widen exactly).
std::string as_f32(Text& t, const std::string& v, DType from) {
  return t.convert(v, from, DType::f32);
}

// The rows of out [rows, n]: for j in [0, n), the chain over p in [0, k) of
// fma(load_a(p), load_b(p, j), acc) from +0 in `acc_t` (f32, or f64 for an f64 matmul), through
// `finish` when given, rounded once to `out` (arith.truncf: a narrow float result, the Graph IR
// kernel's conversion).
void dot_rows(
    Text& t, int64_t n, int64_t k, DType out,
    const std::function<std::string(const std::string&)>& load_a,
    const std::function<std::string(const std::string&, const std::string&)>& load_b,
    const std::function<std::string(const std::string&, const std::string&)>& finish = nullptr,
    DType acc_t = DType::f32) {
  const std::string nn = t.icst(n), kk = t.icst(k);
  t.k << t.ind << "\"scf.for\"(%c0, " << nn << ", %c1) ({\n";
  const std::string j = t.fresh(), ind = t.ind;
  t.k << t.ind << "^bb0(" << j << ": index):\n";
  t.ind += "  ";
  const std::string zero = t.fcst(0.0, acc_t);
  const std::string acc =
      t.fold("%c0", kk, "%c1", zero, acc_t, [&](const std::string& p, const std::string& a) {
        // One emission per statement: C++ leaves the order of a call's arguments open, and the
        // kernel text must not depend on the host compiler (b first: the order g++ gave).
        const std::string bv = load_b(p, j);
        const std::string av = load_a(p);
        return fma_of(t, av, bv, a, acc_t);
      });
  t.store(t.convert(finish ? finish(acc, j) : acc, acc_t, out), out, "%g", j);
  t.k << t.ind << "\"scf.yield\"() : () -> ()\n";
  t.ind = ind;
  t.k << t.ind << "}) : (index, index, index) -> ()\n";
}

// Row %g of %in0 ([rows, k], row-major) times %in1 ([k, n]) into row %g of the result, through
// `finish` when given; f32 accumulators, or f64 ones (tile.fma) when `a` is f64.
void row_times_matrix(
    Text& t, int64_t k, int64_t n, DType a, DType b, DType out,
    const std::function<std::string(const std::string&, const std::string&)>& finish = nullptr) {
  const DType acc = a == DType::f64 ? DType::f64 : DType::f32;
  const std::string arow = t.idx("arith.muli", "%g", t.icst(k)), cn = t.icst(n);
  dot_rows(
      t, n, k, out,
      [&](const std::string& p) {
        return t.convert(t.load("%in0", a, t.idx("arith.addi", arow, p)), a, acc);
      },
      [&](const std::string& p, const std::string& j) {
        const std::string at = t.idx("arith.addi", t.idx("arith.muli", p, cn), j);
        return t.convert(t.load("%in1", b, at), b, acc);
      },
      finish, acc);
}

// The kernel's end: `return`, and its launch geometry.
ScalarKernel finish(Text& t, std::vector<int64_t> grid, std::vector<int64_t> flat,
                    std::vector<int64_t> out_2d) {
  t.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = t.k.str();
  s.grid = std::move(grid);
  s.flat = std::move(flat);
  s.out_2d = std::move(out_2d);
  return s;
}

// Row-major strides of `shape`.
std::vector<int64_t> strides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
  return s;
}

// The f32 steps of activation `op` (schedule_to_tile_activation.cpp) on the scalars `ins`;
// returns the result's name.
std::string activation(Text& t, const char* op, const std::vector<std::string>& ins) {
  ir::Op o;
  o.name = op;
  std::vector<int> in;
  for (size_t i = 0; i < ins.size(); ++i) in.push_back(static_cast<int>(i));
  std::vector<ActivationStep> steps;
  std::vector<uint32_t> bits;
  std::string why;
  const int first = static_cast<int>(ins.size());
  if (!activation_steps(o, in, first, steps, bits, why)) return "";
  std::vector<std::string> name = ins;
  auto of = [&](int v) {
    return v <= kChainConst
               ? t.fcst(std::bit_cast<float>(bits[static_cast<size_t>(kChainConst - v)]),
                        DType::f32)
               : name[static_cast<size_t>(v)];
  };
  for (const ActivationStep& st : steps) {
    std::vector<std::string> a;
    for (int v : st.in) a.push_back(of(v));
    const std::string r = t.fresh();
    t.k << t.ind << r << " = " << st.op << " ";
    for (size_t i = 0; i < a.size(); ++i) t.k << (i ? ", " : "") << a[i];
    if (*st.pred) t.k << " {predicate = \"" << st.pred << "\"}";
    const bool sel = std::string_view(st.op) == "arith.select";
    t.k << " : ("
        << (sel             ? "i1, f32, f32"
            : a.size() == 1 ? "f32"
                            : "f32, f32")
        << ") -> " << (st.i1 ? "i1" : "f32") << "\n";
    name.push_back(r);
  }
  return name.back();
}

}  // namespace

ScalarKernel plan_scalar_matmul(const ir::Op& group, const ir::Op& mm, const std::string& name) {
  const ir::Type &a = group.operands[0]->type, &b = group.operands[1]->type;
  const ir::Type& c = group.result(0)->type;
  // f64: the Graph IR kernel's f64 chain (tile.fma), operands and result all f64.
  const bool f64 = a.dtype == DType::f64 && b.dtype == DType::f64 && c.dtype == DType::f64;
  const DType acc_t = f64 ? DType::f64 : DType::f32;
  if (!f64 &&
      (!f32_input(a.dtype) || !f32_input(b.dtype) || !(c.dtype == DType::f32 || narrow(c.dtype))))
    return ScalarKernel::stay("not a 2-D f32 matmul, nor bf16/f16 with an f32 result");
  if (!a.has_static_shape() || !b.has_static_shape() || !c.has_static_shape() || c.rank() < 2)
    return ScalarKernel::stay("not a static shape");
  const std::optional<int64_t> an = a.num_elements(), bn = b.num_elements(), cn = c.num_elements();
  if (!an || !bn || !cn) return ScalarKernel::stay("too many elements");
  if (*an == 0 || *bn == 0 || *cn == 0) return ScalarKernel::stay("an empty tensor");
  std::optional<num::AccumModel> model;
  if (mm.attrs.get("numeric_policy")) {
    std::string why;
    model = policy_model(mm, a.dtype, b.dtype, c.dtype, why);
    if (!model) return ScalarKernel::stay(why);
  }
  const bool ta = mm.attrs.get_bool("transpose_a", false),
             tb = mm.attrs.get_bool("transpose_b", false);
  const size_t r = c.shape.size();
  const int64_t m = c.shape[r - 2], n = c.shape[r - 1];
  const int64_t k = ta ? a.shape[a.shape.size() - 2] : a.shape.back();
  // A's slice as [m, k] and B's as [k, n] (element strides), each batch at its broadcast offset.
  const int64_t ars = ta ? 1 : k, acs = ta ? m : 1, brs = tb ? 1 : n, bcs = tb ? k : 1;
  const int64_t rows = *cn / n;  // batches x m
  Text t;
  t.k << header(name, {a.dtype, b.dtype}, c.dtype);
  const std::string mc = t.icst(m);
  const std::string i = t.idx("arith.remsi", "%g", mc);
  std::string rest = t.idx("arith.divsi", "%g", mc);  // the batch index, innermost dim first
  std::string aoff = t.icst(0), boff = aoff;
  const std::vector<int64_t> as = strides(a.shape), bs = strides(b.shape);
  for (size_t d = r - 2; d-- > 0;) {
    const std::string size = t.icst(c.shape[d]);
    const std::string od = t.idx("arith.remsi", rest, size);
    rest = t.idx("arith.divsi", rest, size);
    // numpy broadcasting: a's dim aligned from the right; a dim of 1 (or none) adds nothing.
    for (auto [x, xs, off] : {std::tuple{&a, &as, &aoff}, std::tuple{&b, &bs, &boff}}) {
      const size_t back = r - d;  // position from the right
      if (x->shape.size() < back) continue;
      const size_t xd = x->shape.size() - back;
      if (x->shape[xd] == 1) continue;
      *off = t.idx("arith.addi", *off, t.idx("arith.muli", od, t.icst((*xs)[xd])));
    }
  }
  const std::string arow = t.idx("arith.addi", aoff, t.idx("arith.muli", i, t.icst(ars)));
  const std::string cacs = t.icst(acs), cbrs = t.icst(brs), cbcs = t.icst(bcs);
  auto load_a = [&](const std::string& p) {
    const std::string at = t.idx("arith.addi", arow, t.idx("arith.muli", p, cacs));
    return t.convert(t.load("%in0", a.dtype, at), a.dtype, acc_t);
  };
  auto load_b = [&](const std::string& p, const std::string& j) {
    const std::string at =
        t.idx("arith.addi", boff,
              t.idx("arith.addi", t.idx("arith.muli", p, cbrs), t.idx("arith.muli", j, cbcs)));
    return t.convert(t.load("%in1", b.dtype, at), b.dtype, acc_t);
  };
  if (model) {  // the policy's model over each (row, column) pair (schedule_to_tile_policy.cpp)
    t.each("%c0", t.icst(n), "%c1", [&](const std::string& j) {
      const std::string v =
          policy_dot(t, *model, k, load_a, [&](const std::string& p) { return load_b(p, j); });
      t.store(v, c.dtype, "%g", j);
    });
  } else {
    dot_rows(t, n, k, c.dtype, load_a, load_b, nullptr, acc_t);
  }
  return finish(t, {rows}, {*an, *bn}, {rows, n});
}

namespace {

/// Row %g's group among G consecutive groups of run-time sizes (memref `mem` of `sz`): `ok`
/// when every size lies in [0, M - total] and the total is M (`exact`) or at most M, `found`
/// when the row lies in some group, `grp` that group (meaningful when found).
struct RowGroup {
  std::string ok, found, grp;
};

RowGroup row_group(Text& t, const std::string& mem, DType sz, int64_t m, int64_t g, bool exact) {
  const bool u = sz == DType::u8 || sz == DType::u16 || sz == DType::u32 || sz == DType::u64;
  const char* cast = u ? "arith.index_castui" : "arith.index_cast";
  const std::string mc = t.icst(m), gc = t.icst(g), bad = t.icst(m + 1);
  auto size_at = [&](const std::string& e) {
    return t.un(cast, t.load(mem, sz, e), sz, DType::index);
  };
  // A bad size makes the total M + 1 for good.
  const std::string total = t.fold(
      "%c0", gc, "%c1", "%c0", DType::index, [&](const std::string& e, const std::string& tot) {
        const std::string v = size_at(e);
        const std::string room = t.idx("arith.addi", t.idx("arith.subi", mc, tot), "%c1");
        const std::string ok = t.logic("arith.andi", t.cmp(v, "%c0", "sge", DType::index),
                                       t.cmp(v, room, "slt", DType::index));
        return t.select(ok, t.idx("arith.addi", tot, v), bad, DType::index);
      });
  // x = row - (sizes before e) until the row lies in group e, then -(e + 1).
  const std::string at =
      t.fold("%c0", gc, "%c1", "%g", DType::index, [&](const std::string& e, const std::string& x) {
        const std::string v = size_at(e);
        const std::string pos = t.cmp(x, "%c0", "sge", DType::index);
        const std::string found = t.logic("arith.andi", pos, t.cmp(x, v, "slt", DType::index));
        const std::string mark = t.idx("arith.subi", "%c0", t.idx("arith.addi", e, "%c1"));
        return t.select(found, mark, t.select(pos, t.idx("arith.subi", x, v), x, DType::index),
                        DType::index);
      });
  RowGroup r;
  r.ok = t.cmp(total, mc, exact ? "eq" : "sle", DType::index);
  r.found = t.cmp(at, "%c0", "slt", DType::index);
  r.grp = t.idx("arith.subi", t.idx("arith.subi", "%c0", at), "%c1");
  return r;
}

}  // namespace

ScalarKernel plan_grouped_gemm(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 3) return ScalarKernel::stay("without three operands");
  const ir::Type &x = group.operands[0]->type, &w = group.operands[1]->type,
                 &sz = group.operands[2]->type, &y = group.result(0)->type;
  // f32, or f64 (f64 accumulators, tile.fma), as the Graph IR kernel's T.
  const DType ft = x.dtype;
  if ((ft != DType::f32 && ft != DType::f64) || w.dtype != ft || y.dtype != ft)
    return ScalarKernel::stay(std::string("grouped_gemm of ") + dtype_mlir_name(x.dtype));
  if (!index_kernel::index_type(sz.dtype))
    return ScalarKernel::stay(std::string("group sizes of ") + dtype_mlir_name(sz.dtype));
  if (!x.has_static_shape() || !w.has_static_shape() || x.rank() != 2 || w.rank() != 3)
    return ScalarKernel::stay("not a static shape");
  const int64_t m = x.shape[0], k = x.shape[1], g = w.shape[0], n = w.shape[2];
  const std::optional<int64_t> xn = x.num_elements(), wn = w.num_elements();
  if (!xn || !wn || !y.num_elements()) return ScalarKernel::stay("too many elements");
  // Nothing to read from w: no access would check the sizes (c4).
  if (m == 0 || n == 0 || g == 0 || k == 0) return ScalarKernel::stay("an empty tensor");
  Text t;
  t.k << header(name, {ft, ft, sz.dtype}, ft);
  // grouped_gemm_c4: sizes in [0, M - total], adding up to M; otherwise the weights are read
  // from their end on, which stops the run.
  const RowGroup rg = row_group(t, "%in2", sz.dtype, m, g, true);
  const std::string wbase =
      t.select(rg.ok, t.idx("arith.muli", rg.grp, t.icst(k * n)), t.icst(*wn), DType::index);
  const std::string xrow = t.idx("arith.muli", "%g", t.icst(k));
  const std::string cn = t.icst(n);
  dot_rows(
      t, n, k, ft,
      [&](const std::string& p) { return t.load("%in0", ft, t.idx("arith.addi", xrow, p)); },
      [&](const std::string& p, const std::string& j) {
        const std::string r = t.idx("arith.addi", wbase, t.idx("arith.muli", p, cn));
        return t.load("%in1", ft, t.idx("arith.addi", r, j));
      },
      nullptr, ft);
  return finish(t, {m}, {*xn, *wn, g}, {m, n});
}

ScalarKernel plan_latent_kv(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 2) return ScalarKernel::stay("without two operands");
  const ir::Type &a = group.operands[0]->type, &w = group.operands[1]->type,
                 &y = group.result(0)->type;
  // f32 accumulators for inputs up to f32, f64 ones (tile.fma) for f64: the kernel's T.
  if ((!f32_input(a.dtype) && a.dtype != DType::f64) || w.dtype != a.dtype || y.dtype != a.dtype)
    return ScalarKernel::stay(std::string("latent_kv of ") + dtype_mlir_name(a.dtype));
  if (!a.has_static_shape() || !w.has_static_shape() || !y.has_static_shape() || w.rank() != 2)
    return ScalarKernel::stay("not a static shape");
  const int64_t k = w.shape[0], n = w.shape[1];
  const std::optional<int64_t> an = a.num_elements(), wn = w.num_elements(), yn = y.num_elements();
  if (!an || !wn || !yn) return ScalarKernel::stay("too many elements");
  if (*yn == 0 || k == 0) return ScalarKernel::stay("an empty tensor");
  // Each row of a ([..., K] flattened) times w: the matmul chain, rounded once to the result.
  Text t;
  t.k << header(name, {a.dtype, w.dtype}, y.dtype);
  row_times_matrix(t, k, n, a.dtype, w.dtype, y.dtype);
  return finish(t, {*an / k}, {*an, *wn}, {*an / k, n});
}

// silu(gate) * up in the accumulator type: the f32 steps of "Activations", or the spec's f64
// silu_mul (logistic64_emit: g / (1 + exp64(-g)), -0 at -Inf, times up).
std::string silu_mul_in(Text& t, const std::string& gate, const std::string& up, DType acc) {
  if (acc == DType::f32) return activation(t, "tessera.silu_mul", {gate, up});
  TextEmit te{t};
  return logistic64_emit<std::string>("tessera.silu_mul", gate, &up, te);
}

ScalarKernel plan_swiglu_fused(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 4) return ScalarKernel::stay("without four operands");
  const ir::Type& x = group.operands[0]->type;
  const DType e = x.dtype;
  if (!f32_input(e) && e != DType::f64)
    return ScalarKernel::stay(std::string("swiglu_fused of ") + dtype_mlir_name(e));
  std::vector<int64_t> sizes;
  for (const ir::Value* v : group.operands) {
    if (!v->type.has_static_shape() || v->type.rank() != 2 || v->type.dtype != e)
      return ScalarKernel::stay("not a static shape");
    const std::optional<int64_t> c = v->type.num_elements();
    if (!c) return ScalarKernel::stay("too many elements");
    sizes.push_back(*c);
  }
  const int64_t m = x.shape[0], d = x.shape[1], h = group.operands[1]->type.shape[1];
  if (m == 0 || d == 0 || h == 0) return ScalarKernel::stay("an empty tensor");
  // Row i: out[i, j] = the chain over hh of fma(silu(gate[i, hh]) * up[i, hh], w_down[hh, j]),
  // gate and up the chains of x[i, :] with the columns of w_gate and w_up, kept in the compute
  // type (f32, or f64 with tile.fma and the spec's f64 silu: the Graph IR kernel's [M, H]
  // intermediates, recomputed per j: the same values).
  const DType acc = e == DType::f64 ? DType::f64 : DType::f32;
  Text t;
  t.k << header(name, {e, e, e, e}, e);
  const std::string xrow = t.idx("arith.muli", "%g", t.icst(d)), dc = t.icst(d), hc = t.icst(h);
  auto column_dot = [&](const char* w, const std::string& hh) {
    const std::string zero = t.fcst(0.0, acc);
    return t.fold("%c0", dc, "%c1", zero, acc, [&](const std::string& p, const std::string& a) {
      const std::string xv = t.convert(t.load("%in0", e, t.idx("arith.addi", xrow, p)), e, acc);
      const std::string at = t.idx("arith.addi", t.idx("arith.muli", p, hc), hh);
      return fma_of(t, xv, t.convert(t.load(w, e, at), e, acc), a, acc);
    });
  };
  dot_rows(
      t, d, h, e,
      [&](const std::string& hh) {
        const std::string gate = column_dot("%in1", hh), up = column_dot("%in2", hh);
        return silu_mul_in(t, gate, up, acc);
      },
      [&](const std::string& hh, const std::string& j) {
        const std::string at = t.idx("arith.addi", t.idx("arith.muli", hh, dc), j);
        return t.convert(t.load("%in3", e, at), e, acc);
      },
      nullptr, acc);
  return finish(t, {m}, sizes, {m, d});
}

ScalarKernel plan_moe_swiglu(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 5)
    return ScalarKernel::stay("moe_swiglu_block with scales (their products round per weight)");
  const ir::Type& x = group.operands[0]->type;
  const DType sz = group.operands[4]->type.dtype, ft = x.dtype;
  // f32, or f64 (f64 accumulators, tile.fma, the spec's f64 silu), as the Graph IR kernel's T.
  for (size_t i = 0; i < 4; ++i)
    if ((ft != DType::f32 && ft != DType::f64) || group.operands[i]->type.dtype != ft)
      return ScalarKernel::stay(std::string("moe_swiglu_block of ") + dtype_mlir_name(x.dtype));
  if (!index_kernel::index_type(sz))
    return ScalarKernel::stay(std::string("group sizes of ") + dtype_mlir_name(sz));
  const std::optional<std::vector<int64_t>> counts = operand_sizes(group);
  if (!counts) return ScalarKernel::stay("not a static shape");
  const std::vector<int64_t>& sizes = *counts;
  const auto& wd = group.operands[3]->type.shape;
  const int64_t m = x.shape[0], k = x.shape[1], e = wd[0], f = wd[1], n = wd[2];
  // Nothing to read from a weight: no access would check the sizes (moe_swiglu_c8).
  if (m == 0 || k == 0 || e == 0 || f == 0 || n == 0) return ScalarKernel::stay("an empty tensor");
  Text t;
  t.k << header(name, {ft, ft, ft, ft, sz}, ft);
  // moe_swiglu_c8: sizes >= 0 adding up to at most M, else the weights are read from their ends
  // on; a row past the last group (padding) gets +0 (the chain of expert 0, replaced).
  const RowGroup rg = row_group(t, "%in4", sz, m, e, false);
  const std::string expert = t.select(rg.found, rg.grp, "%c0", DType::index);
  const std::string gbase =
      t.select(rg.ok, t.idx("arith.muli", expert, t.icst(k * f)), t.icst(sizes[1]), DType::index);
  const std::string dbase =
      t.select(rg.ok, t.idx("arith.muli", expert, t.icst(f * n)), t.icst(sizes[3]), DType::index);
  const std::string xrow = t.idx("arith.muli", "%g", t.icst(k)), kc = t.icst(k), fc = t.icst(f),
                    nc = t.icst(n), zero = t.fcst(0.0, ft);
  auto column_dot = [&](const char* w, const std::string& hh) {
    return t.fold(
        "%c0", kc, "%c1", t.fcst(0.0, ft), ft, [&](const std::string& p, const std::string& acc) {
          const std::string xv = t.load("%in0", ft, t.idx("arith.addi", xrow, p));
          const std::string at =
              t.idx("arith.addi", t.idx("arith.addi", gbase, t.idx("arith.muli", p, fc)), hh);
          return fma_of(t, xv, t.load(w, ft, at), acc, ft);
        });
  };
  dot_rows(
      t, n, f, ft,
      [&](const std::string& hh) {
        const std::string gate = column_dot("%in1", hh), up = column_dot("%in2", hh);
        return silu_mul_in(t, gate, up, ft);
      },
      [&](const std::string& hh, const std::string& j) {
        const std::string at =
            t.idx("arith.addi", t.idx("arith.addi", dbase, t.idx("arith.muli", hh, nc)), j);
        return t.load("%in3", ft, at);
      },
      [&](const std::string& acc, const std::string&) { return t.select(rg.found, acc, zero, ft); },
      ft);
  return finish(t, {m}, sizes, {m, n});
}

ScalarKernel plan_fused_epilogue(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const int code = ops::fused_epilogue_code(op.attrs.get("epilogue"));
  if (code < 0 || group.operands.size() < 2 || group.operands.size() > 3)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type &a = group.operands[0]->type, &b = group.operands[1]->type,
                 &y = group.result(0)->type;
  const bool bias = group.operands.size() == 3;
  const DType bt = bias ? group.operands[2]->type.dtype : DType::f32;
  if (!f32_input(a.dtype) || !f32_input(b.dtype) || !f32_input(y.dtype) || !f32_input(bt))
    return ScalarKernel::stay(std::string("fused_epilogue of ") + dtype_mlir_name(a.dtype) +
                              " (the f32 FMA chain lowers; f64 has no exact Tile IR fma)");
  const std::optional<std::vector<int64_t>> counts = operand_sizes(group);
  if (!counts) return ScalarKernel::stay("not a static shape");
  const std::vector<int64_t>& sizes = *counts;
  const int64_t m = a.shape[0], k = a.shape[1], n = b.shape[1];
  if (m == 0 || n == 0) return ScalarKernel::stay("an empty tensor");
  // act(acc + bias[j]): one rounded addition, then relu as the Graph IR kernel's
  // `isnan(v) ? v : (v > 0 ? v : 0)` (a select: -0 gives +0, a NaN keeps its bits).
  Text t;
  std::vector<DType> ins = {a.dtype, b.dtype};
  if (bias) ins.push_back(bt);
  t.k << header(name, ins, y.dtype);
  const std::string zero = t.fcst(0.0, DType::f32);
  row_times_matrix(
      t, k, n, a.dtype, b.dtype, y.dtype, [&](const std::string& acc, const std::string& col) {
        std::string v = acc;
        if (bias) v = t.bin("arith.addf", acc, as_f32(t, t.load("%in2", bt, col), bt), DType::f32);
        if (code == 2) {  // tessera.gelu's erf form on the f32 value (gelu_erf)
          TextEmit e{t};
          return gelu_erf_emit(v, e);
        }
        if (code != 1) return v;
        const std::string keep =
            t.logic("arith.ori", t.cmp(v, zero, "ogt", DType::f32), t.cmp(v, v, "une", DType::f32));
        return t.select(keep, v, zero, DType::f32);
      });
  return finish(t, {m}, sizes, {m, n});
}

ScalarKernel plan_dequant_matmul(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const std::optional<std::string_view> fmt =
      ops::dequant_weight_dtype(op.attrs.get("weight_dtype"));
  if (!fmt || group.operands.size() < 2 || group.operands.size() > 3)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const ir::Type &x = group.operands[0]->type, &w = group.operands[1]->type,
                 &y = group.result(0)->type;
  const bool scaled = group.operands.size() == 3;
  const DType st = scaled ? group.operands[2]->type.dtype : DType::f32;
  const bool ints = fmt->starts_with("int");
  if (!f32_input(x.dtype) || !f32_input(y.dtype) || (!f32_input(st) && st != DType::f64) ||
      (ints ? !index_kernel::index_type(w.dtype) : !(f32_input(w.dtype) || w.dtype == DType::f64)))
    return ScalarKernel::stay(std::string("dequant_matmul of ") + dtype_mlir_name(x.dtype) +
                              " (the f32 FMA chain lowers; f64 has no exact Tile IR fma)");
  const std::optional<std::vector<int64_t>> counts = operand_sizes(group);
  if (!counts) return ScalarKernel::stay("not a static shape");
  const std::vector<int64_t>& sizes = *counts;
  const int64_t m = x.shape[0], k = x.shape[1], n = w.shape[1];
  // Every group reads every code (dequant_matmul_c6 checks them all): none when empty.
  if (m == 0 || n == 0 || k == 0) return ScalarKernel::stay("an empty tensor");
  const int64_t group_size = op.attrs.get_int("quant_group_size", k);
  if (group_size < 1) return ScalarKernel::stay("bad quant_group_size");
  Text t;
  std::vector<DType> ins = {x.dtype, w.dtype};
  if (scaled) ins.push_back(st);
  t.k << header(name, ins, y.dtype);
  const std::string xrow = t.idx("arith.muli", "%g", t.icst(k)), cn = t.icst(n),
                    gc = t.icst(group_size);
  const bool int4 = *fmt == "int4";
  const DType f8 = *fmt == "fp8_e4m3" ? DType::f8e4m3 : DType::f8e5m2;
  const std::string wend = t.icst(sizes[1]);
  dot_rows(
      t, n, k, y.dtype,
      [&](const std::string& p) {
        return as_f32(t, t.load("%in0", x.dtype, t.idx("arith.addi", xrow, p)), x.dtype);
      },
      [&](const std::string& p, const std::string& j) {
        const std::string at = t.idx("arith.addi", t.idx("arith.muli", p, cn), j);
        const std::string c = t.load("%in1", w.dtype, at);
        std::string v;
        if (ints) {  // the code's value, checked against [-8, 7] or [-128, 127]
          const bool u = w.dtype == DType::u8 || w.dtype == DType::u16 || w.dtype == DType::u32 ||
                         w.dtype == DType::u64;
          const std::string ci =
              t.un(u ? "arith.index_castui" : "arith.index_cast", c, w.dtype, DType::index);
          const std::string bad =
              t.logic("arith.ori", t.cmp(ci, t.icst(int4 ? -8 : -128), "slt", DType::index),
                      t.cmp(ci, t.icst(int4 ? 7 : 127), "sgt", DType::index));
          // A bad code is read again from past w's end: the run stops there.
          const std::string c2 = t.load("%in1", w.dtype, t.select(bad, wend, at, DType::index));
          const std::string ci2 =
              t.un(u ? "arith.index_castui" : "arith.index_cast", c2, w.dtype, DType::index);
          v = t.un("arith.sitofp", t.un("arith.index_cast", ci2, DType::index, DType::i64),
                   DType::i64, DType::f32);
        } else {  // the code rounded once to the fp8 format, then widened exactly
          const DType wide = w.dtype == DType::f64 ? DType::f64 : DType::f32;
          v = t.un("arith.extf", t.un("arith.truncf", t.convert(c, w.dtype, wide), wide, f8), f8,
                   DType::f32);
        }
        if (!scaled) return v;
        const std::string row = t.idx("arith.muli", t.idx("arith.divsi", p, gc), cn);
        const std::string s = t.load("%in2", st, t.idx("arith.addi", row, j));
        return t.bin("arith.mulf", v, t.convert(s, st, DType::f32), DType::f32);
      });
  return finish(t, {m}, sizes, {m, n});
}

namespace {

// mor_router: depth = 1 + the first j of largest logit x[t, :] . w[:, j] (a strict > over j, so
// the first of equal logits wins and a NaN logit never replaces the best); logits are the f32
// matmul chain, the best one recomputed at each compare (the same bits).
ScalarKernel plan_mor_router(const ir::Op& group, const std::string& name) {
  const ir::Type &x = group.operands[0]->type, &w = group.operands[1]->type;
  if (x.dtype != DType::f32 || w.dtype != DType::f32)
    return ScalarKernel::stay(std::string("mor_router of ") + dtype_mlir_name(x.dtype) +
                              " (the f32 FMA chain lowers; f64 has no exact Tile IR fma)");
  if (!x.has_static_shape() || !w.has_static_shape() || x.rank() != 3 || w.rank() != 2)
    return ScalarKernel::stay("not a static shape");
  const std::optional<int64_t> xn = x.num_elements(), wn = w.num_elements();
  if (!xn || !wn) return ScalarKernel::stay("too many elements");
  const int64_t tokens = x.shape[0] * x.shape[1], d = x.shape[2], n = w.shape[1];
  if (tokens == 0 || n == 0) return ScalarKernel::stay("an empty tensor");
  Text t;
  t.k << header(name, {DType::f32, DType::f32}, DType::i64);
  const std::string xrow = t.idx("arith.muli", "%g", t.icst(d)), dc = t.icst(d), nc = t.icst(n);
  auto logit = [&](const std::string& j) {
    return t.fold("%c0", dc, "%c1", t.fcst(0.0, DType::f32), DType::f32,
                  [&](const std::string& p, const std::string& acc) {
                    const std::string xv = t.load("%in0", DType::f32, t.idx("arith.addi", xrow, p));
                    const std::string at = t.idx("arith.addi", t.idx("arith.muli", p, nc), j);
                    return fma_f32(t, xv, t.load("%in1", DType::f32, at), acc);
                  });
  };
  const std::string best = t.fold(
      "%c1", nc, "%c1", "%c0", DType::index, [&](const std::string& j, const std::string& b) {
        const std::string lj = logit(j), lb = logit(b);
        return t.select(t.cmp(lj, lb, "ogt", DType::f32), j, b, DType::index);
      });
  t.store(t.un("arith.index_cast", t.idx("arith.addi", best, "%c1"), DType::index, DType::i64),
          DType::i64, "%g");
  return finish(t, {tokens}, {*xn, *wn}, {tokens, 1});
}

}  // namespace

ScalarKernel plan_mor(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.name == "tessera.mor_router") {
    if (group.operands.size() != 2) return ScalarKernel::stay("without two operands");
    return plan_mor_router(group, name);
  }
  const bool part = op.name == "tessera.mor_partition";
  if (!part && op.name != "tessera.mor_scatter") return ScalarKernel::stay("no lowering");
  if (group.operands.size() != (part ? 2u : 3u))
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  const std::optional<std::vector<int64_t>> counts = operand_sizes(group);
  if (!counts) return ScalarKernel::stay("not a static shape");
  const std::vector<int64_t>& sizes = *counts;
  const ir::Type& x = group.operands[0]->type;
  if (x.rank() != 3) return ScalarKernel::stay("not a static shape");
  const int64_t tokens = x.shape[0] * x.shape[1], d = x.shape[2];
  if (tokens == 0 || (!part && d == 0)) return ScalarKernel::stay("an empty tensor");
  Text t;
  if (part) {
    // mask = (int64) depth >= step: depths sign- or zero-extended as static_cast<int64_t> does.
    const DType dt = group.operands[1]->type.dtype;
    if (!index_kernel::index_type(dt))
      return ScalarKernel::stay(std::string("depths of ") + dtype_mlir_name(dt));
    const bool u = dt == DType::u8 || dt == DType::u16 || dt == DType::u32 || dt == DType::u64;
    t.k << header(name, {x.dtype, dt}, DType::i1);
    const std::string v = t.un(u ? "arith.index_castui" : "arith.index_cast",
                               t.load("%in1", dt, "%g"), dt, DType::index);
    const std::string step = t.icst(op.attrs.get_int("step", 1));
    t.store(t.cmp(v, step, "sge", DType::index), DType::i1, "%g");
    return finish(t, {tokens}, sizes, {tokens, 1});
  }
  // out[t, :] = mask[t] ? updated[t, :] : full[t, :], element by element (bits as stored).
  const DType e = x.dtype;
  if (!index_kernel::movable(e) || group.operands[1]->type.dtype != e)
    return ScalarKernel::stay(std::string("no scalar register of ") + dtype_mlir_name(e));
  t.k << header(name, {e, e, DType::i1}, e);
  const std::string m = t.load("%in2", DType::i1, "%g"),
                    base = t.idx("arith.muli", "%g", t.icst(d));
  const std::string dc = t.icst(d), c = t.fresh(), ind = t.ind;
  t.k << t.ind << "\"scf.for\"(%c0, " << dc << ", %c1) ({\n"
      << t.ind << "^bb0(" << c << ": index):\n";
  t.ind += "  ";
  const std::string at = t.idx("arith.addi", base, c);
  // scf.if: a select takes no narrow-float scalars, and a load moves any type's bits.
  t.k << t.ind << "\"scf.if\"(" << m << ") ({\n";
  for (const char* src : {"%in1", "%in0"}) {
    t.ind += "  ";
    t.store(t.load(src, e, at), e, "%g", c);
    t.k << t.ind << "\"scf.yield\"() : () -> ()\n";
    t.ind.resize(t.ind.size() - 2);
    t.k << t.ind << (src[3] == '1' ? "}, {\n" : "}) : (i1) -> ()\n");
  }
  t.k << t.ind << "\"scf.yield\"() : () -> ()\n";
  t.ind = ind;
  t.k << t.ind << "}) : (index, index, index) -> ()\n";
  return finish(t, {tokens}, sizes, {tokens, d});
}

}  // namespace tessera::transforms
