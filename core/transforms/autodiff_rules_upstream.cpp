// Derivative rules of upstream Tessera's newer Graph ops (docs/ops/graph/{swiglu,scaled_matmul,
// neighbors}.md, "Derivatives"): silu_mul and swiglu_fused through their decompositions,
// scaled_matmul as the matmul of its dequantized operands (scales: zero derivative), and the
// one-device halo ops as the identity.
#include <cmath>

#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Value;

// silu_mul(g, u) = silu(g) * u.
std::vector<Value*> decompose_SiluMul(Builder& b, const ir::Op&, std::span<Value* const> x) {
  return {b.mul(b.unary("tessera.silu", x[0]), x[1])};
}

// swiglu_fused(x, wg, wu, wd) = silu_mul(x wg, x wu) wd.
std::vector<Value*> decompose_SwigluFused(Builder& b, const ir::Op&, std::span<Value* const> x) {
  const DType t = x[0]->type.dtype;
  Value* gate = b.matmul(x[0], x[1], false, false, t);
  Value* up = b.matmul(x[0], x[2], false, false, t);
  return {b.matmul(b.mul(b.unary("tessera.silu", gate), up), x[3], false, false, t)};
}

namespace {

/// The scale_layout of a scaled_matmul: block [bn, bk] and whether scales are e8m0 bytes.
struct ScaleLayout {
  int64_t bn = 1, bk = 1;
  bool e8m0 = true;
};

ScaleLayout layout_of(const ir::Op& op) {
  ScaleLayout l;
  if (const ir::Attr* sl = op.attrs.get("scale_layout"); sl && sl->kind == ir::Attr::Kind::dict) {
    if (const ir::Attr* blk = sl->get("block")) {
      if (auto v = blk->as_int_array(); v && v->size() == 2) {
        l.bn = (*v)[0];
        l.bk = (*v)[1];
      }
    }
    const ir::Attr* f = sl->get("format");
    l.e8m0 = !(f && f->kind == ir::Attr::Kind::string && f->s == "fp32");
  }
  return l;
}

/// The f32 values of a scale tensor: fp32 scales as they are; e8m0 bytes e (i8 read unsigned)
/// as 2^(e - 127), NaN for e = 255 (scaled_matmul's "Scale values").
Value* decode(Builder& b, Value* s, bool e8m0) {
  const DType t = DType::f32;
  Value* v = b.cast(s, t);
  if (!e8m0) return v;
  if (s->type.dtype == DType::i8)
    v = b.select(b.emit1("tessera.cmp_lt", {v, b.scalar(0, t)}), b.add(v, b.scalar(256, t)), v);
  Value* p = b.emit1("tessera.pow", {b.scalar(2, t), b.sub(v, b.scalar(127, t))});
  return b.select(b.emit1("tessera.cmp_eq", {v, b.scalar(255, t)}), b.scalar(NAN, t), p);
}

/// The per-element scale factors of both operands, in their own layouts (a [M, K]; b [K, N],
/// or [N, K] with transpose_b). Returns false (after reporting) for the forms not covered.
bool factors(Builder& b, const ir::Op& op, std::span<Value* const> x, Value*& fa, Value*& fb) {
  const ScaleLayout l = layout_of(op);
  const auto& as = x[0]->type.shape;
  const auto& bs = x[1]->type.shape;
  const bool tb = op.attrs.get_bool("transpose_b", false);
  if (as.size() != 2 || bs.size() != 2) {
    b.fail("no derivative rule yet for a batched tessera.scaled_matmul");
    return false;
  }
  const int64_t m = as[0], k = as[1], n = tb ? bs[0] : bs[1];
  if (l.bk <= 0 || l.bn <= 0 || k % l.bk != 0 || n % l.bn != 0) {
    b.fail("no derivative rule yet for a tessera.scaled_matmul whose N is not a multiple of bn");
    return false;
  }
  const int64_t nk = k / l.bk, nb = n / l.bn;
  Value* sa = b.reshape(decode(b, x[2], l.e8m0), {m, nk, 1});
  fa = b.reshape(b.broadcast(sa, {m, nk, l.bk}), {m, k});
  Value* sb = b.reshape(decode(b, x[3], l.e8m0), {nk, 1, nb, 1});
  fb = b.reshape(b.broadcast(sb, {nk, l.bk, nb, l.bn}), {k, n});
  if (tb) fb = b.transpose(fb, {1, 0});
  return b.ok();
}

}  // namespace

// scaled_matmul: C = A op(B), A = a f_a, B = b f_b (the dequantized operands, f the expanded
// scales). vjp: d a = cast((g op(B)^T) f_a, a's format), d b likewise; the scales get zero (as
// quantize's block scales do).
bool vjp_ScaledMatmul(VjpCtx& c) {
  Builder& b = c.b;
  Value* g = c.dy[0];
  if (!g || (!c.wants(0) && !c.wants(1))) return true;
  Value *fa = nullptr, *fb = nullptr;
  if (!factors(b, c.op, c.x, fa, fb)) return false;
  const bool tb = c.op.attrs.get_bool("transpose_b", false);
  const DType t = DType::f32;
  g = b.cast(g, t);
  Value* A = b.mul(b.cast(c.x[0], t), fa);
  Value* B = b.mul(b.cast(c.x[1], t), fb);
  if (c.wants(0)) c.dx[0] = b.cast(b.mul(b.matmul(g, B, false, !tb, t), fa), c.x[0]->type.dtype);
  if (c.wants(1)) {
    Value* dB = tb ? b.matmul(g, A, true, false, t) : b.matmul(A, g, true, false, t);
    c.dx[1] = b.cast(b.mul(dB, fb), c.x[1]->type.dtype);
  }
  return b.ok();
}

// jvp: (t_a f_a) op(B) + A op(t_b f_b), rounded to the result's type.
bool jvp_ScaledMatmul(JvpCtx& c) {
  Builder& b = c.b;
  if (!c.dx[0] && !c.dx[1]) return true;
  Value *fa = nullptr, *fb = nullptr;
  if (!factors(b, c.op, c.x, fa, fb)) return false;
  const bool tb = c.op.attrs.get_bool("transpose_b", false);
  const DType t = DType::f32;
  Value* out = nullptr;
  if (c.dx[0]) {
    Value* B = b.mul(b.cast(c.x[1], t), fb);
    out = b.matmul(b.mul(b.cast(c.dx[0], t), fa), B, false, tb, t);
  }
  if (c.dx[1]) {
    Value* A = b.mul(b.cast(c.x[0], t), fa);
    Value* term = b.matmul(A, b.mul(b.cast(c.dx[1], t), fb), false, tb, t);
    out = out ? b.add(out, term) : term;
  }
  c.dy[0] = b.cast(out, c.y[0]->type.dtype);
  return b.ok();
}

// halo.region / halo.exchange: on one device the result is the field (identity); a halo token
// result carries no value.
bool vjp_HaloIdentity(VjpCtx& c) {
  if (!c.y.empty() && !c.dy.empty() && c.dy[0] && c.wants(0) &&
      c.y[0]->type.dtype == c.x[0]->type.dtype && c.y[0]->type.shape == c.x[0]->type.shape)
    c.dx[0] = c.dy[0];
  return true;
}

bool jvp_HaloIdentity(JvpCtx& c) {
  if (!c.y.empty() && c.dx[0] && c.y[0]->type.shape == c.x[0]->type.shape &&
      c.y[0]->type.dtype == c.x[0]->type.dtype)
    c.dy[0] = c.dx[0];
  return true;
}

}  // namespace tessera::transforms::autodiff
