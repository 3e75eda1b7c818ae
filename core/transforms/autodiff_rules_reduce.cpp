// Derivative rules of reductions, matmul and softmax (docs/ops/graph/{reductions,contractions,
// normalization}.md, "Derivatives").
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Value;

namespace {

struct ReduceInfo {
  std::string kind;
  std::vector<int64_t> axes;
  std::vector<int64_t> kept;  ///< The result shape with keepdims.
  double count = 1;           ///< Elements per reduction.
};

ReduceInfo reduce_info(const ir::Op& op, const ir::Type& x) {
  ReduceInfo r;
  r.kind = op.attrs.get_string("kind", "sum");
  r.axes = attr_axes(op, "axes", x.rank());
  r.kept = x.shape;
  for (int64_t a : r.axes) {
    r.count *= static_cast<double>(x.shape[static_cast<size_t>(a)]);
    r.kept[static_cast<size_t>(a)] = 1;
  }
  return r;
}

/// For max/min: 1 where x equals the (kept-shape) result, and the number of such elements.
void chooser(Builder& b, Value* x, Value* y_kept, const ReduceInfo& r, Value*& mask,
             Value*& count) {
  const DType t = x->type.dtype;
  Value* eq = b.emit1("tessera.cmp_eq", {x, y_kept});
  mask = b.select(eq, b.scalar(1.0, t), b.scalar(0.0, t));
  count = b.reduce("sum", mask, r.axes, true);
}

}  // namespace

// reduce: sum broadcasts g back; mean also divides by the count; max/min send g to the
// elements equal to the result, split evenly among ties (as jax.lax.reduce_max).
bool vjp_Reduce(VjpCtx& c) {
  ReduceInfo r = reduce_info(c.op, c.x[0]->type);
  const auto& xs = c.x[0]->type.shape;
  Value* g = c.b.broadcast(c.b.reshape(c.dy[0], r.kept), xs);
  if (r.kind == "sum") {
    c.dx[0] = g;
  } else if (r.kind == "mean") {
    c.dx[0] = c.b.scale(g, 1.0 / r.count);
  } else {
    Value *mask, *count;
    chooser(c.b, c.x[0], c.b.reshape(c.y[0], r.kept), r, mask, count);
    c.dx[0] = c.b.div(c.b.mul(g, mask), count);
  }
  return true;
}
bool jvp_Reduce(JvpCtx& c) {
  ReduceInfo r = reduce_info(c.op, c.x[0]->type);
  const bool keep = c.op.attrs.get_bool("keepdims", false);
  if (r.kind == "sum" || r.kind == "mean") {
    c.dy[0] = c.b.reduce(r.kind.c_str(), c.dx[0], r.axes, keep);
  } else {
    Value *mask, *count;
    chooser(c.b, c.x[0], c.b.reshape(c.y[0], r.kept), r, mask, count);
    Value* s = c.b.div(c.b.reduce("sum", c.b.mul(c.dx[0], mask), r.axes, true), count);
    c.dy[0] = c.b.reshape(s, c.y[0]->type.shape);
  }
  return true;
}

// matmul y = A B (A = lhs or its transpose, B likewise): dA = g B^T, dB = A^T g, each written
// as one matmul on the stored operands, then summed over broadcast batch dims.
bool vjp_Matmul(VjpCtx& c) {
  const bool ta = c.op.attrs.get_bool("transpose_a", false);
  const bool tb = c.op.attrs.get_bool("transpose_b", false);
  Value *lhs = c.x[0], *rhs = c.x[1], *g = c.dy[0];
  Builder& b = c.b;
  if (c.wants(0)) {
    Value* d = ta ? b.matmul(rhs, g, tb, true, lhs->type.dtype)
                  : b.matmul(g, rhs, false, !tb, lhs->type.dtype);
    c.dx[0] = b.unbroadcast(d, lhs->type);
  }
  if (c.wants(1)) {
    Value* d = tb ? b.matmul(g, lhs, true, ta, rhs->type.dtype)
                  : b.matmul(lhs, g, !ta, false, rhs->type.dtype);
    c.dx[1] = b.unbroadcast(d, rhs->type);
  }
  return true;
}
bool jvp_Matmul(JvpCtx& c) {
  const bool ta = c.op.attrs.get_bool("transpose_a", false);
  const bool tb = c.op.attrs.get_bool("transpose_b", false);
  const DType t = c.y[0]->type.dtype;
  Value* a = c.dx[0] ? c.b.matmul(c.dx[0], c.x[1], ta, tb, t) : nullptr;
  Value* d = c.dx[1] ? c.b.matmul(c.x[0], c.dx[1], ta, tb, t) : nullptr;
  Value* s = !a ? d : !d ? a : c.b.add(a, d);
  c.dy[0] = c.b.broadcast_if_needed(s, c.y[0]->type.shape);
  return true;
}

// softmax: dx = y * (g - sum(g * y)) over the axis; jvp: y * t - y * sum(y * t).
bool vjp_Softmax(VjpCtx& c) {
  const int64_t axis = attr_axis(c.op, "axis", -1, c.x[0]->type.rank());
  Value* gy = c.b.mul(c.dy[0], c.y[0]);
  Value* s = c.b.reduce("sum", gy, {axis}, true);
  c.dx[0] = c.b.sub(gy, c.b.mul(c.y[0], s));
  return true;
}
bool jvp_Softmax(JvpCtx& c) {
  const int64_t axis = attr_axis(c.op, "axis", -1, c.x[0]->type.rank());
  Value* yt = c.b.mul(c.y[0], c.dx[0]);
  c.dy[0] = c.b.sub(yt, c.b.mul(c.y[0], c.b.reduce("sum", yt, {axis}, true)));
  return true;
}

// log_softmax: dx = g - exp(y) * sum(g); jvp: t - sum(exp(y) * t).
bool vjp_LogSoftmax(VjpCtx& c) {
  const int64_t axis = attr_axis(c.op, "axis", -1, c.x[0]->type.rank());
  Value* s = c.b.reduce("sum", c.dy[0], {axis}, true);
  c.dx[0] = c.b.sub(c.dy[0], c.b.mul(c.b.unary("tessera.exp", c.y[0]), s));
  return true;
}
bool jvp_LogSoftmax(JvpCtx& c) {
  const int64_t axis = attr_axis(c.op, "axis", -1, c.x[0]->type.rank());
  Value* p = c.b.mul(c.b.unary("tessera.exp", c.y[0]), c.dx[0]);
  c.dy[0] = c.b.sub(c.dx[0], c.b.reduce("sum", p, {axis}, true));
  return true;
}

}  // namespace tessera::transforms::autodiff
