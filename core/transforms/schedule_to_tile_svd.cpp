// tessera.svd as a scalar kernel (docs/ops/schedule/lowering.md, "Linear algebra"): one group
// per matrix of the batch, one lane walking svd's steps (interp/graph/kernels_linalg.cpp) in
// their order: the one-sided Jacobi sweeps in f64, the singular values, their order, the left
// vectors with their Gram-Schmidt completion, and the results rounded once to the element type.
// Every f64 intermediate lives in the group's shared memory.
#include <cstdint>

#include "core/transforms/schedule_to_tile_matrix.h"
#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

using matrix_text::check_matrices;
using matrix_text::each;
using matrix_text::Mat;
using matrix_text::Str;
using scalar_text::static_memref;
using scalar_text::Text;

namespace {

constexpr DType f = DType::f64;

// |x| as the kernels' std::fabs: maximum(x, -x) (a NaN stays NaN; -0 gives +0).
std::string fabs_of(Text& e, Str x) {
  return e.bin("arith.maximumf", x, e.un("arith.negf", x, f, f), f);
}

// Σ_i w[i, p] w[i, q] for i in [0, rows), from +0 in row order (col_dot).
std::string col_dot(Text& e, const Mat& w, int64_t rows, Str p, Str q) {
  return e.loop(e.c(0), e.c(rows), {{e.fc(0.0, f), f}},
                [&](Str i, const std::vector<std::string>& c) {
                  const std::string pr = e.bin("arith.mulf", w.get(i, p), w.get(i, q), f);
                  return std::vector<std::string>{e.bin("arith.addf", c[0], pr, f)};
                })[0];
}

// Columns p and q of x (rows rows) become c x_p - s x_q and s x_p + c x_q (rotate).
void rotate(Text& e, const Mat& x, int64_t rows, Str p, Str q, Str cs, Str sn) {
  each(e, e.c(0), e.c(rows), [&](Str i) {
    const std::string a = x.get(i, p), b = x.get(i, q);
    auto mul = [&](Str u, Str v) { return e.bin("arith.mulf", u, v, f); };
    x.set(e.bin("arith.subf", mul(cs, a), mul(sn, b), f), i, p);
    x.set(e.bin("arith.addf", mul(sn, a), mul(cs, b), f), i, q);
  });
}

// The rotation of pair (p, q) when |gamma| > 2^-52 sqrt(alpha) sqrt(beta); returns that test.
std::string jacobi_pair(Text& e, const Mat& w, const Mat& v, int64_t m, int64_t n, Str p, Str q) {
  const std::string one = e.fc(1.0, f);
  auto sqrt = [&](Str x) { return e.un("tile.sqrt", x, f, f); };
  auto bin = [&](const char* o, Str a, Str b) { return e.bin(o, a, b, f); };
  const std::string alpha = col_dot(e, w, m, p, p), beta = col_dot(e, w, m, q, q),
                    gamma = col_dot(e, w, m, p, q);
  const std::string bound =
      bin("arith.mulf", bin("arith.mulf", e.fc(0x1p-52, f), sqrt(alpha)), sqrt(beta));
  const std::string go = e.cmp_by("ogt", fabs_of(e, gamma), bound, f);
  e.when(go, [&] {
    const std::string zeta =
        bin("arith.divf", bin("arith.subf", beta, alpha), bin("arith.mulf", e.fc(2.0, f), gamma));
    const std::string sign =
        e.select(e.cmp_by("oge", zeta, e.fc(0.0, f), f), one, e.fc(-1.0, f), f);
    const std::string root = sqrt(bin("arith.addf", one, bin("arith.mulf", zeta, zeta)));
    const std::string t = bin("arith.divf", sign, bin("arith.addf", fabs_of(e, zeta), root));
    const std::string cs =
        bin("arith.divf", one, sqrt(bin("arith.addf", one, bin("arith.mulf", t, t))));
    const std::string sn = bin("arith.mulf", cs, t);
    rotate(e, w, m, p, q, cs, sn);
    rotate(e, v, n, p, q, cs, sn);
  });
  return go;
}

// jacobi: v = I, then at most 60 cyclic sweeps over the pairs p < q; a sweep's pair loop runs
// only while the previous sweep rotated a pair (its bound is 0 after a sweep that did not).
void emit_jacobi(Text& e, const Mat& w, const Mat& v, int64_t m, int64_t n) {
  const std::string c0 = e.c(0), nn = e.c(n);
  each(e, c0, nn, [&](Str i) {
    each(e, c0, nn, [&](Str j) {
      const std::string diag = e.cmp_by("eq", i, j, DType::index);
      v.set(e.select(diag, e.fc(1.0, f), e.fc(0.0, f), f), i, j);
    });
  });
  const std::string yes = e.cmp_by("eq", c0, c0, DType::index);
  const std::string no = e.cmp_by("ne", c0, c0, DType::index);
  e.loop(c0, e.c(60), {{yes, DType::i1}}, [&](Str, const std::vector<std::string>& active) {
    const std::string ub = e.select(active[0], e.c(n - 1), c0, DType::index);
    auto pairs = [&](Str p, const std::vector<std::string>& r0) {
      const std::string p1 = e.idx("arith.addi", p, e.c(1));
      return e.loop(p1, nn, {{r0[0], DType::i1}}, [&](Str q, const std::vector<std::string>& r) {
        const std::string go = jacobi_pair(e, w, v, m, n, p, q);
        return std::vector<std::string>{e.bin("arith.ori", r[0], go, DType::i1)};
      });
    };
    return e.loop(c0, ub, {{no, DType::i1}}, pairs);
  });
}

// The order of the singular values s (svd's stable sort by decreasing value, NaN last): s_j
// goes to the place counting the values before it (a greater number, or any number when s_j
// is NaN) and the equal ones (or NaNs) of lower columns. ord[place] = j.
void emit_order(Text& e, Str s, Str sm, Str ord, Str om, int64_t n) {
  const std::string c0 = e.c(0), nn = e.c(n);
  auto i1 = [&](const char* o, Str a, Str b) { return e.bin(o, a, b, DType::i1); };
  const std::string yes = e.cmp_by("eq", c0, c0, DType::index);
  auto before = [&](Str a, Str b) {  // !isnan(a) && (isnan(b) || a > b)
    return i1("arith.andi", e.cmp_by("oeq", a, a, f),
              i1("arith.ori", e.cmp_by("une", b, b, f), e.cmp_by("ogt", a, b, f)));
  };
  each(e, c0, nn, [&](Str j) {
    const std::string sj = e.load(s, sm, f, {j});
    const std::string place =
        e.loop(c0, nn, {{c0, DType::index}}, [&](Str i, const std::vector<std::string>& c) {
          const std::string si = e.load(s, sm, f, {i});
          const std::string after = before(si, sj), ahead = before(sj, si);
          const std::string neither = i1("arith.xori", i1("arith.ori", after, ahead), yes);
          const std::string tie = i1("arith.andi", e.cmp_by("slt", i, j, DType::index), neither);
          const std::string add = i1("arith.ori", after, tie);
          return std::vector<std::string>{
              e.select(add, e.idx("arith.addi", c[0], e.c(1)), c[0], DType::index)};
        })[0];
    e.store(e.un("arith.index_cast", j, DType::index, DType::i32), DType::i32, ord, om, {place});
  });
}

// Column r of the left vectors for a column left unfilled: the unit vector e_i whose part
// orthogonal to the filled columns (classical Gram-Schmidt, twice) is longest, the first on
// ties; none when every part is 0 or NaN (left_vectors' completion).
void emit_completion(Text& e, const Mat& l, Str filled, Str fm, Str x, Str best, Str xm, int64_t m,
                     int64_t k, Str r) {
  const std::string c0 = e.c(0), mm = e.c(m), kk = e.c(k), zero = e.fc(0.0, f);
  auto xi = [&](Str i) { return e.load(x, xm, f, {i}); };
  const std::string best_norm =
      e.loop(c0, mm, {{zero, f}}, [&](Str u, const std::vector<std::string>& bn) {
        each(e, c0, mm, [&](Str i) {
          const std::string hit = e.cmp_by("eq", i, u, DType::index);
          e.store(e.select(hit, e.fc(1.0, f), zero, f), f, x, xm, {i});
        });
        each(e, c0, e.c(2), [&](Str) {
          each(e, c0, kk, [&](Str q) {
            const std::string on = e.load(filled, fm, DType::i32, {q});
            e.when(e.cmp_by("ne", on, e.int_cst(0, DType::i32), DType::i32), [&] {
              const std::string dot =
                  e.loop(c0, mm, {{zero, f}}, [&](Str i, const std::vector<std::string>& d) {
                    const std::string pr = e.bin("arith.mulf", l.get(i, q), xi(i), f);
                    return std::vector<std::string>{e.bin("arith.addf", d[0], pr, f)};
                  })[0];
              each(e, c0, mm, [&](Str i) {
                const std::string pr = e.bin("arith.mulf", dot, l.get(i, q), f);
                e.store(e.bin("arith.subf", xi(i), pr, f), f, x, xm, {i});
              });
            });
          });
        });
        const std::string sq =
            e.loop(c0, mm, {{zero, f}}, [&](Str i, const std::vector<std::string>& d) {
              const std::string v = xi(i);
              return std::vector<std::string>{
                  e.bin("arith.addf", d[0], e.bin("arith.mulf", v, v, f), f)};
            })[0];
        const std::string norm = e.un("tile.sqrt", sq, f, f);
        const std::string longer = e.cmp_by("ogt", norm, bn[0], f);
        e.when(longer, [&] { each(e, c0, mm, [&](Str i) { e.store(xi(i), f, best, xm, {i}); }); });
        return std::vector<std::string>{e.select(longer, norm, bn[0], f)};
      })[0];
  e.when(e.cmp_by("ogt", best_norm, zero, f), [&] {
    each(e, c0, mm,
         [&](Str i) { l.set(e.bin("arith.divf", e.load(best, xm, f, {i}), best_norm, f), i, r); });
    e.store(e.int_cst(1, DType::i32), DType::i32, filled, fm, {r});
  });
}

// left_vectors: l (m x k, zeroed) gets W[:, j] / s_j for the r-th largest s_j above
// s_max 2^-52 m, then the completion of the other columns in order.
void emit_left(Text& e, const Mat& w, const Mat& l, Str s, Str sm, Str ord, Str om, int64_t m,
               int64_t n) {
  const std::string c0 = e.c(0), mm = e.c(m), nn = e.c(n), zero = e.fc(0.0, f);
  const std::string fm = static_memref({n}, DType::i32, true), xm = static_memref({m}, f, true);
  e.shared("filled", fm);
  e.shared("x", xm);
  e.shared("best", xm);
  auto at = [&](Str r) {
    return e.un("arith.index_cast", e.load(ord, om, DType::i32, {r}), DType::i32, DType::index);
  };
  each(e, c0, nn, [&](Str r) {
    e.store(e.int_cst(0, DType::i32), DType::i32, "%filled", fm, {r});
    each(e, c0, mm, [&](Str i) { l.set(zero, i, r); });
  });
  const std::string smax = e.load(s, sm, f, {at(c0)});
  const std::string tol =
      e.bin("arith.mulf", e.bin("arith.mulf", smax, e.fc(0x1p-52, f), f), e.fc(double(m), f), f);
  each(e, c0, nn, [&](Str r) {
    const std::string j = at(r), sj = e.load(s, sm, f, {j});
    e.when(e.cmp_by("ogt", sj, tol, f), [&] {
      each(e, c0, mm, [&](Str i) { l.set(e.bin("arith.divf", w.get(i, j), sj, f), i, r); });
      e.store(e.int_cst(1, DType::i32), DType::i32, "%filled", fm, {r});
    });
  });
  each(e, c0, nn, [&](Str r) {
    const std::string on = e.load("%filled", fm, DType::i32, {r});
    e.when(e.cmp_by("eq", on, e.int_cst(0, DType::i32), DType::i32),
           [&] { emit_completion(e, l, "%filled", fm, "%x", "%best", xm, m, n, r); });
  });
}

}  // namespace

ScalarKernel plan_svd(const ir::Op& group, const ir::Op& op, const std::string& name) {
  if (group.operands.size() != 1 || group.results.size() != 3)
    return ScalarKernel::stay("internal: the group's operands are not the op's");
  std::vector<int64_t> batch;
  int64_t count = 0, m0 = 0, n0 = 0;
  if (std::string why = check_matrices(group, op, batch, count, m0, n0, true); !why.empty())
    return ScalarKernel::stay(why);
  const ir::Type& a = group.operands[0]->type;
  const DType t = a.dtype;
  const bool tr = m0 < n0;  // the worked matrix is aᵀ, so that rows >= cols
  const int64_t m = tr ? n0 : m0, n = tr ? m0 : n0, k = n;
  auto shape = [&](std::vector<int64_t> tail) {
    std::vector<int64_t> s = batch;
    s.insert(s.end(), tail.begin(), tail.end());
    return s;
  };
  const std::vector<int64_t> su = shape({m0, k}), ss = shape({k}), sv = shape({k, n0});
  if (group.result(0)->type != ir::Type::tensor(t, su) ||
      group.result(1)->type != ir::Type::tensor(t, ss) ||
      group.result(2)->type != ir::Type::tensor(t, sv))
    return ScalarKernel::stay("results of other types");
  // w, v, the left vectors, s, x and best in f64; the order and the filled flags in i32. A
  // side over 4096 is over the budget anyway (m n >= m), and keeps the sum below from overflowing.
  const int64_t bytes = m > 4096 ? INT64_MAX : 8 * (2 * m * n + n * n + n + 2 * m) + 4 * 2 * n;
  if (bytes > 32768)
    return ScalarKernel::stay("scratch over the 32 KiB of shared memory a scalar kernel uses");
  Text e;
  const std::vector<std::string> b = e.group_indices(batch);
  const std::string ma = static_memref(a.shape, t), mu = static_memref(su, t),
                    ms = static_memref(ss, t), mv = static_memref(sv, t);
  const std::string mw = static_memref({m, n}, f, true), mvv = static_memref({n, n}, f, true),
                    msv = static_memref({n}, f, true), mo = static_memref({n}, DType::i32, true);
  e.shared("w", mw);
  e.shared("v", mvv);
  e.shared("l", mw);
  e.shared("s", msv);
  e.shared("ord", mo);
  const Mat am{&e, "%a", ma, t, b}, w{&e, "%w", mw, f, {}}, v{&e, "%v", mvv, f, {}},
      l{&e, "%l", mw, f, {}};
  const Mat src = tr ? am.t_view() : am;  // W = a, or aᵀ
  each(e, e.c(0), e.c(m), [&](Str i) {
    each(e, e.c(0), e.c(n), [&](Str j) { w.set(e.convert(src.get(i, j), t, f), i, j); });
  });
  emit_jacobi(e, w, v, m, n);
  each(e, e.c(0), e.c(n),
       [&](Str j) { e.store(e.un("tile.sqrt", col_dot(e, w, m, j, j), f, f), f, "%s", msv, {j}); });
  emit_order(e, "%s", msv, "%ord", mo, n);
  emit_left(e, w, l, "%s", msv, "%ord", mo, m, n);
  // The r-th triple: s_j, the left vector (column r of l) and the right one (column j of V);
  // with aᵀ worked, u of a is V and vᵀ of a is the left vectors transposed.
  const Mat u{&e, "%u", mu, t, b}, vt{&e, "%vt", mv, t, b};
  each(e, e.c(0), e.c(k), [&](Str r) {
    const std::string j =
        e.un("arith.index_cast", e.load("%ord", mo, DType::i32, {r}), DType::i32, DType::index);
    std::vector<std::string> at = b;
    at.push_back(r);
    e.store(e.convert(e.load("%s", msv, f, {j}), f, t), t, "%sv", ms, at);
    each(e, e.c(0), e.c(m), [&](Str i) {
      const std::string x = e.convert(l.get(i, r), f, t);
      if (tr)
        vt.set(x, r, i);
      else
        u.set(x, i, r);
    });
    each(e, e.c(0), e.c(n), [&](Str i) {
      const std::string x = e.convert(v.get(i, j), f, t);
      if (tr)
        u.set(x, i, r);
      else
        vt.set(x, r, i);
    });
  });
  std::string sig = "  func.func @" + name + "(%a: " + ma + ", %u: " + mu + ", %sv: " + ms +
                    ", %vt: " + mv + ") {\n";
  if (!batch.empty()) sig += "    %g = tile.group_id {dim = 0} : index\n";
  ScalarKernel s;
  s.kernel = sig + e.head.str() + e.k.str() + "    return\n  }\n";
  s.grid = {count};
  return s;
}

}  // namespace tessera::transforms
