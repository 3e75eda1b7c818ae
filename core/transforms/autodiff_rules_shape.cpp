// Derivative rules of the shape and indexing Graph ops (docs/ops/graph/shape.md and
// indexing.md, "Derivatives"). All are linear in their float operand.
#include <numeric>

#include "core/ops/infer_util.h"
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

std::vector<int64_t> attr_axes(const ir::Op& op, const char* name, int64_t rank) {
  std::vector<int64_t> out;
  const Attr* a = op.attrs.get(name);
  if (!a) {
    out.resize(static_cast<size_t>(rank));
    std::iota(out.begin(), out.end(), 0);
    return out;
  }
  if (a->is_int()) return {norm_axis(a->i, rank)};
  for (int64_t v : a->as_int_array().value_or(std::vector<int64_t>{}))
    out.push_back(norm_axis(v, rank));
  return out;
}

int64_t attr_axis(const ir::Op& op, const char* name, int64_t dflt, int64_t rank) {
  return norm_axis(op.attrs.get_int(name, dflt), rank);
}

namespace {
/// The first result of an emitted op, or nullptr when it failed (the builder reported it).
Value* first(const std::vector<Value*>& r) { return r.empty() ? nullptr : r[0]; }
}  // namespace

bool vjp_Reshape(VjpCtx& c) {
  c.dx[0] = c.b.reshape(c.dy[0], c.x[0]->type.shape);
  return true;
}
bool jvp_Reshape(JvpCtx& c) {
  c.dy[0] = c.b.reshape(c.dx[0], c.y[0]->type.shape);
  return true;
}

namespace {
std::vector<int64_t> perm_of(const ir::Op& op, int64_t rank) {
  return ops::transpose_perm(op, rank).value_or(std::vector<int64_t>{});
}
}  // namespace

// transpose / permute: the cotangent is transposed by the inverse permutation.
bool vjp_Transpose(VjpCtx& c) {
  std::vector<int64_t> p = perm_of(c.op, c.x[0]->type.rank()), inv(p.size());
  for (size_t d = 0; d < p.size(); ++d) inv[static_cast<size_t>(p[d])] = static_cast<int64_t>(d);
  c.dx[0] = c.b.transpose(c.dy[0], inv);
  return true;
}
bool jvp_Transpose(JvpCtx& c) {
  c.dy[0] = c.b.transpose(c.dx[0], perm_of(c.op, c.x[0]->type.rank()));
  return true;
}

// broadcast: the cotangent is summed over the repeated dims.
bool vjp_Broadcast(VjpCtx& c) {
  const auto& xs = c.x[0]->type.shape;
  const auto& ys = c.y[0]->type.shape;
  const int64_t xr = c.x[0]->type.rank(), yr = c.y[0]->type.rank();
  std::vector<int64_t> dims;
  if (const Attr* a = c.op.attrs.get("broadcast_dimensions"))
    dims = a->as_int_array().value_or(std::vector<int64_t>{});
  else
    for (int64_t k = 0; k < xr; ++k) dims.push_back(yr - xr + k);
  std::vector<int64_t> axes;
  for (int64_t d = 0; d < yr; ++d) {
    auto it = std::find(dims.begin(), dims.end(), d);
    if (it == dims.end() ||
        (xs[static_cast<size_t>(it - dims.begin())] == 1 && ys[static_cast<size_t>(d)] != 1))
      axes.push_back(d);
  }
  Value* s = axes.empty() ? c.dy[0] : c.b.reduce("sum", c.dy[0], axes, false);
  c.dx[0] = c.b.reshape(s, xs);
  return true;
}
bool jvp_Broadcast(JvpCtx& c) {
  c.dy[0] = first(c.b.copy(c.op, {c.dx[0]}));
  return true;
}

// concat: each operand's cotangent is its slice of g along the axis.
bool vjp_Concat(VjpCtx& c) {
  const int64_t rank = c.y[0]->type.rank();
  const int64_t axis = attr_axis(c.op, "axis", 0, rank);
  int64_t off = 0;
  for (size_t i = 0; i < c.x.size(); ++i) {
    const auto& s = c.x[i]->type.shape;
    if (c.wants(i)) {
      std::vector<Attr> st, lim;
      for (int64_t d = 0; d < rank; ++d) {
        const bool on = d == axis;
        st.push_back(Attr::integer_attr(on ? off : 0));
        lim.push_back(
            Attr::integer_attr(on ? off + s[static_cast<size_t>(d)] : s[static_cast<size_t>(d)]));
      }
      ir::AttrDict a;
      a.set("start", Attr::array_attr(std::move(st)));
      a.set("limit", Attr::array_attr(std::move(lim)));
      c.dx[i] = c.b.emit1("tessera.slice", {c.dy[0]}, std::move(a));
    }
    off += s[static_cast<size_t>(axis)];
  }
  return true;
}
bool jvp_Concat(JvpCtx& c) {
  std::vector<Value*> t;
  for (size_t i = 0; i < c.x.size(); ++i) t.push_back(c.dx[i] ? c.dx[i] : c.b.zeros(c.x[i]->type));
  c.dy[0] = first(c.b.copy(c.op, t));
  return true;
}

// slice: the cotangent is scattered into zeros at the sliced positions, one dim at a time.
bool vjp_Slice(VjpCtx& c) {
  const auto& xs = c.x[0]->type.shape;
  const size_t rank = xs.size();
  auto arr = [&](const char* n) {
    const Attr* a = c.op.attrs.get(n);
    return a ? a->as_int_array().value_or(std::vector<int64_t>{}) : std::vector<int64_t>{};
  };
  std::vector<int64_t> start = arr("start"), strides = arr("strides");
  strides.resize(rank, 1);
  start.resize(rank, 0);
  Value* cur = c.dy[0];
  for (size_t d = 0; d < rank && cur; ++d) {
    const int64_t n = cur->type.shape[d];
    if (n == xs[d]) continue;  // the whole dim (start 0, stride 1)
    std::vector<int64_t> idx;
    for (int64_t i = 0; i < n; ++i) idx.push_back(start[d] + i * strides[d]);
    ir::Type dest = cur->type;
    dest.shape[d] = xs[d];
    ir::AttrDict a;
    a.set("axis", Attr::integer_attr(static_cast<int64_t>(d)));
    cur = c.b.emit1("tessera.scatter", {c.b.zeros(dest), c.b.int_vector(idx), cur}, std::move(a));
  }
  c.dx[0] = cur;
  return true;
}
bool jvp_Slice(JvpCtx& c) {
  c.dy[0] = first(c.b.copy(c.op, {c.dx[0]}));
  return true;
}

namespace {
Value* scatter_add(Builder& b, Value* dest, Value* idx, Value* upd, int64_t axis) {
  ir::AttrDict a;
  a.set("axis", Attr::integer_attr(axis));
  a.set("reduction", Attr::string_attr("add"));
  return b.emit1("tessera.scatter", {dest, idx, upd}, std::move(a));
}
}  // namespace

// gather / embedding: the cotangent is scatter-added (duplicates accumulate in C order).
bool vjp_Gather(VjpCtx& c) {
  const int64_t axis = attr_axis(c.op, "axis", 0, c.x[0]->type.rank());
  c.dx[0] = scatter_add(c.b, c.b.zeros(c.x[0]->type), c.x[1], c.dy[0], axis);
  return true;
}
bool jvp_Gather(JvpCtx& c) {
  c.dy[0] = first(c.b.copy(c.op, {c.dx[0], c.x[1]}));
  return true;
}
bool vjp_Embedding(VjpCtx& c) {
  c.dx[0] = scatter_add(c.b, c.b.zeros(c.x[0]->type), c.x[1], c.dy[0], 0);
  return true;
}
bool jvp_Embedding(JvpCtx& c) { return jvp_Gather(c); }

// scatter: "add" passes g to dest and gathers it for the updates; "none" zeroes the overwritten
// positions of dest's cotangent (exact for distinct indices).
bool vjp_Scatter(VjpCtx& c) {
  const int64_t axis = attr_axis(c.op, "axis", 0, c.x[0]->type.rank());
  ir::AttrDict a;
  a.set("axis", Attr::integer_attr(axis));
  if (c.wants(2)) c.dx[2] = c.b.emit1("tessera.gather", {c.dy[0], c.x[1]}, a);
  if (c.wants(0)) {
    if (c.op.attrs.get_string("reduction", "none") == "add")
      c.dx[0] = c.dy[0];
    else
      c.dx[0] = c.b.emit1("tessera.scatter", {c.dy[0], c.x[1], c.b.zeros(c.x[2]->type)}, a);
  }
  return true;
}
bool jvp_Scatter(JvpCtx& c) {
  Value* d = c.dx[0] ? c.dx[0] : c.b.zeros(c.x[0]->type);
  Value* u = c.dx[2] ? c.dx[2] : c.b.zeros(c.x[2]->type);
  c.dy[0] = first(c.b.copy(c.op, {d, c.x[1], u}));
  return true;
}

namespace {

/// topk along the last axis of `x` (shape [..., n]) with indices `idx` ([..., k]): the selection
/// as a 0/1 tensor [..., k, n] of x's element type (one-hot rows of the indices).
Value* topk_selection(Builder& b, Value* x, Value* idx) {
  const int64_t n = x->type.shape.back();
  std::vector<int64_t> col = idx->type.shape, iota(static_cast<size_t>(n));
  col.push_back(1);
  for (int64_t j = 0; j < n; ++j) iota[static_cast<size_t>(j)] = j;
  Value* hit =
      b.emit1("tessera.cmp_eq", {b.reshape(idx, col), b.int_vector(iota, idx->type.dtype)});
  const DType t = x->type.dtype;
  return b.select(hit, b.scalar(1.0, t), b.scalar(0.0, t));
}

/// The permutation that swaps `axis` with the last dim (its own inverse), or empty if it is last.
std::vector<int64_t> swap_last(int64_t axis, int64_t rank) {
  if (axis == rank - 1) return {};
  std::vector<int64_t> p(static_cast<size_t>(rank));
  std::iota(p.begin(), p.end(), 0);
  std::swap(p[static_cast<size_t>(axis)], p.back());
  return p;
}

Value* maybe_transpose(Builder& b, Value* v, const std::vector<int64_t>& p) {
  return p.empty() ? v : b.transpose(v, p);
}

}  // namespace

// topk: the values' cotangent goes to the selected positions (one-hot of the indices); the
// indices have none. Other axes are moved last and back with transposes.
bool vjp_Topk(VjpCtx& c) {
  const int64_t rank = c.x[0]->type.rank();
  auto p = swap_last(attr_axis(c.op, "axis", -1, rank), rank);
  Value* x = maybe_transpose(c.b, c.x[0], p);
  Value* sel = topk_selection(c.b, x, maybe_transpose(c.b, c.y[1], p));
  Value* g = maybe_transpose(c.b, c.dy[0], p);
  if (!g) return false;
  std::vector<int64_t> gs = g->type.shape;
  gs.push_back(1);
  g = c.b.reshape(g, gs);
  Value* dx = c.b.reduce("sum", c.b.mul(g, sel), {rank - 1}, false);
  c.dx[0] = maybe_transpose(c.b, dx, p);
  return true;
}
bool jvp_Topk(JvpCtx& c) {
  const int64_t rank = c.x[0]->type.rank();
  auto p = swap_last(attr_axis(c.op, "axis", -1, rank), rank);
  Value* x = maybe_transpose(c.b, c.x[0], p);
  if (!x) return false;
  Value* sel = topk_selection(c.b, x, maybe_transpose(c.b, c.y[1], p));
  std::vector<int64_t> ts = x->type.shape;
  ts.insert(ts.end() - 1, 1);
  Value* t = c.b.reshape(maybe_transpose(c.b, c.dx[0], p), ts);
  Value* ty = c.b.reduce("sum", c.b.mul(sel, t), {rank}, false);
  c.dy[0] = maybe_transpose(c.b, ty, p);
  return true;
}

}  // namespace tessera::transforms::autodiff
