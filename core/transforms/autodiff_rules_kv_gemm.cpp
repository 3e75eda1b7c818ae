// Derivative rules of the KV cache ops and grouped GEMM (docs/ops/graph/{kv_cache,
// grouped_gemm}.md, "Derivatives").
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

ir::AttrDict axis_attrs(const ir::Op& op) {
  ir::AttrDict a;
  if (const Attr* ax = op.attrs.get("axis")) a.set("axis", *ax);
  return a;
}

Value* append(Builder& b, const ir::Op& op, Value* cache, Value* v, Value* pos) {
  return b.emit1("tessera.kv_cache.append", {cache, v, pos}, axis_attrs(op));
}

Value* read(Builder& b, const ir::Op& op, Value* cache, Value* start, int64_t length) {
  ir::AttrDict a = axis_attrs(op);
  a.set("length", Attr::integer_attr(length));
  return b.emit1("tessera.kv_cache.read", {cache, start}, std::move(a));
}

int64_t seq_len(const ir::Op& op, const ir::Type& t) {
  return t.shape[static_cast<size_t>(attr_axis(op, "axis", -2, t.rank()))];
}

}  // namespace

// append: d cache = g with the written window zeroed; d new = the window of g.
bool vjp_KvCacheAppend(VjpCtx& c) {
  if (c.wants(0)) c.dx[0] = append(c.b, c.op, c.dy[0], c.b.zeros(c.x[1]->type), c.x[2]);
  if (c.wants(1)) c.dx[1] = read(c.b, c.op, c.dy[0], c.x[2], seq_len(c.op, c.x[1]->type));
  return c.b.ok();
}
bool jvp_KvCacheAppend(JvpCtx& c) {
  Value* tc = c.dx[0] ? c.dx[0] : c.b.zeros(c.x[0]->type);
  Value* tn = c.dx[1] ? c.dx[1] : c.b.zeros(c.x[1]->type);
  c.dy[0] = append(c.b, c.op, tc, tn, c.x[2]);
  return c.b.ok();
}

// read: d cache = zeros with g written at the window.
bool vjp_KvCacheRead(VjpCtx& c) {
  c.dx[0] = append(c.b, c.op, c.b.zeros(c.x[0]->type), c.dy[0], c.x[1]);
  return c.b.ok();
}
bool jvp_KvCacheRead(JvpCtx& c) {
  c.dy[0] = read(c.b, c.op, c.dx[0], c.x[1], seq_len(c.op, c.y[0]->type));
  return c.b.ok();
}

Value* group_rows(Builder& b, Value* sizes, int64_t rows, DType dtype) {
  const int64_t groups = sizes->type.shape[0];
  ir::Attr tri;
  tri.kind = ir::Attr::Kind::dense;
  tri.type = ir::Type::tensor(DType::i1, {groups, groups});
  for (int64_t g = 0; g < groups; ++g)
    for (int64_t h = 0; h < groups; ++h)
      tri.data.push_back(std::byte{h <= g ? uint8_t{1} : uint8_t{0}});
  ir::Type tt = tri.type;
  ir::AttrDict a;
  a.set("value", std::move(tri));
  Value* lower = b.emit1("tessera.constant", {}, std::move(a), {tt});
  Value* lowf = b.select(lower, b.scalar(1.0, dtype), b.scalar(0.0, dtype));
  Value* sz = b.reshape(b.cast(sizes, dtype), {groups, 1});
  Value* end = b.matmul(lowf, sz, false, false, dtype);  // [G, 1]
  Value* start = b.sub(end, sz);
  std::vector<int64_t> idx(static_cast<size_t>(rows));
  for (int64_t i = 0; i < rows; ++i) idx[static_cast<size_t>(i)] = i;
  Value* row = b.cast(b.int_vector(idx), dtype);  // [M]
  Value* in = b.emit1("tessera.cmp_ge", {row, start});
  Value* before = b.emit1("tessera.cmp_lt", {row, end});
  Value* zero = b.scalar(0.0, dtype);
  return b.select(in, b.select(before, b.scalar(1.0, dtype), zero), zero);  // [G, M]
}

namespace {

Value* grouped(Builder& b, Value* x, Value* w, Value* sizes) {
  return b.emit1("tessera.grouped_gemm", {x, w, sizes});
}

}  // namespace

// grouped_gemm: d x = grouped_gemm(g, w^T per group); d w[g] = x_g^T g_g over the group's rows.
bool vjp_GroupedGemm(VjpCtx& c) {
  Value *x = c.x[0], *w = c.x[1], *sizes = c.x[2], *g = c.dy[0];
  if (c.wants(0)) c.dx[0] = grouped(c.b, g, c.b.transpose(w, {0, 2, 1}), sizes);
  if (c.wants(1)) {
    const auto& xs = x->type.shape;
    Value* mask = group_rows(c.b, sizes, xs[0], x->type.dtype);
    const int64_t groups = w->type.shape[0];
    Value* xm = c.b.mul(c.b.reshape(mask, {groups, xs[0], 1}), x);  // [G, M, K]
    c.dx[1] = c.b.matmul(xm, g, true, false, w->type.dtype);        // [G, K, N]
  }
  return c.b.ok();
}
bool jvp_GroupedGemm(JvpCtx& c) {
  Value* a = c.dx[0] ? grouped(c.b, c.dx[0], c.x[1], c.x[2]) : nullptr;
  Value* d = c.dx[1] ? grouped(c.b, c.x[0], c.dx[1], c.x[2]) : nullptr;
  c.dy[0] = !a ? d : !d ? a : c.b.add(a, d);
  return c.b.ok();
}

}  // namespace tessera::transforms::autodiff
