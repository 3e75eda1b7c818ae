// Derivative rules of tessera.quantize and tessera.dequantize (docs/ops/graph/quantization.md,
// "Derivatives"): dequantize is linear in its elements and in its f32 scales; quantize's rounding
// has zero derivative almost everywhere, its f32 scale results follow the tensor's amax.
#include <cmath>

#include "core/numerics/mx.h"
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

std::string scheme_of(const ir::Op& op) { return op.attrs.get_string("scheme", ""); }

/// Every axis of `v`.
std::vector<int64_t> all_axes(const Value* v) {
  std::vector<int64_t> all;
  for (size_t d = 0; d < v->type.shape.size(); ++d) all.push_back(static_cast<int64_t>(d));
  return all;
}

/// dequantize(q, scales...) with the op's attributes.
Value* dequantize(Builder& b, const ir::Op& op, std::vector<Value*> operands) {
  ir::AttrDict a;
  a.set("scheme", Attr::string_attr(scheme_of(op)));
  return b.emit1("tessera.dequantize", std::move(operands), std::move(a));
}

/// The operands of dequantize with operand `k` replaced by `v`.
std::vector<Value*> with(std::span<Value* const> x, size_t k, Value* v) {
  std::vector<Value*> out(x.begin(), x.end());
  out[k] = v;
  return out;
}

/// Which dequantize operands are differentiated: q (#0); the f32 scale of "tensor" (#1) and the
/// f32 global scale of "nvfp4" (#2). The block scales (e8m0, e4m3 codes) are not.
bool dequant_diff(const std::string& scheme, size_t k) {
  return k == 0 || (scheme == "tensor" && k == 1) || (scheme == "nvfp4" && k == 2);
}

/// The derivative of amax = max |x| (all elements), scaled by `factor` where the scale it sets
/// is amax-dependent (0 < amax < Inf), else 0: `sign(x) * [|x| == amax] / count` (ties share
/// equally, as JAX's max). Returns that [x-shaped] weight tensor (f32).
Value* amax_weight(Builder& b, Value* x32, double factor) {
  const std::vector<int64_t> all = all_axes(x32);
  const DType t = DType::f32;
  Value* ax = b.unary("tessera.abs", x32);
  Value* m = b.reduce("max", ax, all, true);
  Value* hit = b.emit1("tessera.cmp_eq", {ax, m});
  Value* zero = b.scalar(0, t);
  Value* one_hot = b.select(hit, b.scalar(1, t), zero);
  Value* count = b.reduce("sum", one_hot, all, true);
  Value* neg = b.emit1("tessera.cmp_lt", {x32, zero});
  Value* pos = b.emit1("tessera.cmp_gt", {x32, zero});
  Value* sign = b.select(neg, b.scalar(-1, t), b.select(pos, b.scalar(1, t), zero));
  // The scale is the constant 1 when amax is 0, Inf or NaN.
  Value* live = b.select(
      b.emit1("tessera.cmp_gt", {m, zero}),
      b.select(b.emit1("tessera.cmp_lt", {m, b.scalar(INFINITY, t)}), b.scalar(factor, t), zero),
      zero);
  return b.mul(b.div(b.mul(sign, one_hot), count), live);
}

/// The index of quantize's amax-dependent f32 scale result and its factor 1 / divisor
/// (-1 when there is none: "mx", or "tensor" with a given scale).
int scale_result(const ir::Op& op, size_t noperands, double& factor) {
  const std::string s = scheme_of(op);
  if (s == "tensor" && noperands == 1) {
    factor = 1.0 / num::max_finite_value(op.results[0]->type.dtype);
    return 1;
  }
  if (s == "nvfp4") {
    factor = 1.0 / (448.0 * 6.0);
    return 2;
  }
  return -1;
}

}  // namespace

// dequantize y = value(q) f, f the per-element factor (scale; 2^(S-127); value(s) g): linear in
// q and in the f32 scales. vjp: d q = cast(g_y f, F) with f = dequantize(1, scales...);
// d scale ("tensor") = sum(g_y value(q)); d g ("nvfp4") = sum(g_y dequantize(q, s, 1)).
bool vjp_Dequantize(VjpCtx& c) {
  Builder& b = c.b;
  const std::string s = scheme_of(c.op);
  Value* g = c.dy[0];
  if (!g) return true;
  if (c.wants(0)) {
    Value* f = dequantize(b, c.op, with(c.x, 0, b.fill(c.x[0]->type, 1.0)));
    c.dx[0] = b.cast(b.mul(g, f), c.x[0]->type.dtype);
  }
  for (size_t k = 1; k < c.x.size(); ++k) {
    if (!c.wants(k) || !dequant_diff(s, k)) continue;
    Value* unit = dequantize(b, c.op, with(c.x, k, b.scalar(1.0, DType::f32)));
    c.dx[k] = b.reduce("sum", b.mul(g, unit), all_axes(g), false);
  }
  return b.ok();
}

// jvp: dequantize(t_q, scales...) + dequantize(q, t_scale) (+ dequantize(q, s, t_g)).
bool jvp_Dequantize(JvpCtx& c) {
  Builder& b = c.b;
  const std::string s = scheme_of(c.op);
  Value* out = nullptr;
  for (size_t k = 0; k < c.x.size(); ++k) {
    if (!c.dx[k] || !dequant_diff(s, k)) continue;
    Value* term = dequantize(b, c.op, with(c.x, k, c.dx[k]));
    out = out ? b.add(out, term) : term;
  }
  c.dy[0] = out;
  return b.ok();
}

// quantize: q = round(x / f) has zero derivative almost everywhere (as jnp.round in JAX); the
// e8m0 / e4m3 block scales are piecewise constant (zero). The f32 scale results: "tensor" with a
// scale operand returns it (identity); "tensor" without one gives amax / max_finite(F) and
// "nvfp4" gives g = amax / 2688 (derivative: amax_weight); each is the constant 1 when amax is
// 0, Inf or NaN (zero derivative).
bool vjp_Quantize(VjpCtx& c) {
  Builder& b = c.b;
  double factor = 0;
  const int k = scale_result(c.op, c.x.size(), factor);
  if (scheme_of(c.op) == "tensor" && c.x.size() == 2 && c.wants(1)) c.dx[1] = c.dy[1];
  if (k < 0 || !c.wants(0) || !c.dy[static_cast<size_t>(k)]) return b.ok();
  Value* x32 = b.cast(c.x[0], DType::f32);
  Value* gx = b.mul(amax_weight(b, x32, factor), c.dy[static_cast<size_t>(k)]);
  c.dx[0] = b.cast(gx, c.x[0]->type.dtype);
  return b.ok();
}

bool jvp_Quantize(JvpCtx& c) {
  Builder& b = c.b;
  double factor = 0;
  const int k = scale_result(c.op, c.x.size(), factor);
  if (scheme_of(c.op) == "tensor" && c.x.size() == 2) c.dy[1] = c.dx[1];
  if (k < 0 || !c.dx[0]) return b.ok();
  Value* x32 = b.cast(c.x[0], DType::f32);
  Value* w = b.mul(amax_weight(b, x32, factor), b.cast(c.dx[0], DType::f32));
  c.dy[static_cast<size_t>(k)] = b.reduce("sum", w, all_axes(w), false);
  return b.ok();
}

}  // namespace tessera::transforms::autodiff
