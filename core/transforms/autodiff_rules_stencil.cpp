// Derivative rules of tessera.neighbors.stencil.apply (docs/ops/graph/neighbors.md,
// neighbors_d2). The op is affine in the field: the jvp is the same stencil on the tangent with
// the boundary constants zeroed; the vjp is its transpose, formed from the static index each
// output element reads through each tap (scatter-add of the scaled cotangent per tap).
#include <optional>
#include <string>

#include "core/ops/neighbors.h"
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

/// Most index entries (output elements times taps) the vjp builds (neighbors_d2).
constexpr int64_t kMaxStencilEntries = int64_t{1} << 24;

/// The stencil.define op behind the handle operand, or nullptr after reporting.
const ir::Op* define_of(Builder& b, const ir::Op& op, Value* handle) {
  const ir::Op* d = handle ? handle->def : nullptr;
  if ((!d || d->name != "tessera.neighbors.stencil.define") && !op.operands.empty() &&
      op.operands[0])
    d = op.operands[0]->def;
  if (!d || d->name != "tessera.neighbors.stencil.define") {
    b.fail("stencil.apply: the stencil operand is not a stencil.define result");
    return nullptr;
  }
  return d;
}

std::optional<ops::Stencil> stencil_of(Builder& b, const ir::Op& def) {
  std::string error;
  const char* label = nullptr;
  auto st = ops::read_stencil(def, error, label);
  if (!st) b.fail("stencil.apply: " + error);
  return st;
}

/// The in-field index that coordinate `j` of a dim of extent n reads, or -1 for a dirichlet
/// constant (neighbors.md's boundary table; a neumann dim clamps, its g * dist is a constant).
int64_t map_coord(int64_t j, int64_t n, const ops::Boundary& r) {
  if (j >= 0 && j < n) return j;
  using K = ops::Boundary::Kind;
  switch (r.kind) {
    case K::periodic:
    case K::reflect:
      return ops::wrap_coord(j, n, r.kind);
    case K::neumann:
      return j < 0 ? 0 : n - 1;
    case K::dirichlet:
      return -1;
  }
  return -1;
}

}  // namespace

// vjp: d x[p] = sum over taps k (in tap order) of c_k * g[i] for every output i whose read
// through tap k lands on element p (not a dirichlet constant); duplicates accumulate in C order.
bool vjp_StencilApply(VjpCtx& c) {
  Builder& b = c.b;
  if (c.dy.empty() || !c.dy[0] || !c.wants(1)) return true;
  const ir::Op* def = define_of(b, c.op, c.x[0]);
  if (!def) return false;
  auto st = stencil_of(b, *def);
  if (!st) return false;
  const ir::Type& xt = c.x[1]->type;
  const auto& shape = xt.shape;
  const size_t r = shape.size();
  if (r != st->taps[0].size()) {
    b.fail("stencil.apply: the field's rank differs from the taps'");
    return false;
  }
  int64_t n = 1;
  for (int64_t e : shape) {
    if (e < 0 || (e > 0 && n > kMaxStencilEntries / e)) {
      b.fail("stencil.apply: no vjp for a field above 2^24 elements");
      return false;
    }
    n *= e;
  }
  const int64_t m = static_cast<int64_t>(st->taps.size());
  if (n > 0 && m > kMaxStencilEntries / n) {
    b.fail("stencil.apply: no vjp above 2^24 index entries (elements times taps)");
    return false;
  }
  const DType t = xt.dtype == DType::f64 ? DType::f64 : DType::f32;
  ir::Type acc_t = xt;
  acc_t.dtype = t;
  acc_t.shape = {n};
  Value* acc = b.zeros(acc_t);
  if (n == 0) {
    c.dx[1] = b.zeros(xt);
    return b.ok();
  }
  Value* g = b.reshape(b.cast(c.dy[0], t), {n});
  std::vector<int64_t> idx(r);
  for (int64_t k = 0; k < m; ++k) {
    std::vector<int64_t> src, dst;
    for (int64_t i = 0; i < n; ++i) {
      int64_t rem = i, p = 0;
      for (size_t d = r; d-- > 0;) {
        idx[d] = rem % shape[d];
        rem /= shape[d];
      }
      bool constant = false;
      for (size_t d = 0; d < r && !constant; ++d) {
        const ops::Boundary& rule = ops::rule_of(*st, d);
        const int64_t j = map_coord(idx[d] + st->taps[k][d], shape[d], rule);
        constant = j < 0;
        p = p * shape[d] + j;
      }
      if (constant) continue;
      src.push_back(i);
      dst.push_back(p);
    }
    if (src.empty()) continue;
    ir::AttrDict ga;
    ga.set("axis", Attr::integer_attr(0));
    Value* u = b.emit1("tessera.gather", {g, b.int_vector(src)}, ga);
    u = b.scale(u, st->coeffs[k]);
    ir::AttrDict sa;
    sa.set("axis", Attr::integer_attr(0));
    sa.set("reduction", Attr::string_attr("add"));
    acc = b.emit1("tessera.scatter", {acc, b.int_vector(dst), u}, std::move(sa));
  }
  c.dx[1] = b.cast(b.reshape(acc, shape), xt.dtype);
  return b.ok();
}

// jvp: a stencil.define with the same taps and coefficients whose dirichlet(v) and neumann(g)
// rules have v = g = 0 (periodic and reflect unchanged), applied to the tangent.
bool jvp_StencilApply(JvpCtx& c) {
  Builder& b = c.b;
  if (c.dx.size() < 2 || !c.dx[1]) return true;
  const ir::Op* def = define_of(b, c.op, c.x[0]);
  if (!def) return false;
  auto st = stencil_of(b, *def);
  if (!st) return false;
  std::string bc;
  for (const ops::Boundary& rule : st->bc) {
    if (!bc.empty()) bc += ",";
    switch (rule.kind) {
      case ops::Boundary::Kind::periodic:
        bc += "periodic";
        break;
      case ops::Boundary::Kind::reflect:
        bc += "reflect";
        break;
      case ops::Boundary::Kind::dirichlet:
        bc += "dirichlet(0)";
        break;
      case ops::Boundary::Kind::neumann:
        bc += "neumann(0)";
        break;
    }
  }
  ir::AttrDict a;
  if (const Attr* taps = def->attrs.get("taps")) a.set("taps", *taps);
  if (const Attr* co = def->attrs.get("coeffs")) a.set("coeffs", *co);
  a.set("bc", Attr::string_attr(bc));
  Value* h = b.emit1("tessera.neighbors.stencil.define", {}, std::move(a), {c.x[0]->type});
  if (!h) return false;
  auto y = b.copy(c.op, {h, c.dx[1], c.x[2]});
  if (y.empty()) return false;
  c.dy[0] = y[0];
  return b.ok();
}

}  // namespace tessera::transforms::autodiff
