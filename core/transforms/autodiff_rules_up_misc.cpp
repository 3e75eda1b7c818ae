// Derivative rules of upstream op family misc (docs/ops/graph/{rope,carriers}.md, "Derivatives"):
// each op through a decomposition into differentiable Graph ops.
#include <cmath>
#include <limits>

#include "core/ops/misc_gemm.h"
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

Value* softmax(Builder& b, Value* x, int64_t axis) {
  ir::AttrDict a;
  a.set("axis", Attr::integer_attr(axis));
  return b.emit1("tessera.softmax", {x}, std::move(a));
}

}  // namespace

namespace {

/// x [..., K] viewed as [..., K/2, 2]: the rotation pairs.
Value* pairs(Builder& b, Value* v) {
  std::vector<int64_t> shape = v->type.shape;
  shape.back() /= 2;
  shape.push_back(2);
  return b.reshape(v, shape);
}

/// Element j (0: even, 1: odd) of every pair of `p` ([..., K/2, 2]), as [..., K/2, 1].
Value* half(Builder& b, Value* p, int64_t j) {
  const size_t r = p->type.shape.size();
  std::vector<Attr> start, limit;
  for (size_t d = 0; d < r; ++d) {
    start.push_back(Attr::integer_attr(d + 1 == r ? j : 0));
    limit.push_back(Attr::integer_attr(d + 1 == r ? j + 1 : p->type.shape[d]));
  }
  ir::AttrDict a;
  a.set("start", Attr::array_attr(std::move(start)));
  a.set("limit", Attr::array_attr(std::move(limit)));
  return b.emit1("tessera.slice", {p}, std::move(a));
}

/// Pairs (e, o) of [..., K/2, 1] halves joined back into the [...] shape `like` of x.
Value* join(Builder& b, Value* e, Value* o, const ir::Type& like) {
  ir::AttrDict a;
  a.set("axis", Attr::integer_attr(static_cast<int64_t>(e->type.shape.size()) - 1));
  return b.reshape(b.emit1("tessera.concat", {e, o}, std::move(a)), like.shape);
}

bool static_shape(const ir::Type& t) {
  for (int64_t d : t.shape)
    if (d == ir::kDynamic) return false;
  return true;
}

}  // namespace

// rope_d1: y = rope(x, a) with a = theta / scale turns each pair by a[2p]. The rotation's
// transpose turns back: d x = rope(g, -theta) (the same op and scale). d a[2p] = g[2p] dy[2p]/da
// + g[2p+1] dy[2p+1]/da = g[2p+1] y[2p] - g[2p] y[2p+1]; d a[2p+1] = 0 (not read); d theta =
// d a / scale, summed over x's leading dims.
bool vjp_Rope(VjpCtx& c) {
  Builder& b = c.b;
  Value* g = c.dy[0];
  c.dx.assign(2, nullptr);
  if (c.wants(0)) c.dx[0] = b.copy(c.op, {g, b.neg(c.x[1])})[0];
  if (c.wants(1)) {
    const ir::Type& xt = c.x[0]->type;
    if (!static_shape(xt)) {
      b.fail("the derivative of rope's theta needs static shapes");
      return false;
    }
    Value* gp = pairs(b, g);
    Value* yp = pairs(b, c.y[0]);
    Value* t = b.sub(b.mul(half(b, gp, 1), half(b, yp, 0)), b.mul(half(b, gp, 0), half(b, yp, 1)));
    Value* full = join(b, t, b.zeros(t->type), xt);
    const double scale = c.op.attrs.get_float("scale", 1.0);
    if (scale != 1.0) full = b.div(full, b.scalar(scale, xt.dtype));
    c.dx[1] = b.unbroadcast(full, c.x[1]->type);
  }
  return b.ok();
}

// rope_d1 forward: dy = rope(dx, theta) + the pairs (-y[2p+1], y[2p]) times d a[2p].
bool jvp_Rope(JvpCtx& c) {
  Builder& b = c.b;
  Value* dy = c.dx[0] ? b.copy(c.op, {c.dx[0], c.x[1]})[0] : nullptr;
  if (c.dx[1]) {
    const ir::Type& xt = c.x[0]->type;
    if (!static_shape(xt)) {
      b.fail("the derivative of rope's theta needs static shapes");
      return false;
    }
    Value* da = b.broadcast_if_needed(c.dx[1], xt.shape);
    const double scale = c.op.attrs.get_float("scale", 1.0);
    if (scale != 1.0) da = b.div(da, b.scalar(scale, xt.dtype));
    Value* te = half(b, pairs(b, da), 0);
    Value* yp = pairs(b, c.y[0]);
    Value* turn = join(b, b.neg(b.mul(half(b, yp, 1), te)), b.mul(half(b, yp, 0), te), xt);
    dy = dy ? b.add(dy, turn) : turn;
  }
  c.dy = {dy};
  return b.ok();
}

// target_verify(tokens, logits) = softmax(logits, axis = -1); tokens are integers.
std::vector<Value*> decompose_TargetVerify(Builder& b, const ir::Op&, std::span<Value* const> x) {
  return {softmax(b, x[1], -1)};
}

// softmax_safe(x) = select(all_ninf, 0, softmax(select(all_ninf, 0, x))) with all_ninf the rows
// whose maximum is -Inf (the inner select keeps their softmax, and so its derivative, finite).
std::vector<Value*> decompose_SoftmaxSafe(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  const ir::Type& t = x[0]->type;
  const int64_t axis = attr_axis(op, "axis", -1, t.rank());
  Value* m = b.reduce("max", x[0], {axis}, true);
  Value* dead =
      b.emit1("tessera.cmp_eq", {m, b.scalar(-std::numeric_limits<double>::infinity(), t.dtype)});
  Value* full = b.broadcast(dead, t.shape);
  Value* zero = b.zeros(t);
  Value* y = softmax(b, b.select(full, zero, x[0]), axis);
  return {b.select(full, zero, y)};
}

// normalization_stats(x) = (mean, 1 / sqrt(var + eps)) along the axis, var = mean((x - mean)^2).
std::vector<Value*> decompose_NormalizationStats(Builder& b, const ir::Op& op,
                                                 std::span<Value* const> x) {
  const ir::Type& t = x[0]->type;
  const int64_t axis = attr_axis(op, "axis", -1, t.rank());
  const double n = static_cast<double>(t.shape[static_cast<size_t>(axis)]);
  const double eps = op.attrs.get_float("epsilon", 1e-5);
  Value* mean = b.div(b.reduce("sum", x[0], {axis}, false), b.scalar(n, t.dtype));
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < t.rank(); ++d)
    if (d != axis) dims.push_back(d);
  Value* d = b.sub(x[0], b.broadcast(mean, t.shape, &dims));
  Value* var = b.div(b.reduce("sum", b.mul(d, d), {axis}, false), b.scalar(n, t.dtype));
  Value* inv =
      b.div(b.scalar(1.0, t.dtype), b.unary("tessera.sqrt", b.add(var, b.scalar(eps, t.dtype))));
  return {mean, inv};
}

// masked_fill(x, mask) = select(mask, value, x).
std::vector<Value*> decompose_MaskedFill(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  return {b.select(x[1], b.fill(x[0]->type, op.attrs.get_float("value", 0.0)), x[0])};
}

// broadcast_in_dim(x[, like]) = broadcast(x) to the result's shape with its dims.
std::vector<Value*> decompose_BroadcastInDim(Builder& b, const ir::Op& op,
                                             std::span<Value* const> x) {
  ir::AttrDict a;
  if (const Attr* dims = op.attrs.get("broadcast_dimensions")) a.set("broadcast_dimensions", *dims);
  return {b.emit1("tessera.broadcast", {x[0]}, std::move(a), {op.results[0]->type})};
}

// fused_epilogue(a, b[, bias]) = act(matmul(a, b) + bias) in the result's type.
std::vector<Value*> decompose_FusedEpilogue(Builder& b, const ir::Op& op,
                                            std::span<Value* const> x) {
  const DType t = op.results[0]->type.dtype;
  Value* v = b.matmul(b.cast(x[0], t), b.cast(x[1], t), false, false, t);
  if (x.size() == 3) v = b.add(v, b.cast(x[2], t));
  switch (ops::fused_epilogue_code(op.attrs.get("epilogue"))) {
    case 1:
      return {b.unary("tessera.relu", v)};
    case 2:
      return {b.unary("tessera.gelu", v)};
    default:
      return {v};
  }
}

// dequant_matmul(x, codes[, scale]) = matmul(x, value(codes) * scale repeated over its groups).
std::vector<Value*> decompose_DequantMatmul(Builder& b, const ir::Op& op,
                                            std::span<Value* const> x) {
  const DType t = x[0]->type.dtype;
  const ir::Type& wt = x[1]->type;
  const auto fmt = ops::dequant_weight_dtype(op.attrs.get("weight_dtype"));
  Value* w = x[1];
  if (fmt && fmt->starts_with("fp8"))
    w = b.cast(w, *fmt == "fp8_e4m3" ? DType::f8e4m3 : DType::f8e5m2);
  w = b.cast(w, t);
  if (x.size() == 3) {
    const int64_t k = wt.shape[0], n = wt.shape[1];
    if (k == ir::kDynamic || n == ir::kDynamic) {
      b.fail("dequant_matmul with a scale needs static weight dims to differentiate");
      return {};
    }
    const int64_t g = op.attrs.get_int("quant_group_size", k);
    const int64_t groups = (k + g - 1) / g;
    const std::vector<int64_t> dims = {0, 2};
    Value* s = b.broadcast(b.cast(x[2], t), {groups, g, n}, &dims);
    s = b.reshape(s, {groups * g, n});
    if (groups * g != k) {
      ir::AttrDict a;
      a.set("start", Attr::array_attr({Attr::integer_attr(0), Attr::integer_attr(0)}));
      a.set("limit", Attr::array_attr({Attr::integer_attr(k), Attr::integer_attr(n)}));
      s = b.emit1("tessera.slice", {s}, std::move(a));
    }
    w = b.mul(w, s);
  }
  return {b.matmul(x[0], w, false, false, t)};
}

// squeeze, unsqueeze and flatten keep the C-order elements: a reshape to the result's shape.
std::vector<Value*> decompose_MiscView(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  return {b.reshape(x[0], op.results[0]->type.shape)};
}

// expand(x) = broadcast(x) to the result's shape (numpy trailing alignment).
std::vector<Value*> decompose_Expand(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  return {b.broadcast(x[0], op.results[0]->type.shape)};
}

}  // namespace tessera::transforms::autodiff
