// tessera.tri_solve, tessera.cholesky, tessera.cholesky_solve, tessera.lu and tessera.qr as
// scalar kernels (docs/ops/schedule/lowering.md, "Linear algebra"): one group per matrix of the
// batch, one lane walking the Graph IR kernels' loops (interp/graph/kernels_linalg.cpp,
// kernels_qr_lu.cpp) in their order, one rounding per arith op (no contraction, as the
// interpreter is built with -ffp-contract=off), tile.sqrt for std::sqrt (correctly rounded).
#include <functional>

#include "core/transforms/schedule_to_tile_fma.h"
#include "core/transforms/schedule_to_tile_matrix.h"
#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

using matrix_text::check_matrices;
using matrix_text::each;
using matrix_text::Mat;
using matrix_text::Str;
using scalar_text::static_memref;
using scalar_text::Text;

namespace {

// s - a(k) * b(k) for k in [lo, hi), in increasing k (the kernels' dot products).
std::string minus_dot(Text& e, DType t, Str s, Str lo, Str hi,
                      const std::function<std::string(Str)>& a,
                      const std::function<std::string(Str)>& b) {
  return e.loop(lo, hi, {{s, t}}, [&](Str k, const std::vector<std::string>& c) {
    const std::string p = e.bin("arith.mulf", a(k), b(k), t);
    return std::vector<std::string>{e.bin("arith.subf", c[0], p, t)};
  })[0];
}

// first + term(lo + 1) + ... + term(hi - 1) in increasing order, `first` the chain's start
// (the kernels' sums start from their first product, not from 0).
std::string sum_from(Text& e, DType t, Str first, Str lo, Str hi,
                     const std::function<std::string(Str)>& term) {
  return e.loop(e.idx("arith.addi", lo, e.c(1)), hi, {{first, t}},
                [&](Str i, const std::vector<std::string>& c) {
                  return std::vector<std::string>{e.bin("arith.addf", c[0], term(i), t)};
                })[0];
}

// cholesky_one: l = the lower factor of x, row by row; l's strict upper triangle is written 0
// first unless `zeroed`.
void emit_cholesky(Text& e, const Mat& x, const Mat& l, int64_t n, bool zeroed) {
  const DType t = x.t;
  const std::string c0 = e.c(0), nn = e.c(n);
  if (!zeroed)
    each(e, c0, nn, [&](Str i) { each(e, c0, nn, [&](Str j) { l.set(e.fc(0.0, t), i, j); }); });
  each(e, c0, nn, [&](Str i) {
    auto li = [&](Str k) { return l.get(i, k); };
    each(e, c0, i, [&](Str j) {
      const std::string s =
          minus_dot(e, t, x.get(i, j), c0, j, li, [&](Str k) { return l.get(j, k); });
      l.set(e.bin("arith.divf", s, l.get(j, j), t), i, j);
    });
    const std::string s = minus_dot(e, t, x.get(i, i), c0, i, li, li);
    l.set(e.un("tile.sqrt", s, t, t), i, i);
  });
}

// tri_solve_one on b (n x k) in place for op(M) = m (a transposed view for mᵀ); forward
// substitution when op(M) is lower triangular, else back substitution.
void emit_tri_solve(Text& e, const Mat& m, const Mat& b, int64_t n, int64_t k, bool forward,
                    bool unit) {
  const DType t = m.t;
  const std::string c0 = e.c(0), nn = e.c(n), kk = e.c(k);
  each(e, c0, nn, [&](Str step) {
    const std::string i = forward ? step : e.idx("arith.subi", e.c(n - 1), step);
    each(e, c0, kk, [&](Str c) {
      auto mij = [&](Str j) { return m.get(i, j); };
      auto bjc = [&](Str j) { return b.get(j, c); };
      const std::string s =
          forward ? minus_dot(e, t, b.get(i, c), c0, i, mij, bjc)
                  : minus_dot(e, t, b.get(i, c), e.idx("arith.addi", i, e.c(1)), nn, mij, bjc);
      b.set(unit ? s : e.bin("arith.divf", s, m.get(i, i), t), i, c);
    });
  });
}

// Copies the n x k matrix `from` into `to`.
void emit_copy(Text& e, const Mat& from, const Mat& to, int64_t n, int64_t k) {
  each(e, e.c(0), e.c(n),
       [&](Str i) { each(e, e.c(0), e.c(k), [&](Str j) { to.set(from.get(i, j), i, j); }); });
}

// lu_one on `lu` (already a copy of the input): the first largest |pivot| (NaN above every
// number), the rows swapped (a row with itself when p = k, which changes nothing), then the
// elimination below a non-zero pivot; piv[k] = p (i32, memref `pm` at batch indices `pb`).
void emit_lu(Text& e, const Mat& lu, Str piv, Str pm, const std::vector<std::string>& pb,
             int64_t n) {
  const DType t = lu.t;
  const std::string nn = e.c(n);
  auto fabs = [&](Str x) { return e.bin("arith.maximumf", x, e.un("arith.negf", x, t, t), t); };
  each(e, e.c(0), nn, [&](Str k) {
    const std::string k1 = e.idx("arith.addi", k, e.c(1));
    const std::vector<std::string> bp = e.loop(
        k1, nn, {{fabs(lu.get(k, k)), t}, {k, DType::index}},
        [&](Str i, const std::vector<std::string>& c) {
          const std::string v = fabs(lu.get(i, k));
          const std::string gt = e.cmp_by("ogt", v, c[0], t);
          const std::string vn = e.cmp_by("une", v, v, t), bn = e.cmp_by("oeq", c[0], c[0], t);
          const std::string take =
              e.bin("arith.ori", gt, e.bin("arith.andi", vn, bn, DType::i1), DType::i1);
          return std::vector<std::string>{e.select(take, v, c[0], t),
                                          e.select(take, i, c[1], DType::index)};
        });
    const std::string& p = bp[1];
    std::vector<std::string> at = pb;
    at.push_back(k);
    e.store(e.un("arith.index_cast", p, DType::index, DType::i32), DType::i32, piv, pm, at);
    each(e, e.c(0), nn, [&](Str j) {
      const std::string a = lu.get(k, j), b = lu.get(p, j);
      lu.set(b, k, j);
      lu.set(a, p, j);
    });
    const std::string d = lu.get(k, k);
    const std::string nz = e.cmp_by("une", d, e.fc(0.0, t), t);
    const std::string hi = e.select(nz, nn, k1, DType::index);  // d == 0: no elimination
    each(e, k1, hi, [&](Str i) {
      const std::string l = e.bin("arith.divf", lu.get(i, k), d, t);
      lu.set(l, i, k);
      each(e, k1, nn, [&](Str j) {
        const std::string p2 = e.bin("arith.mulf", l, lu.get(k, j), t);
        lu.set(e.bin("arith.subf", lu.get(i, j), p2, t), i, j);
      });
    });
  });
}

// One Householder step's reflection of column j of `a` (m rows) by reflector k of `vs`:
// t = v . a[k:, j], f = (2 t) / vv, a[i, j] -= f v_i for i >= k (qr_one's three steps).
void reflect(Text& e, const Mat& a, const Mat& vs, Str k, Str j, Str vv, int64_t m) {
  const DType t = a.t;
  auto prod = [&](Str i) { return e.bin("arith.mulf", vs.get(i, k), a.get(i, j), t); };
  const std::string dot = sum_from(e, t, prod(k), k, e.c(m), prod);
  const std::string f = e.bin("arith.divf", e.bin("arith.mulf", e.fc(2.0, t), dot, t), vv, t);
  each(e, k, e.c(m), [&](Str i) {
    const std::string p = e.bin("arith.mulf", f, vs.get(i, k), t);
    a.set(e.bin("arith.subf", a.get(i, j), p, t), i, j);
  });
}

// qr_one: W (held in q) reduced column by column, its upper triangle into r; then Q = the
// reflectors applied last to first to the identity (in q), and R's diagonal made >= 0.
void emit_qr(Text& e, const Mat& a, const Mat& q, const Mat& r, int64_t m, int64_t n) {
  const DType t = a.t;
  const std::string zero = e.fc(0.0, t), one = e.fc(1.0, t);
  const std::string c0 = e.c(0), mm = e.c(m), nn = e.c(n);
  const std::string vnm = static_memref({n}, t, true);
  e.shared("vs", static_memref({m, n}, t, true));  // reflector k in column k, rows k .. m-1
  e.shared("vn", vnm);                             // vᵀv of reflector k, 0 for none
  const Mat vs{&e, "%vs", static_memref({m, n}, t, true), t, {}};
  each(e, c0, nn, [&](Str k) { e.store(zero, t, "%vn", vnm, {k}); });
  emit_copy(e, a, q, m, n);
  each(e, c0, nn, [&](Str k) {
    auto sq = [&](Str i) { return e.bin("arith.mulf", q.get(i, k), q.get(i, k), t); };
    const std::string nrm = e.un("tile.sqrt", sum_from(e, t, sq(k), k, mm, sq), t, t);
    e.when(e.cmp_by("une", nrm, zero, t), [&] {
      const std::string pos = e.cmp_by("oge", q.get(k, k), zero, t);
      const std::string alpha = e.select(pos, e.un("arith.negf", nrm, t, t), nrm, t);
      each(e, k, mm, [&](Str i) { vs.set(q.get(i, k), i, k); });
      vs.set(e.bin("arith.subf", vs.get(k, k), alpha, t), k, k);
      auto vsq = [&](Str i) { return e.bin("arith.mulf", vs.get(i, k), vs.get(i, k), t); };
      const std::string vv = sum_from(e, t, vsq(k), k, mm, vsq);
      e.when(e.cmp_by("une", vv, zero, t), [&] {
        e.store(vv, t, "%vn", vnm, {k});
        each(e, k, nn, [&](Str j) { reflect(e, q, vs, k, j, vv, m); });
      });
    });
  });
  each(e, c0, nn, [&](Str i) {  // R = the upper triangle of W's first n rows
    each(e, c0, nn, [&](Str j) {
      r.set(e.select(e.cmp_by("sge", j, i, DType::index), q.get(i, j), zero, t), i, j);
    });
  });
  each(e, c0, mm, [&](Str i) {  // Q = I[:, :n]
    each(e, c0, nn,
         [&](Str j) { q.set(e.select(e.cmp_by("eq", i, j, DType::index), one, zero, t), i, j); });
  });
  each(e, c0, nn, [&](Str s) {  // k = n-1 .. 0
    const std::string k = e.idx("arith.subi", e.c(n - 1), s);
    const std::string vk = e.load("%vn", vnm, t, {k});
    e.when(e.cmp_by("une", vk, zero, t),
           [&] { each(e, c0, nn, [&](Str j) { reflect(e, q, vs, k, j, vk, m); }); });
  });
  each(e, c0, nn, [&](Str k) {  // the sign convention R_kk >= 0
    e.when(e.cmp_by("olt", r.get(k, k), zero, t), [&] {
      each(e, k, nn, [&](Str j) { r.set(e.un("arith.negf", r.get(k, j), t, t), k, j); });
      each(e, c0, mm, [&](Str i) { q.set(e.un("arith.negf", q.get(i, k), t, t), i, k); });
    });
  });
}

}  // namespace

ScalarKernel plan_spmm(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (group.operands.size() != 4 || group.results.size() != 1)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  for (const ir::Value* v : group.operands)
    if (!v->type.is_tensor() || !v->type.has_static_shape())
      return ScalarKernel::stay("not a static shape");
  const ir::Type &vals = group.operands[0]->type, &cols = group.operands[1]->type,
                 &ptr = group.operands[2]->type, &dense = group.operands[3]->type;
  // The chain's fma: fma_f32, or tile.fma for f64.
  const DType ft = vals.dtype;
  if (ft != DType::f32 && ft != DType::f64)
    return ScalarKernel::stay("tessera.spmm of " + scalar_text::ty(ft));
  auto integer = [](DType t) {
    return t == DType::i8 || t == DType::i16 || t == DType::i32 || t == DType::i64 ||
           t == DType::u8 || t == DType::u16 || t == DType::u32 || t == DType::u64;
  };
  if (!integer(cols.dtype) || !integer(ptr.dtype))
    return ScalarKernel::stay("indices of another type");
  const int64_t nnz = vals.shape[0], m = ptr.shape[0] - 1, kk = dense.shape[0], n = dense.shape[1];
  if (m <= 0 || n == 0 || kk == 0) return ScalarKernel::stay("an empty tensor");
  Text e;
  const std::string mv = static_memref(vals.shape, ft), mc = static_memref(cols.shape, cols.dtype),
                    mp = static_memref(ptr.shape, ptr.dtype), md = static_memref(dense.shape, ft),
                    mo = static_memref({m, n}, ft);
  auto as_index = [&](Str v, DType t) {  // zero-extends the unsigned types
    const bool u = t == DType::u8 || t == DType::u16 || t == DType::u32 || t == DType::u64;
    return e.un(u ? "arith.index_castui" : "arith.index_cast", v, t, DType::index);
  };
  // spmm_c5 for row g: 0 <= row_ptr[g] <= row_ptr[g + 1] <= nnz, row_ptr[0] = 0 and
  // row_ptr[M] = nnz; a broken row reloads row_ptr at M + 1, one past its end: the bounds error
  // stops the run, as the Graph IR kernel fails.
  const std::string g = "%g", g1 = e.idx("arith.addi", g, e.c(1));
  const std::string p0 = as_index(e.load("%ptr", mp, ptr.dtype, {g}), ptr.dtype);
  const std::string p1 = as_index(e.load("%ptr", mp, ptr.dtype, {g1}), ptr.dtype);
  auto i1 = [&](const char* o, Str a, Str b) { return e.bin(o, a, b, DType::i1); };
  std::string ok = i1("arith.andi", e.cmp_by("sle", e.c(0), p0, DType::index),
                      e.cmp_by("sle", p0, p1, DType::index));
  ok = i1("arith.andi", ok, e.cmp_by("sle", p1, e.c(nnz), DType::index));
  const std::string first = e.cmp_by("eq", g, e.c(0), DType::index);
  const std::string last = e.cmp_by("eq", g, e.c(m - 1), DType::index);
  const std::string t = e.cmp_by("eq", e.c(0), e.c(0), DType::index);  // true
  ok =
      i1("arith.andi", ok, e.select(first, e.cmp_by("eq", p0, e.c(0), DType::index), t, DType::i1));
  ok = i1("arith.andi", ok,
          e.select(last, e.cmp_by("eq", p1, e.c(nnz), DType::index), t, DType::i1));
  const std::string lo = as_index(
      e.load("%ptr", mp, ptr.dtype, {e.select(ok, g, e.c(m + 1), DType::index)}), ptr.dtype);
  // out[g, j] = fma(v[e], dense[col[e], j], acc) over the row's entries in storage order, from
  // +0; a column outside [0, K) reads dense row K, one past its end (spmm_c5).
  e.loop(e.c(0), e.c(n), {}, [&](Str j, const std::vector<std::string>&) {
    const std::string acc =
        e.loop(lo, p1, {{e.fc(0.0, ft), ft}}, [&](Str x, const std::vector<std::string>& a) {
          const std::string c = as_index(e.load("%col", mc, cols.dtype, {x}), cols.dtype);
          const std::string okc = i1("arith.andi", e.cmp_by("sge", c, e.c(0), DType::index),
                                     e.cmp_by("slt", c, e.c(kk), DType::index));
          const std::string row = e.select(okc, c, e.c(kk), DType::index);
          const std::string b = e.load("%d", md, ft, {row, j});
          return std::vector<std::string>{fma_of(e, e.load("%v", mv, ft, {x}), b, a[0], ft)};
        })[0];
    e.store(acc, ft, "%out", mo, {g, j});
    return std::vector<std::string>{};
  });
  ScalarKernel r;
  r.kernel = "  func.func @" + name + "(%v: " + mv + ", %col: " + mc + ", %ptr: " + mp +
             ", %d: " + md + ", %out: " + mo + ") {\n    %g = tile.group_id {dim = 0} : index\n" +
             e.head.str() + e.k.str() + "    return\n  }\n";
  r.grid = {m};
  return r;
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
  Text e;
  const std::vector<std::string> b = e.group_indices(batch);
  const std::string ma = static_memref(a.shape, t), mo = static_memref(out.shape, t),
                    mr = static_memref(os, t), m1 = static_memref(s1, qr ? t : DType::i32);
  const Mat am{&e, "%a", ma, t, b}, xo{&e, "%out", mo, t, b}, rhs{&e, "%rhs", mr, t, b};
  const bool upper = !op.attrs.get_bool("lower", true);
  if (op.name == "tessera.cholesky") {
    // upper: L is built from a's upper triangle and written transposed (U = Lᵀ).
    emit_cholesky(e, upper ? am.t_view() : am, upper ? xo.t_view() : xo, n, false);
  } else if (op.name == "tessera.tri_solve") {
    const bool lower = op.attrs.get_bool("lower", true), trans = op.attrs.get_bool("trans", false);
    emit_copy(e, rhs, xo, n, k);
    emit_tri_solve(e, trans ? am.t_view() : am, xo, n, k, lower != trans,
                   op.attrs.get_bool("unit_diag", false));
  } else if (op.name == "tessera.cholesky_solve") {
    // L in a shared buffer of the group (its strict upper triangle is never read), then
    // L Y = B and Lᵀ X = Y.
    const std::string ml = static_memref({n, n}, t, true);
    e.shared("l", ml);
    const Mat l{&e, "%l", ml, t, {}};
    emit_cholesky(e, upper ? am.t_view() : am, l, n, true);
    emit_copy(e, rhs, xo, n, k);
    emit_tri_solve(e, l, xo, n, k, true, false);
    emit_tri_solve(e, l.t_view(), xo, n, k, false, false);
  } else if (qr) {
    emit_qr(e, am, xo, {&e, "%out1", m1, t, b}, m, n);
  } else {  // tessera.lu
    emit_copy(e, am, xo, n, n);
    emit_lu(e, xo, "%out1", m1, b, n);
  }
  std::string sig = "  func.func @" + name + "(%a: " + ma + (solve ? ", %rhs: " + mr : "") +
                    ", %out: " + mo + (results == 2 ? ", %out1: " + m1 : "") + ") {\n";
  if (!batch.empty()) sig += "    %g = tile.group_id {dim = 0} : index\n";
  ScalarKernel s;
  s.kernel = sig + e.head.str() + e.k.str() + "    return\n  }\n";
  s.grid = {count};
  return s;
}

}  // namespace tessera::transforms
