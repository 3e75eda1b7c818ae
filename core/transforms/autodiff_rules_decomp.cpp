// Derivative rules of the matrix decompositions cholesky and svd (docs/ops/graph/linalg.md,
// "Derivatives"). Triangular solves are unrolled row by row into Graph ops (the static n).
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

/// The largest matrix order whose triangular solves the cholesky rules unroll.
constexpr int64_t kMaxSolveOrder = 512;

int64_t rank_of(const Value* v) { return static_cast<int64_t>(v->type.shape.size()); }

/// x[..., r0:r1, c0:c1] (leading dims whole).
Value* block(Builder& b, Value* x, int64_t r0, int64_t r1, int64_t c0, int64_t c1) {
  const auto& s = x->type.shape;
  std::vector<Attr> st, lim;
  for (size_t d = 0; d + 2 < s.size(); ++d) {
    st.push_back(Attr::integer_attr(0));
    lim.push_back(Attr::integer_attr(s[d]));
  }
  st.push_back(Attr::integer_attr(r0));
  st.push_back(Attr::integer_attr(c0));
  lim.push_back(Attr::integer_attr(r1));
  lim.push_back(Attr::integer_attr(c1));
  ir::AttrDict a;
  a.set("start", Attr::array_attr(std::move(st)));
  a.set("limit", Attr::array_attr(std::move(lim)));
  return b.emit1("tessera.slice", {x}, std::move(a));
}

/// x with its last two dims swapped.
Value* mT(Builder& b, Value* x) {
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < rank_of(x); ++d) perm.push_back(d);
  std::swap(perm[perm.size() - 1], perm[perm.size() - 2]);
  return b.transpose(x, perm);
}

Value* cat_rows(Builder& b, Value* top, Value* bottom) {
  if (!top) return bottom;
  if (!bottom) return top;
  ir::AttrDict a;
  a.set("axis", Attr::integer_attr(rank_of(top) - 2));
  return b.emit1("tessera.concat", {top, bottom}, std::move(a));
}

/// An [r, c] matrix of `t` whose entry (i, j) is `below` for i > j, `diag` for i == j and
/// `above` for i < j (built from iotas: a rule emits no large constants).
Value* tri(Builder& b, int64_t r, int64_t c, double below, double diag, double above, DType t) {
  std::vector<int64_t> ri(static_cast<size_t>(r)), ci(static_cast<size_t>(c));
  for (int64_t i = 0; i < r; ++i) ri[static_cast<size_t>(i)] = i;
  for (int64_t j = 0; j < c; ++j) ci[static_cast<size_t>(j)] = j;
  Value* i = b.reshape(b.int_vector(ri), {r, 1});
  Value* j = b.reshape(b.int_vector(ci), {1, c});
  Value* lower = b.emit1("tessera.cmp_gt", {i, j});
  Value* on = b.emit1("tessera.cmp_eq", {i, j});
  Value* rest = b.select(on, b.scalar(diag, t), b.scalar(above, t));
  return b.select(lower, b.scalar(below, t), rest);
}

/// X with L X = B (L lower triangular [..., n, n], B [..., n, m]): forward substitution,
/// x_i = (b_i - L[i, :i] X[:i]) / L[i, i] for i = 0 .. n-1.
Value* solve_lower(Builder& b, Value* l, Value* rhs) {
  const int64_t n = l->type.shape.back(), m = rhs->type.shape.back();
  const DType t = rhs->type.dtype;
  Value* x = nullptr;
  for (int64_t i = 0; i < n && b.ok(); ++i) {
    Value* bi = block(b, rhs, i, i + 1, 0, m);
    if (x) bi = b.sub(bi, b.matmul(block(b, l, i, i + 1, 0, i), x, false, false, t));
    x = cat_rows(b, x, b.div(bi, block(b, l, i, i + 1, i, i + 1)));
  }
  return x;
}

/// X with Lᵀ X = B (L lower triangular): back substitution,
/// x_i = (b_i - L[i+1:, i]ᵀ X[i+1:]) / L[i, i] for i = n-1 .. 0.
Value* solve_lower_t(Builder& b, Value* l, Value* rhs) {
  const int64_t n = l->type.shape.back(), m = rhs->type.shape.back();
  const DType t = rhs->type.dtype;
  Value* x = nullptr;
  for (int64_t i = n - 1; i >= 0 && b.ok(); --i) {
    Value* bi = block(b, rhs, i, i + 1, 0, m);
    if (x) bi = b.sub(bi, b.matmul(block(b, l, i + 1, n, i, i + 1), x, true, false, t));
    x = cat_rows(b, b.div(bi, block(b, l, i, i + 1, i, i + 1)), x);
  }
  return x;
}

/// Whether the solves of order n are built: false for n == 0 (an empty matrix: the derivative is
/// the empty zero, nullptr) and, with an error, for n above kMaxSolveOrder.
bool solve_order_ok(Builder& b, const Value* l) {
  const int64_t n = l->type.shape.back();
  if (n == 0) return false;
  if (n <= kMaxSolveOrder) return true;
  b.fail("cholesky's derivative unrolls its triangular solves; order " + std::to_string(n) +
         " exceeds " + std::to_string(kMaxSolveOrder));
  return false;
}

}  // namespace

// cholesky L = chol(A) reads the lower triangle of A, i.e. A_eff = tril(A) + tril(A, -1)ᵀ.
// jvp: dL = L Φ(L⁻¹ dA_eff L⁻ᵀ), Φ = lower triangle with the diagonal halved.
bool jvp_Cholesky(JvpCtx& c) {
  if (!c.dx[0]) return true;
  Builder& b = c.b;
  Value* l = c.y[0];
  if (!solve_order_ok(b, l)) return b.ok();
  const int64_t n = l->type.shape.back();
  const DType t = l->type.dtype;
  Value* da = c.dx[0];
  Value* sym =
      b.add(b.mul(da, tri(b, n, n, 1, 1, 0, t)), mT(b, b.mul(da, tri(b, n, n, 1, 0, 0, t))));
  Value* y = solve_lower(b, l, sym);           // L⁻¹ dA_eff
  Value* inner = solve_lower(b, l, mT(b, y));  // L⁻¹ (L⁻¹ dA_eff)ᵀ = L⁻¹ dA_eff L⁻ᵀ
  Value* phi = b.mul(inner, tri(b, n, n, 1, 0.5, 0, t));
  c.dy[0] = b.matmul(l, phi, false, false, t);
  return b.ok();
}

// vjp: G = L⁻ᵀ Φ(Lᵀ L̄) L⁻¹ (two back substitutions), then dA = tril(G + Gᵀ) with the diagonal
// halved (the transpose of A -> A_eff: the strict lower part collects both triangles of G).
bool vjp_Cholesky(VjpCtx& c) {
  if (!c.wants(0) || !c.dy[0]) return true;
  Builder& b = c.b;
  Value* l = c.y[0];
  if (!solve_order_ok(b, l)) return b.ok();
  const int64_t n = l->type.shape.back();
  const DType t = l->type.dtype;
  Value* p = b.mul(b.matmul(l, c.dy[0], true, false, t), tri(b, n, n, 1, 0.5, 0, t));
  Value* x = solve_lower_t(b, l, p);                // L⁻ᵀ P
  Value* g = mT(b, solve_lower_t(b, l, mT(b, x)));  // (L⁻ᵀ Xᵀ)ᵀ = X L⁻¹
  c.dx[0] = b.mul(b.add(g, mT(b, g)), tri(b, n, n, 1, 0.5, 0, t));
  return b.ok();
}

namespace {

/// The values the svd rules share: V = vtᵀ is not formed; s as a row [.., 1, k] (s_j) and a
/// column [.., k, 1] (s_i); F_ij = 1 / (s_j² - s_i²) off the diagonal, 0 on it (JAX's F: equal
/// singular values give ±Inf entries, and NaN or Inf derivatives, as in JAX).
struct SvdParts {
  Value *u, *s, *vt, *s_row, *s_col, *f, *eye;
  int64_t m, n, k;
  DType t;
};

SvdParts svd_parts(Builder& b, std::span<Value* const> x, std::span<Value* const> y) {
  SvdParts p{};
  p.u = y[0];
  p.s = y[1];
  p.vt = y[2];
  p.t = p.s->type.dtype;
  const auto& as = x[0]->type.shape;
  p.m = as[as.size() - 2];
  p.n = as.back();
  p.k = p.s->type.shape.back();
  std::vector<int64_t> row = p.s->type.shape, col = p.s->type.shape;
  row.insert(row.end() - 1, 1);
  col.push_back(1);
  p.s_row = b.reshape(p.s, row);
  p.s_col = b.reshape(p.s, col);
  p.eye = tri(b, p.k, p.k, 0, 1, 0, p.t);
  Value* diff = b.mul(b.add(p.s_row, p.s_col), b.sub(p.s_row, p.s_col));  // s_j² - s_i²
  Value* off = b.sub(b.scalar(1, p.t), p.eye);
  // 1 / (diff + I) - I as JAX writes it: the diagonal gets 1 / 1 - 1 = 0.
  p.f = b.mul(b.div(b.scalar(1, p.t), b.add(diff, p.eye)), off);
  return p;
}

}  // namespace

// svd a = U diag(s) Vᵀ (thin; k = min(m, n)), the real case of JAX's jvp rule: dS = Uᵀ dA V,
// ds = diag(dS), dU = U (F ∘ (dS S + S dSᵀ)) [+ (dA V - U dS) S⁻¹ when m > n],
// dV = V (F ∘ (S dS + dSᵀ S)) [+ (dAᵀ U - V dSᵀ) S⁻¹ when n > m], dvt = dVᵀ.
bool jvp_Svd(JvpCtx& c) {
  if (!c.dx[0]) return true;
  Builder& b = c.b;
  SvdParts p = svd_parts(b, c.x, c.y);
  const DType t = p.t;
  Value* da = c.dx[0];
  Value* dav = b.matmul(da, p.vt, false, true, t);   // dA V   [.., m, k]
  Value* ds_m = b.matmul(p.u, dav, true, false, t);  // Uᵀ dA V [.., k, k]
  c.dy[1] = b.reduce("sum", b.mul(ds_m, p.eye), {rank_of(ds_m) - 1}, false);
  Value* ds_t = mT(b, ds_m);
  Value* inner_u = b.mul(p.f, b.add(b.mul(ds_m, p.s_row), b.mul(p.s_col, ds_t)));
  Value* du = b.matmul(p.u, inner_u, false, false, t);
  Value* inner_v = b.mul(p.f, b.add(b.mul(p.s_col, ds_m), b.mul(ds_t, p.s_row)));
  Value* dvt = b.matmul(inner_v, p.vt, true, false, t);  // (V inner_v)ᵀ = inner_vᵀ Vᵀ
  if (p.m > p.n) du = b.add(du, b.div(b.sub(dav, b.matmul(p.u, ds_m, false, false, t)), p.s_row));
  if (p.n > p.m) {
    // ((dAᵀ U - V dSᵀ) S⁻¹)ᵀ = S⁻¹ (Uᵀ dA - dS Vᵀ)
    Value* ut_da = b.matmul(p.u, da, true, false, t);
    dvt = b.add(dvt, b.div(b.sub(ut_da, b.matmul(ds_m, p.vt, false, false, t)), p.s_col));
  }
  c.dy[0] = du;
  c.dy[2] = dvt;
  return b.ok();
}

// vjp (the transpose of the jvp): with J = F ∘ (Uᵀ Ū) and K = F ∘ (Vᵀ V̄) = F ∘ (vt v̄tᵀ),
// S̄ = diag(s̄) + (J + Jᵀ) S + S (K + Kᵀ) and dA = U S̄ Vᵀ, plus (Ū - U Uᵀ Ū) S⁻¹ Vᵀ when m > n
// and U S⁻¹ (v̄t - (Vᵀ V̄)ᵀ vt) when n > m.
bool vjp_Svd(VjpCtx& c) {
  if (!c.wants(0)) return true;
  Builder& b = c.b;
  SvdParts p = svd_parts(b, c.x, c.y);
  const DType t = p.t;
  Value *gu = c.dy[0], *gs = c.dy[1], *gvt = c.dy[2];
  Value* sbar = gs ? b.mul(p.eye, b.reshape(gs, p.s_row->type.shape)) : nullptr;
  auto acc = [&](Value* a, Value* v) { return !a ? v : !v ? a : b.add(a, v); };
  Value* extra = nullptr;
  if (gu) {
    Value* utg = b.matmul(p.u, gu, true, false, t);  // Uᵀ Ū
    Value* j = b.mul(p.f, utg);
    sbar = acc(sbar, b.mul(b.add(j, mT(b, j)), p.s_row));
    if (p.m > p.n) {
      Value* proj = b.sub(gu, b.matmul(p.u, utg, false, false, t));
      extra = b.matmul(b.div(proj, p.s_row), p.vt, false, false, t);
    }
  }
  if (gvt) {
    Value* vtg = b.matmul(p.vt, gvt, false, true, t);  // Vᵀ V̄ = vt v̄tᵀ
    Value* k = b.mul(p.f, vtg);
    sbar = acc(sbar, b.mul(p.s_col, b.add(k, mT(b, k))));
    if (p.n > p.m) {
      Value* wt = b.sub(gvt, b.matmul(vtg, p.vt, true, false, t));
      extra = acc(extra, b.matmul(b.div(p.u, p.s_row), wt, false, false, t));
    }
  }
  Value* da =
      sbar ? b.matmul(b.matmul(p.u, sbar, false, false, t), p.vt, false, false, t) : nullptr;
  c.dx[0] = acc(da, extra);
  return b.ok();
}

}  // namespace tessera::transforms::autodiff
