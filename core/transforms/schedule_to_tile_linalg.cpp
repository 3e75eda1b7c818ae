// tessera.tri_solve, tessera.cholesky, tessera.cholesky_solve and tessera.lu as scalar kernels
// (docs/ops/schedule/lowering.md, "Linear algebra"): one group per matrix of the batch, one
// lane walking the Graph IR kernels' loops (interp/graph/kernels_linalg.cpp,
// kernels_qr_lu.cpp) in their order, one rounding per arith op (no contraction, as the
// interpreter is built with -ffp-contract=off), tile.sqrt for std::sqrt (correctly rounded).
#include "core/transforms/scalar_emitter.h"
#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

namespace {

using Val = ScalarEmitter::Val;

// Element (i, j) of a matrix of memref `mem`: the batch indices `b` (none for a shared buffer),
// then i and j.
struct Mat {
  ScalarEmitter* e;
  std::string mem;
  std::vector<std::string> b;
  bool transposed = false;  // (i, j) reads and writes element (j, i)
  std::vector<std::string> at(const std::string& i, const std::string& j) const {
    std::vector<std::string> a = b;
    a.push_back(transposed ? j : i);
    a.push_back(transposed ? i : j);
    return a;
  }
  Val get(const std::string& i, const std::string& j) const {
    return {e->load(mem, at(i, j)), e->elem(mem)};
  }
  void set(const Val& v, const std::string& i, const std::string& j) const {
    e->store(v, mem, at(i, j));
  }
};

// for i in [lo, hi) without carried values.
void each(ScalarEmitter& e, const std::string& lo, const std::string& hi,
          const std::function<void(const std::string&)>& f) {
  e.loop(lo, hi, {}, [&](const std::string& i, const std::vector<Val>&) {
    f(i);
    return std::vector<Val>{};
  });
}

// s - a(i, k) * b(j, k) for k in [lo, hi), in increasing k (the kernels' dot products).
Val minus_dot(ScalarEmitter& e, Val s, const std::string& lo, const std::string& hi,
              const std::function<Val(const std::string&)>& a,
              const std::function<Val(const std::string&)>& b) {
  return e.loop(lo, hi, {s}, [&](const std::string& k, const std::vector<Val>& c) {
    const Val p{e.fop("arith.mulf", a(k), b(k)), s.type};
    return std::vector<Val>{{e.fop("arith.subf", c[0], p), s.type}};
  })[0];
}

// first(lo) + term(lo + 1) + ... + term(hi - 1) in increasing order, `first` the chain's start
// (the kernels' sums start from their first product, not from 0).
Val sum_from(ScalarEmitter& e, const Val& first, const std::string& lo, const std::string& hi,
             const std::function<Val(const std::string&)>& term) {
  return e.loop(e.iop("arith.addi", lo, e.idx(1)), hi, {first},
                [&](const std::string& i, const std::vector<Val>& c) {
                  return std::vector<Val>{{e.fop("arith.addf", c[0], term(i)), first.type}};
                })[0];
}

// cholesky_one: l = the lower factor of x (x read transposed when `upper`), row by row; l's
// strict upper triangle is written 0 first unless `zeroed`.
void emit_cholesky(ScalarEmitter& e, const Mat& x, const Mat& l, int64_t n, bool zeroed) {
  const std::string c0 = e.idx(0), nn = e.idx(n);
  const std::string& t = e.elem(x.mem);
  if (!zeroed)
    each(e, c0, nn, [&](const std::string& i) {
      each(e, c0, nn, [&](const std::string& j) {
        l.set({e.flt(t == "f64" ? DType::f64 : DType::f32, 0.0), t}, i, j);
      });
    });
  each(e, c0, nn, [&](const std::string& i) {
    auto li = [&](const std::string& k) { return l.get(i, k); };
    each(e, c0, i, [&](const std::string& j) {
      const Val s =
          minus_dot(e, x.get(i, j), c0, j, li, [&](const std::string& k) { return l.get(j, k); });
      l.set({e.fop("arith.divf", s, l.get(j, j)), t}, i, j);
    });
    const Val s = minus_dot(e, x.get(i, i), c0, i, li, li);
    l.set({e.un("tile.sqrt", s), t}, i, i);
  });
}

// tri_solve_one on b (n x k) in place: op(M) = m, or mᵀ when m is `transposed`; forward
// substitution when op(M) is lower triangular.
void emit_tri_solve(ScalarEmitter& e, const Mat& m, const Mat& b, int64_t n, int64_t k,
                    bool forward, bool unit) {
  const std::string c0 = e.idx(0), c1 = e.idx(1), nn = e.idx(n), kk = e.idx(k);
  const std::string& t = e.elem(m.mem);
  each(e, c0, nn, [&](const std::string& step) {
    const std::string i = forward ? step : e.iop("arith.subi", e.idx(n - 1), step);
    each(e, c0, kk, [&](const std::string& c) {
      auto mij = [&](const std::string& j) { return m.get(i, j); };
      auto bjc = [&](const std::string& j) { return b.get(j, c); };
      const Val s = forward ? minus_dot(e, b.get(i, c), c0, i, mij, bjc)
                            : minus_dot(e, b.get(i, c), e.iop("arith.addi", i, c1), nn, mij, bjc);
      b.set(unit ? s : Val{e.fop("arith.divf", s, m.get(i, i)), t}, i, c);
    });
  });
}

// Copies the n x k matrix `from` into `to`.
void emit_copy(ScalarEmitter& e, const Mat& from, const Mat& to, int64_t n, int64_t k) {
  each(e, e.idx(0), e.idx(n), [&](const std::string& i) {
    each(e, e.idx(0), e.idx(k), [&](const std::string& j) { to.set(from.get(i, j), i, j); });
  });
}

// lu_one on `lu` (already a copy of the input): the first largest |pivot| (NaN above every
// number), the rows swapped (a row with itself when p = k, which changes nothing), then the
// elimination below a non-zero pivot; piv[k] = p.
void emit_lu(ScalarEmitter& e, const Mat& lu, const std::string& piv,
             const std::vector<std::string>& pb, int64_t n) {
  const std::string c1 = e.idx(1), nn = e.idx(n);
  const std::string& t = e.elem(lu.mem);
  auto fabs = [&](const Val& x) {  // |x|: maximumf(x, -x)
    return Val{e.fop("arith.maximumf", x, {e.un("arith.negf", x), t}), t};
  };
  each(e, e.idx(0), nn, [&](const std::string& k) {
    const std::string k1 = e.iop("arith.addi", k, c1);
    const std::vector<Val> bp =
        e.loop(k1, nn, {fabs(lu.get(k, k)), {k, "index"}},
               [&](const std::string& i, const std::vector<Val>& c) {
                 const Val v = fabs(lu.get(i, k));
                 const std::string gt = e.cmp("ogt", v, c[0]);
                 const std::string vn = e.cmp("une", v, v), bn = e.cmp("oeq", c[0], c[0]);
                 const std::string take = e.bop("arith.ori", gt, e.bop("arith.andi", vn, bn));
                 return std::vector<Val>{{e.sel(take, v, c[0]), t},
                                         {e.sel(take, {i, "index"}, c[1]), "index"}};
               });
    const std::string p = bp[1].name;
    std::vector<std::string> at = pb;
    at.push_back(k);
    e.store({e.cast("arith.index_cast", {p, "index"}, "i32"), "i32"}, piv, at);
    each(e, e.idx(0), nn, [&](const std::string& j) {
      const Val a = lu.get(k, j), b = lu.get(p, j);
      lu.set(b, k, j);
      lu.set(a, p, j);
    });
    const Val d = lu.get(k, k);
    const std::string nz = e.cmp("une", d, {e.flt(t == "f64" ? DType::f64 : DType::f32, 0.0), t});
    const std::string hi = e.sel(nz, {nn, "index"}, {k1, "index"});  // d == 0: no elimination
    each(e, k1, hi, [&](const std::string& i) {
      const Val l{e.fop("arith.divf", lu.get(i, k), d), t};
      lu.set(l, i, k);
      each(e, k1, nn, [&](const std::string& j) {
        const Val p2{e.fop("arith.mulf", l, lu.get(k, j)), t};
        lu.set({e.fop("arith.subf", lu.get(i, j), p2), t}, i, j);
      });
    });
  });
}

// One Householder step's reflection of column j of `a` (m rows) by reflector k of `vs`:
// t = v . a[k:, j], f = (2 t) / vv, a[i, j] -= f v_i for i >= k (qr_one's three steps).
void reflect(ScalarEmitter& e, const Mat& a, const Mat& vs, const std::string& k,
             const std::string& j, const Val& vv, int64_t m) {
  const std::string& ty = e.elem(a.mem);
  const DType t = ty == "f64" ? DType::f64 : DType::f32;
  auto prod = [&](const std::string& i) {
    return Val{e.fop("arith.mulf", vs.get(i, k), a.get(i, j)), ty};
  };
  const Val dot = sum_from(e, prod(k), k, e.idx(m), prod);
  const Val two{e.fop("arith.mulf", {e.flt(t, 2.0), ty}, dot), ty};
  const Val f{e.fop("arith.divf", two, vv), ty};
  each(e, k, e.idx(m), [&](const std::string& i) {
    const Val p{e.fop("arith.mulf", f, vs.get(i, k)), ty};
    a.set({e.fop("arith.subf", a.get(i, j), p), ty}, i, j);
  });
}

// qr_one: W (held in q) reduced column by column, its upper triangle into r; then Q = the
// reflectors applied last to first to the identity (in q), and R's diagonal made >= 0.
void emit_qr(ScalarEmitter& e, const Mat& a, const Mat& q, const Mat& r, int64_t m, int64_t n) {
  const std::string& ty = e.elem(a.mem);
  const DType t = ty == "f64" ? DType::f64 : DType::f32;
  const Val zero{e.flt(t, 0.0), ty}, one{e.flt(t, 1.0), ty};
  const std::string c0 = e.idx(0), mm = e.idx(m), nn = e.idx(n);
  e.shared("vs", {m, n}, t);  // reflector k in column k, rows k .. m-1
  e.shared("vn", {n}, t);     // vᵀv of reflector k, 0 for none
  const Mat vs{&e, "%vs", {}};
  each(e, c0, nn, [&](const std::string& k) { e.store(zero, "%vn", {k}); });
  emit_copy(e, a, q, m, n);
  each(e, c0, nn, [&](const std::string& k) {
    auto sq = [&](const std::string& i) {
      return Val{e.fop("arith.mulf", q.get(i, k), q.get(i, k)), ty};
    };
    const Val nrm{e.un("tile.sqrt", sum_from(e, sq(k), k, mm, sq)), ty};
    e.when(e.cmp("une", nrm, zero), [&] {
      const std::string pos = e.cmp("oge", q.get(k, k), zero);
      const Val alpha{e.sel(pos, {e.un("arith.negf", nrm), ty}, nrm), ty};
      each(e, k, mm, [&](const std::string& i) { vs.set(q.get(i, k), i, k); });
      vs.set({e.fop("arith.subf", vs.get(k, k), alpha), ty}, k, k);
      auto vsq = [&](const std::string& i) {
        return Val{e.fop("arith.mulf", vs.get(i, k), vs.get(i, k)), ty};
      };
      const Val vv = sum_from(e, vsq(k), k, mm, vsq);
      e.when(e.cmp("une", vv, zero), [&] {
        e.store(vv, "%vn", {k});
        each(e, k, nn, [&](const std::string& j) { reflect(e, q, vs, k, j, vv, m); });
      });
    });
  });
  each(e, c0, nn, [&](const std::string& i) {  // R = the upper triangle of W's first n rows
    each(e, c0, nn, [&](const std::string& j) {
      const std::string up = e.cmp("sge", {j, "index"}, {i, "index"});
      r.set({e.sel(up, q.get(i, j), zero), ty}, i, j);
    });
  });
  each(e, c0, mm, [&](const std::string& i) {  // Q = I[:, :n]
    each(e, c0, nn, [&](const std::string& j) {
      const std::string d = e.cmp("eq", {i, "index"}, {j, "index"});
      q.set({e.sel(d, one, zero), ty}, i, j);
    });
  });
  each(e, c0, nn, [&](const std::string& s) {  // k = n-1 .. 0
    const std::string k = e.iop("arith.subi", e.idx(n - 1), s);
    const Val vk{e.load("%vn", {k}), ty};
    e.when(e.cmp("une", vk, zero),
           [&] { each(e, c0, nn, [&](const std::string& j) { reflect(e, q, vs, k, j, vk, m); }); });
  });
  each(e, c0, nn, [&](const std::string& k) {  // the sign convention R_kk >= 0
    e.when(e.cmp("olt", r.get(k, k), zero), [&] {
      each(e, k, nn, [&](const std::string& j) {
        r.set({e.un("arith.negf", r.get(k, j)), ty}, k, j);
      });
      each(e, c0, mm, [&](const std::string& i) {
        q.set({e.un("arith.negf", q.get(i, k)), ty}, i, k);
      });
    });
  });
}

// The checks every kernel here shares: f32 or f64 operands of static shape, rank >= 2, the
// first an m x n matrix (square unless `any_shape`), every operand with the same batch dims;
// `batch` and its count.
std::string check_matrices(const ir::Op& group, const ir::Op& op, std::vector<int64_t>& batch,
                           int64_t& count, int64_t& m, int64_t& n, bool any_shape) {
  if (op.attrs.get("numeric_policy")) return "a numeric policy";
  const ir::Type& a = group.operands[0]->type;
  if (a.dtype != DType::f32 && a.dtype != DType::f64)
    return std::string(op.name) + " of " + dtype_mlir_name(a.dtype);
  for (const ir::Value* v : group.operands)
    if (!v->type.is_tensor() || !v->type.has_static_shape() || v->type.rank() < 2)
      return "not a static shape of rank >= 2";
  n = a.shape.back();
  m = a.shape[a.shape.size() - 2];
  if (!any_shape && m != n) return "not a square matrix";
  batch.assign(a.shape.begin(), a.shape.end() - 2);
  for (const ir::Value* v : group.operands)
    if (std::vector<int64_t>(v->type.shape.begin(), v->type.shape.end() - 2) != batch)
      return "operands with different batch dims";
  const std::optional<int64_t> e = a.num_elements();
  if (!e) return "too many elements";
  if (*e == 0) return "an empty tensor";
  count = *e / (m * n);
  return "";
}

}  // namespace

const char* linalg_stay_reason(std::string_view op) {
  if (op == "tessera.spmm")
    return "tessera.spmm: the Graph IR kernel's dot products are std::fma chains (one rounding "
           "per step) and Tile IR has no scalar fused multiply-add";
  if (op == "tessera.svd")
    return "tessera.svd: the Graph IR kernel orders the singular values by std::stable_sort with "
           "s[p] > s[q], which is no strict weak order once one is NaN (the library's merge "
           "order then decides), so no Tile IR kernel reproduces it for every input";
  return nullptr;
}

ScalarKernel plan_linalg(const ir::Op& group, const ir::Op& op, const std::string& name) {
  const bool solve = op.name == "tessera.tri_solve" || op.name == "tessera.cholesky_solve";
  const bool qr = op.name == "tessera.qr";
  const size_t results = op.name == "tessera.lu" || qr ? 2 : 1;
  if (group.operands.size() != (solve ? 2u : 1u) || group.results.size() != results)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  std::vector<int64_t> batch;
  int64_t count = 0, m = 0, n = 0;
  if (std::string why = check_matrices(group, op, batch, count, m, n, qr); !why.empty())
    return ScalarKernel::stay(why);
  const ir::Type& a = group.operands[0]->type;
  const DType t = a.dtype;
  const ir::Type& out = group.result(0)->type;
  const std::vector<int64_t>& os = solve ? group.operands[1]->type.shape : a.shape;
  if (out != ir::Type::tensor(t, os) || (solve && group.operands[1]->type.dtype != t))
    return ScalarKernel::stay("results of other types");
  const int64_t k = os.back();
  if (solve && (os[os.size() - 2] != n || k == 0)) return ScalarKernel::stay("a bad right side");
  // The second result: lu's pivots [..., n] (i32), qr's R [..., n, n].
  std::vector<int64_t> s1 = batch;
  s1.push_back(n);
  if (qr) s1.push_back(n);
  if (results == 2 && group.result(1)->type != ir::Type::tensor(qr ? t : DType::i32, s1))
    return ScalarKernel::stay("results of other types");
  // Shared scratch: cholesky_solve's factor, qr's reflectors and their norms.
  const int64_t scratch = solve ? n * n : qr ? m * n + n : 0;
  if (scratch * (dtype_bits(t) / 8) > 32768)
    return ScalarKernel::stay("scratch over the 32 KiB of shared memory a scalar kernel uses");
  if (qr && m < n) return ScalarKernel::stay("M < N (qr_c2: the Graph IR kernel's run-time error)");
  ScalarEmitter e(name);
  e.param("a", a.shape, t);
  if (solve) e.param("rhs", os, t);
  e.param("out", out.shape, t);
  if (results == 2) e.param("out1", s1, qr ? t : DType::i32);
  const std::vector<std::string> b = e.batch_indices(batch);
  const Mat am{&e, "%a", b}, xo{&e, "%out", b};
  const bool upper = !op.attrs.get_bool("lower", true);
  if (op.name == "tessera.cholesky") {
    // upper: L is built from a's upper triangle and written transposed (U = Lᵀ).
    emit_cholesky(e, {&e, "%a", b, upper}, {&e, "%out", b, upper}, n, false);
  } else if (op.name == "tessera.tri_solve") {
    const bool lower = op.attrs.get_bool("lower", true), trans = op.attrs.get_bool("trans", false);
    emit_copy(e, {&e, "%rhs", b}, xo, n, k);
    emit_tri_solve(e, {&e, "%a", b, trans}, xo, n, k, lower != trans,
                   op.attrs.get_bool("unit_diag", false));
  } else if (op.name == "tessera.cholesky_solve") {
    // L in a shared buffer of the group (its strict upper triangle is never read), then
    // L Y = B and Lᵀ X = Y.
    e.shared("l", {n, n}, t);
    emit_cholesky(e, {&e, "%a", b, upper}, {&e, "%l", {}}, n, true);
    emit_copy(e, {&e, "%rhs", b}, xo, n, k);
    emit_tri_solve(e, {&e, "%l", {}}, xo, n, k, true, false);
    emit_tri_solve(e, {&e, "%l", {}, true}, xo, n, k, false, false);
  } else if (qr) {
    emit_qr(e, am, xo, {&e, "%out1", b}, m, n);
  } else {  // tessera.lu
    emit_copy(e, am, xo, n, n);
    emit_lu(e, xo, "%out1", b, n);
  }
  ScalarKernel s;
  s.kernel = e.text();
  s.grid = {count};
  return s;
}

}  // namespace tessera::transforms
