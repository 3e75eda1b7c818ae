// Derivative rules of the elementwise Graph ops (docs/ops/graph/elementwise.md, "Derivatives").
#include <cmath>
#include <cstring>

#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Value;

namespace {

Value* cmp(Builder& b, const char* name, Value* x, Value* y) { return b.emit1(name, {x, y}); }
/// 1 where `c`, else 0, in `dtype` (the shape of `c`).
Value* indicator(Builder& b, Value* c, DType dtype) {
  return b.select(c, b.scalar(1.0, dtype), b.scalar(0.0, dtype));
}
/// a + b where either may be null (zero); null when both are.
Value* add_opt(Builder& b, Value* a, Value* c) { return !a ? c : !c ? a : b.add(a, c); }

}  // namespace

// add: d lhs = d rhs = g, summed over broadcast dims.
bool vjp_Add(VjpCtx& c) {
  for (size_t i = 0; i < 2; ++i)
    if (c.wants(i)) c.dx[i] = c.b.unbroadcast(c.dy[0], c.x[i]->type);
  return true;
}
bool jvp_Add(JvpCtx& c) {
  c.dy[0] = c.b.broadcast_if_needed(add_opt(c.b, c.dx[0], c.dx[1]), c.y[0]->type.shape);
  return true;
}

bool vjp_Sub(VjpCtx& c) {
  if (c.wants(0)) c.dx[0] = c.b.unbroadcast(c.dy[0], c.x[0]->type);
  if (c.wants(1)) c.dx[1] = c.b.unbroadcast(c.b.neg(c.dy[0]), c.x[1]->type);
  return true;
}
bool jvp_Sub(JvpCtx& c) {
  Value* t = !c.dx[1] ? c.dx[0] : !c.dx[0] ? c.b.neg(c.dx[1]) : c.b.sub(c.dx[0], c.dx[1]);
  c.dy[0] = c.b.broadcast_if_needed(t, c.y[0]->type.shape);
  return true;
}

bool vjp_Mul(VjpCtx& c) {
  if (c.wants(0)) c.dx[0] = c.b.unbroadcast(c.b.mul(c.dy[0], c.x[1]), c.x[0]->type);
  if (c.wants(1)) c.dx[1] = c.b.unbroadcast(c.b.mul(c.x[0], c.dy[0]), c.x[1]->type);
  return true;
}
bool jvp_Mul(JvpCtx& c) {
  Value* a = c.dx[0] ? c.b.mul(c.dx[0], c.x[1]) : nullptr;
  Value* d = c.dx[1] ? c.b.mul(c.x[0], c.dx[1]) : nullptr;
  c.dy[0] = c.b.broadcast_if_needed(add_opt(c.b, a, d), c.y[0]->type.shape);
  return true;
}

// div: d lhs = g / rhs; d rhs = -(g * y) / rhs.
bool vjp_Div(VjpCtx& c) {
  if (c.wants(0)) c.dx[0] = c.b.unbroadcast(c.b.div(c.dy[0], c.x[1]), c.x[0]->type);
  if (c.wants(1))
    c.dx[1] = c.b.unbroadcast(c.b.neg(c.b.div(c.b.mul(c.dy[0], c.y[0]), c.x[1])), c.x[1]->type);
  return true;
}
bool jvp_Div(JvpCtx& c) {
  Value* a = c.dx[0] ? c.b.div(c.dx[0], c.x[1]) : nullptr;
  Value* d = c.dx[1] ? c.b.neg(c.b.div(c.b.mul(c.y[0], c.dx[1]), c.x[1])) : nullptr;
  c.dy[0] = c.b.broadcast_if_needed(add_opt(c.b, a, d), c.y[0]->type.shape);
  return true;
}

namespace {

/// The weights of max/min's operands (the tie rule): 1 for the operand that wins strictly, 1/2
/// each on a tie (as jax.lax.max / min), 0 for the loser.
void minmax_weights(Builder& b, Value* x0, Value* x1, bool is_max, Value*& w0, Value*& w1) {
  const DType t = x0->type.dtype;
  Value* eq = cmp(b, "tessera.cmp_eq", x0, x1);
  Value* half = b.select(eq, b.scalar(0.5, t), b.scalar(0.0, t));
  w0 = b.select(cmp(b, is_max ? "tessera.cmp_gt" : "tessera.cmp_lt", x0, x1), b.scalar(1.0, t),
                half);
  w1 = b.select(cmp(b, is_max ? "tessera.cmp_lt" : "tessera.cmp_gt", x0, x1), b.scalar(1.0, t),
                half);
}

bool vjp_minmax(VjpCtx& c, bool is_max) {
  Value *w0, *w1;
  minmax_weights(c.b, c.x[0], c.x[1], is_max, w0, w1);
  if (c.wants(0)) c.dx[0] = c.b.unbroadcast(c.b.mul(c.dy[0], w0), c.x[0]->type);
  if (c.wants(1)) c.dx[1] = c.b.unbroadcast(c.b.mul(c.dy[0], w1), c.x[1]->type);
  return true;
}

bool jvp_minmax(JvpCtx& c, bool is_max) {
  Value *w0, *w1;
  minmax_weights(c.b, c.x[0], c.x[1], is_max, w0, w1);
  Value* a = c.dx[0] ? c.b.mul(c.dx[0], w0) : nullptr;
  Value* d = c.dx[1] ? c.b.mul(c.dx[1], w1) : nullptr;
  c.dy[0] = c.b.broadcast_if_needed(add_opt(c.b, a, d), c.y[0]->type.shape);
  return true;
}

/// pow's partials: d/dx = y * x^(y-1) (0 where y == 0), d/dy = log(x) * x^y (0 where x == 0),
/// as jax.lax.pow.
Value* pow_dbase(Builder& b, Value* x, Value* p) {
  const DType t = x->type.dtype;
  Value* pm1 = b.sub(p, b.scalar(1.0, t));
  Value* d = b.mul(p, b.emit1("tessera.pow", {x, pm1}));
  return b.select(cmp(b, "tessera.cmp_eq", p, b.scalar(0.0, t)), b.scalar(0.0, t), d);
}
Value* pow_dexp(Builder& b, Value* x, Value* y) {
  const DType t = x->type.dtype;
  Value* safe = b.select(cmp(b, "tessera.cmp_eq", x, b.scalar(0.0, t)), b.scalar(1.0, t), x);
  return b.mul(b.unary("tessera.log", safe), y);
}

}  // namespace

bool vjp_Max(VjpCtx& c) { return vjp_minmax(c, true); }
bool jvp_Max(JvpCtx& c) { return jvp_minmax(c, true); }
bool vjp_Min(VjpCtx& c) { return vjp_minmax(c, false); }
bool jvp_Min(JvpCtx& c) { return jvp_minmax(c, false); }

bool vjp_Pow(VjpCtx& c) {
  if (c.wants(0))
    c.dx[0] = c.b.unbroadcast(c.b.mul(c.dy[0], pow_dbase(c.b, c.x[0], c.x[1])), c.x[0]->type);
  if (c.wants(1))
    c.dx[1] = c.b.unbroadcast(c.b.mul(c.dy[0], pow_dexp(c.b, c.x[0], c.y[0])), c.x[1]->type);
  return true;
}
bool jvp_Pow(JvpCtx& c) {
  Value* a = c.dx[0] ? c.b.mul(c.dx[0], pow_dbase(c.b, c.x[0], c.x[1])) : nullptr;
  Value* d = c.dx[1] ? c.b.mul(c.dx[1], pow_dexp(c.b, c.x[0], c.y[0])) : nullptr;
  c.dy[0] = c.b.broadcast_if_needed(add_opt(c.b, a, d), c.y[0]->type.shape);
  return true;
}

// select(cond, a, b): the cotangent goes to the chosen branch; cond has none.
bool vjp_Select(VjpCtx& c) {
  Value* zero = c.b.scalar(0.0, c.dy[0]->type.dtype);
  if (c.wants(1)) c.dx[1] = c.b.unbroadcast(c.b.select(c.x[0], c.dy[0], zero), c.x[1]->type);
  if (c.wants(2)) c.dx[2] = c.b.unbroadcast(c.b.select(c.x[0], zero, c.dy[0]), c.x[2]->type);
  return true;
}
bool jvp_Select(JvpCtx& c) {
  Value* zero = c.b.scalar(0.0, c.y[0]->type.dtype);
  Value* t = c.b.select(c.x[0], c.dx[1] ? c.dx[1] : zero, c.dx[2] ? c.dx[2] : zero);
  c.dy[0] = c.b.broadcast_if_needed(t, c.y[0]->type.shape);
  return true;
}

bool vjp_Neg(VjpCtx& c) {
  c.dx[0] = c.b.neg(c.dy[0]);
  return true;
}
bool jvp_Neg(JvpCtx& c) {
  c.dy[0] = c.b.neg(c.dx[0]);
  return true;
}

// cast: the cotangent is cast back to the operand's type; a cast to an integer type has none.
bool vjp_Cast(VjpCtx& c) {
  if (!is_float_value(*c.y[0])) return true;
  c.dx[0] = c.b.cast(c.dy[0], c.x[0]->type.dtype);
  return true;
}
bool jvp_Cast(JvpCtx& c) {
  if (!is_float_value(*c.y[0])) return true;
  c.dy[0] = c.b.cast(c.dx[0], c.y[0]->type.dtype);
  return true;
}

namespace {

/// f'(x) of a unary elementwise op, from x and y = f(x); nullptr for an unknown op.
Value* unary_deriv(Builder& b, const ir::Op& op, Value* x, Value* y) {
  const DType t = x->type.dtype;
  auto k = [&](double v) { return b.scalar(v, t); };
  const std::string& n = op.name;
  if (n == "tessera.exp") return y;
  if (n == "tessera.log") return b.div(k(1.0), x);
  if (n == "tessera.sqrt") return b.div(k(0.5), y);
  if (n == "tessera.rsqrt") return b.mul(k(-0.5), b.div(y, x));
  if (n == "tessera.tanh") return b.sub(k(1.0), b.mul(y, y));
  if (n == "tessera.sigmoid") return b.mul(y, b.sub(k(1.0), y));
  if (n == "tessera.relu") return indicator(b, cmp(b, "tessera.cmp_gt", x, k(0.0)), t);
  if (n == "tessera.abs") {
    // sign(x): 0 at +-0, as jax.numpy.abs.
    Value* neg = b.select(cmp(b, "tessera.cmp_lt", x, k(0.0)), k(-1.0), k(0.0));
    return b.select(cmp(b, "tessera.cmp_gt", x, k(0.0)), k(1.0), neg);
  }
  if (n == "tessera.silu") {
    Value* s = b.unary("tessera.sigmoid", x);
    return b.mul(s, b.add(k(1.0), b.mul(x, b.sub(k(1.0), s))));
  }
  if (n == "tessera.gelu") {
    if (op.attrs.get_string("approximate", "none") == "tanh") {
      // 0.5 (1 + t) + 0.5 x (1 - t^2) c (1 + 3 * 0.044715 x^2), t = tanh(c (x + 0.044715 x^3)).
      const double kc = 0.7978845608028654;
      Value* x2 = b.mul(x, x);
      Value* u = b.mul(k(kc), b.add(x, b.mul(k(0.044715), b.mul(x2, x))));
      Value* th = b.unary("tessera.tanh", u);
      Value* left = b.mul(k(0.5), b.add(k(1.0), th));
      Value* du = b.mul(k(kc), b.add(k(1.0), b.mul(k(3 * 0.044715), x2)));
      Value* right = b.mul(b.mul(b.mul(k(0.5), x), b.sub(k(1.0), b.mul(th, th))), du);
      return b.add(left, right);
    }
    // Phi(x) + x phi(x); Phi(x) = gelu(x) / x (1/2 at x = 0), phi(x) = exp(-x^2/2) / sqrt(2 pi).
    Value* ratio = b.div(y, x);
    Value* phi_cdf = b.select(cmp(b, "tessera.cmp_eq", x, k(0.0)), k(0.5), ratio);
    Value* pdf = b.mul(k(0.3989422804014327), b.unary("tessera.exp", b.mul(k(-0.5), b.mul(x, x))));
    return b.add(phi_cdf, b.mul(x, pdf));
  }
  b.fail("internal: no derivative of unary '" + n + "'");
  return nullptr;
}

}  // namespace

bool vjp_unary(VjpCtx& c) {
  Value* d = unary_deriv(c.b, c.op, c.x[0], c.y[0]);
  c.dx[0] = c.b.mul(c.dy[0], d);
  return c.b.ok();
}
bool jvp_unary(JvpCtx& c) {
  Value* d = unary_deriv(c.b, c.op, c.x[0], c.y[0]);
  c.dy[0] = c.b.mul(c.dx[0], d);
  return c.b.ok();
}

}  // namespace tessera::transforms::autodiff
