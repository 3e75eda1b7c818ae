// Matrix products the tiled GEMM does not hold, as scalar kernels (docs/ops/schedule/lowering.md,
// "Scalar GEMMs"): batched tessera.matmul (broadcast batch dims, transposed operands) and
// tessera.grouped_gemm, f32 accumulators. Each output element is the Graph IR kernels' chain
// acc = +0, acc = fma(a[i, p], b[p, j], acc) for p = 0 .. K-1 (interp/graph/kernels_matmul.cpp,
// kernels_grouped_gemm.cpp), with the exact f32 FMA of schedule_to_tile_fma.h; one group per
// output row.
#include "core/transforms/schedule_to_tile_gemm_scalar.h"

#include <bit>
#include <functional>
#include <string_view>
#include <tuple>

#include "core/transforms/schedule_to_tile_activation.h"
#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_index.h"
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
// fma(load_a(p), load_b(p, j), acc) from +0, rounded once to `out` (arith.truncf: a narrow
// float result, the Graph IR kernel's conversion).
void dot_rows(Text& t, int64_t n, int64_t k, DType out,
              const std::function<std::string(const std::string&)>& load_a,
              const std::function<std::string(const std::string&, const std::string&)>& load_b) {
  const std::string nn = t.icst(n), kk = t.icst(k);
  t.k << t.ind << "\"scf.for\"(%c0, " << nn << ", %c1) ({\n";
  const std::string j = t.fresh(), ind = t.ind;
  t.k << t.ind << "^bb0(" << j << ": index):\n";
  t.ind += "  ";
  const std::string zero = t.fcst(0.0, DType::f32);
  const std::string acc =
      t.fold("%c0", kk, "%c1", zero, DType::f32, [&](const std::string& p, const std::string& a) {
        return fma_f32(t, load_a(p), load_b(p, j), a);
      });
  t.store(t.convert(acc, DType::f32, out), out, "%g", j);
  t.k << t.ind << "\"scf.yield\"() : () -> ()\n";
  t.ind = ind;
  t.k << t.ind << "}) : (index, index, index) -> ()\n";
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
  if (!f32_input(a.dtype) || !f32_input(b.dtype) || !(c.dtype == DType::f32 || narrow(c.dtype)))
    return ScalarKernel::stay("not a 2-D f32 matmul, nor bf16/f16 with an f32 result");
  if (!a.has_static_shape() || !b.has_static_shape() || !c.has_static_shape() || c.rank() < 2)
    return ScalarKernel::stay("not a static shape");
  const std::optional<int64_t> an = a.num_elements(), bn = b.num_elements(), cn = c.num_elements();
  if (!an || !bn || !cn) return ScalarKernel::stay("too many elements");
  if (*an == 0 || *bn == 0 || *cn == 0) return ScalarKernel::stay("an empty tensor");
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
  dot_rows(
      t, n, k, c.dtype,
      [&](const std::string& p) {
        const std::string at = t.idx("arith.addi", arow, t.idx("arith.muli", p, cacs));
        return as_f32(t, t.load("%in0", a.dtype, at), a.dtype);
      },
      [&](const std::string& p, const std::string& j) {
        const std::string at =
            t.idx("arith.addi", boff,
                  t.idx("arith.addi", t.idx("arith.muli", p, cbrs), t.idx("arith.muli", j, cbcs)));
        return as_f32(t, t.load("%in1", b.dtype, at), b.dtype);
      });
  t.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = t.k.str();
  s.grid = {rows};
  s.flat = {*an, *bn};
  s.out_2d = {rows, n};
  return s;
}

ScalarKernel plan_grouped_gemm(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 3) return ScalarKernel::stay("without three operands");
  const ir::Type &x = group.operands[0]->type, &w = group.operands[1]->type,
                 &sz = group.operands[2]->type, &y = group.result(0)->type;
  if (x.dtype != DType::f32 || w.dtype != DType::f32 || y.dtype != DType::f32)
    return ScalarKernel::stay(std::string("grouped_gemm of ") + dtype_mlir_name(x.dtype) +
                              " (the f32 FMA chain lowers; f64 has no exact Tile IR fma)");
  if (!index_kernel::index_type(sz.dtype))
    return ScalarKernel::stay(std::string("group sizes of ") + dtype_mlir_name(sz.dtype));
  if (!x.has_static_shape() || !w.has_static_shape() || x.rank() != 2 || w.rank() != 3)
    return ScalarKernel::stay("not a static shape");
  const int64_t m = x.shape[0], k = x.shape[1], g = w.shape[0], n = w.shape[2];
  const std::optional<int64_t> xn = x.num_elements(), wn = w.num_elements();
  if (!xn || !wn || !y.num_elements()) return ScalarKernel::stay("too many elements");
  // Nothing to read from w: no access would check the sizes (c4).
  if (m == 0 || n == 0 || g == 0 || k == 0) return ScalarKernel::stay("an empty tensor");
  const bool u = sz.dtype == DType::u8 || sz.dtype == DType::u16 || sz.dtype == DType::u32 ||
                 sz.dtype == DType::u64;
  const char* cast = u ? "arith.index_castui" : "arith.index_cast";
  Text t;
  t.k << header(name, {DType::f32, DType::f32, sz.dtype}, DType::f32);
  const std::string mc = t.icst(m), gc = t.icst(g), bad = t.icst(m + 1);
  auto size_at = [&](const std::string& e) {
    return t.un(cast, t.load("%in2", sz.dtype, e), sz.dtype, DType::index);
  };
  auto cmpi = [&](const std::string& a, const std::string& b, const char* pred) {
    std::string r = t.fresh();
    t.k << t.ind << r << " = arith.cmpi " << a << ", " << b << " {predicate = \"" << pred
        << "\"} : (index, index) -> i1\n";
    return r;
  };
  auto sel = [&](const std::string& c, const std::string& a, const std::string& b) {
    std::string r = t.fresh();
    t.k << t.ind << r << " = arith.select " << c << ", " << a << ", " << b
        << " : (i1, index, index) -> index\n";
    return r;
  };
  auto andi = [&](const std::string& a, const std::string& b) {
    std::string r = t.fresh();
    t.k << t.ind << r << " = arith.andi " << a << ", " << b << " : i1\n";
    return r;
  };
  // grouped_gemm_c4: each size in [0, M - total], the total M. A bad size makes the total
  // M + 1 for good; then the weights are read from their end on, which stops the run.
  const std::string total = t.fold(
      "%c0", gc, "%c1", "%c0", DType::index, [&](const std::string& e, const std::string& tot) {
        const std::string v = size_at(e);
        const std::string room = t.idx("arith.addi", t.idx("arith.subi", mc, tot), "%c1");
        const std::string ok = andi(cmpi(v, "%c0", "sge"), cmpi(v, room, "slt"));
        return sel(ok, t.idx("arith.addi", tot, v), bad);
      });
  // The row's group: x = row - (sizes before g) until the row lies in group g, then -(g + 1).
  const std::string at =
      t.fold("%c0", gc, "%c1", "%g", DType::index, [&](const std::string& e, const std::string& x) {
        const std::string v = size_at(e);
        const std::string pos = cmpi(x, "%c0", "sge");
        const std::string found = andi(pos, cmpi(x, v, "slt"));
        const std::string mark = t.idx("arith.subi", "%c0", t.idx("arith.addi", e, "%c1"));
        return sel(found, mark, sel(pos, t.idx("arith.subi", x, v), x));
      });
  const std::string grp = t.idx("arith.subi", t.idx("arith.subi", "%c0", at), "%c1");
  const std::string wbase =
      sel(cmpi(total, mc, "eq"), t.idx("arith.muli", grp, t.icst(k * n)), t.icst(*wn));
  const std::string xrow = t.idx("arith.muli", "%g", t.icst(k));
  const std::string cn = t.icst(n);
  dot_rows(
      t, n, k, DType::f32,
      [&](const std::string& p) {
        return t.load("%in0", DType::f32, t.idx("arith.addi", xrow, p));
      },
      [&](const std::string& p, const std::string& j) {
        const std::string r = t.idx("arith.addi", wbase, t.idx("arith.muli", p, cn));
        return t.load("%in1", DType::f32, t.idx("arith.addi", r, j));
      });
  t.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = t.k.str();
  s.grid = {m};
  s.flat = {*xn, *wn, g};
  s.out_2d = {m, n};
  return s;
}

ScalarKernel plan_latent_kv(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 2) return ScalarKernel::stay("without two operands");
  const ir::Type &a = group.operands[0]->type, &w = group.operands[1]->type,
                 &y = group.result(0)->type;
  if (!f32_input(a.dtype) || w.dtype != a.dtype || y.dtype != a.dtype)
    return ScalarKernel::stay(std::string("latent_kv of ") + dtype_mlir_name(a.dtype) +
                              " (the f32 FMA chain lowers; f64 has no exact Tile IR fma)");
  if (!a.has_static_shape() || !w.has_static_shape() || !y.has_static_shape() || w.rank() != 2)
    return ScalarKernel::stay("not a static shape");
  const int64_t k = w.shape[0], n = w.shape[1];
  const std::optional<int64_t> an = a.num_elements(), wn = w.num_elements(), yn = y.num_elements();
  if (!an || !wn || !yn) return ScalarKernel::stay("too many elements");
  if (*yn == 0 || k == 0) return ScalarKernel::stay("an empty tensor");
  // Each row of a ([..., K] flattened) times w: the matmul chain, rounded once to the result.
  Text t;
  t.k << header(name, {a.dtype, w.dtype}, y.dtype);
  const std::string arow = t.idx("arith.muli", "%g", t.icst(k)), cn = t.icst(n);
  dot_rows(
      t, n, k, y.dtype,
      [&](const std::string& p) {
        return as_f32(t, t.load("%in0", a.dtype, t.idx("arith.addi", arow, p)), a.dtype);
      },
      [&](const std::string& p, const std::string& j) {
        const std::string at = t.idx("arith.addi", t.idx("arith.muli", p, cn), j);
        return as_f32(t, t.load("%in1", w.dtype, at), w.dtype);
      });
  t.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = t.k.str();
  s.grid = {*an / k};
  s.flat = {*an, *wn};
  s.out_2d = {*an / k, n};
  return s;
}

ScalarKernel plan_swiglu_fused(const ir::Op& group, const std::string& name) {
  if (group.operands.size() != 4) return ScalarKernel::stay("without four operands");
  const ir::Type& x = group.operands[0]->type;
  const DType e = x.dtype;
  if (!f32_input(e))
    return ScalarKernel::stay(std::string("swiglu_fused of ") + dtype_mlir_name(e) +
                              " (the f32 FMA chain lowers; f64 has no exact Tile IR fma)");
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
  // gate and up the chains of x[i, :] with the columns of w_gate and w_up, kept in f32 (the
  // Graph IR kernel's [M, H] intermediates, recomputed per j: the same values).
  Text t;
  t.k << header(name, {e, e, e, e}, e);
  const std::string xrow = t.idx("arith.muli", "%g", t.icst(d)), dc = t.icst(d), hc = t.icst(h);
  auto column_dot = [&](const char* w, const std::string& hh) {
    const std::string zero = t.fcst(0.0, DType::f32);
    return t.fold(
        "%c0", dc, "%c1", zero, DType::f32, [&](const std::string& p, const std::string& acc) {
          const std::string xv = as_f32(t, t.load("%in0", e, t.idx("arith.addi", xrow, p)), e);
          const std::string at = t.idx("arith.addi", t.idx("arith.muli", p, hc), hh);
          return fma_f32(t, xv, as_f32(t, t.load(w, e, at), e), acc);
        });
  };
  dot_rows(
      t, d, h, e,
      [&](const std::string& hh) {
        const std::string gate = column_dot("%in1", hh), up = column_dot("%in2", hh);
        return activation(t, "tessera.silu_mul", {gate, up});
      },
      [&](const std::string& hh, const std::string& j) {
        const std::string at = t.idx("arith.addi", t.idx("arith.muli", hh, dc), j);
        return as_f32(t, t.load("%in3", e, at), e);
      });
  t.k << "    return\n  }\n";
  ScalarKernel s;
  s.kernel = t.k.str();
  s.grid = {m};
  s.flat = sizes;
  s.out_2d = {m, d};
  return s;
}

}  // namespace tessera::transforms
