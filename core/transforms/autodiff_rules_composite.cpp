// Composite Graph ops differentiated through a decomposition into other Graph ops (the backward
// recomputes the decomposition from the op's operands): layer_norm, rmsnorm, flash_attn,
// cross_entropy, mse.
#include <cmath>
#include <limits>

#include "core/numerics/pow64.h"
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

std::vector<int64_t> trailing_axes(int64_t from, int64_t rank) {
  std::vector<int64_t> a;
  for (int64_t d = from; d < rank; ++d) a.push_back(d);
  return a;
}

double epsilon(const ir::Op& op) { return op.attrs.get_float("epsilon", 1e-5); }

}  // namespace

// layer_norm: d = x - mean(x); y = d * rsqrt(mean(d * d) + eps) [* gamma] [+ beta].
std::vector<Value*> decompose_LayerNorm(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  const int64_t rank = x[0]->type.rank();
  auto axes = trailing_axes(attr_axis(op, "axis", -1, rank), rank);
  Value* d = b.sub(x[0], b.reduce("mean", x[0], axes, true));
  Value* var = b.reduce("mean", b.mul(d, d), axes, true);
  Value* r = b.unary("tessera.rsqrt", b.add(var, b.scalar(epsilon(op), x[0]->type.dtype)));
  Value* y = b.mul(d, r);
  if (x.size() > 1) y = b.mul(y, x[1]);
  if (x.size() > 2) y = b.add(y, x[2]);
  return {y};
}

// rmsnorm: y = x * rsqrt(mean(x * x) + eps) [* gamma].
std::vector<Value*> decompose_RmsNorm(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  const int64_t rank = x[0]->type.rank();
  auto axes = trailing_axes(attr_axis(op, "axis", -1, rank), rank);
  Value* ms = b.reduce("mean", b.mul(x[0], x[0]), axes, true);
  Value* y =
      b.mul(x[0], b.unary("tessera.rsqrt", b.add(ms, b.scalar(epsilon(op), x[0]->type.dtype))));
  if (x.size() > 1) y = b.mul(y, x[1]);
  return {y};
}

// flash_attn: softmax(scale * q k^T [causal mask: -inf where j > i]) v.
std::vector<Value*> decompose_FlashAttn(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  Value *q = x[0], *k = x[1], *v = x[2];
  const auto& qs = q->type.shape;
  const DType t = q->type.dtype;
  const double scale = op.attrs.get_float("scale", 1.0 / std::sqrt(static_cast<double>(qs.back())));
  Value* s = b.scale(b.matmul(q, k, false, true, t), scale);
  if (op.attrs.get_bool("causal", false)) {
    const int64_t sq = qs[qs.size() - 2], sk = k->type.shape[k->type.shape.size() - 2];
    Attr m;
    m.kind = Attr::Kind::dense;
    m.type = ir::Type::tensor(DType::i1, {sq, sk});
    for (int64_t i = 0; i < sq; ++i)
      for (int64_t j = 0; j < sk; ++j)
        m.data.push_back(std::byte{j <= i ? uint8_t{1} : uint8_t{0}});
    ir::AttrDict a;
    ir::Type mt = m.type;
    a.set("value", std::move(m));
    Value* mask = b.emit1("tessera.constant", {}, std::move(a), {mt});
    s = b.select(mask, s, b.scalar(-std::numeric_limits<double>::infinity(), t));
  }
  ir::AttrDict sa;
  sa.set("axis", Attr::integer_attr(-1));
  Value* p = b.emit1("tessera.softmax", {s}, std::move(sa));
  return {b.matmul(p, v, false, false, v->type.dtype)};
}

// cross_entropy: -sum(onehot(labels) * log_softmax(logits)) per row, then the reduction.
std::vector<Value*> decompose_CrossEntropy(Builder& b, const ir::Op& op,
                                           std::span<Value* const> x) {
  Value *logits = x[0], *labels = x[1];
  const auto& ls = logits->type.shape;
  const DType t = logits->type.dtype;
  const int64_t classes = ls.back();
  ir::AttrDict sa;
  sa.set("axis", Attr::integer_attr(-1));
  Value* lsm = b.emit1("tessera.log_softmax", {logits}, std::move(sa));
  std::vector<int64_t> iota(static_cast<size_t>(classes));
  for (int64_t c = 0; c < classes; ++c) iota[static_cast<size_t>(c)] = c;
  std::vector<int64_t> col = labels->type.shape;
  col.push_back(1);
  Value* hit =
      b.emit1("tessera.cmp_eq", {b.reshape(labels, col), b.int_vector(iota, labels->type.dtype)});
  Value* onehot = b.select(hit, b.scalar(1.0, t), b.scalar(0.0, t));
  const int64_t rank = logits->type.rank();
  Value* per = b.neg(b.reduce("sum", b.mul(onehot, lsm), {rank - 1}, false));
  const std::string red = op.attrs.get_string("reduction", "mean");
  if (red == "none") return {per};
  return {b.reduce(red == "sum" ? "sum" : "mean", per, trailing_axes(0, rank - 1), false)};
}

// mse: reduce((a - b)^2) over every element, "mean" (default) or "sum".
std::vector<Value*> decompose_Mse(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  Value* d = b.sub(x[0], x[1]);
  const std::string red = op.attrs.get_string("reduction", "mean");
  return {b.reduce(red == "sum" ? "sum" : "mean", b.mul(d, d), trailing_axes(0, x[0]->type.rank()),
                   false)};
}

// binary_cross_entropy (logits form): reduce(relu(z) - z * t + log(1 + exp(-|z|))) over every
// element, "mean" (default) or "sum" (docs/ops/graph/losses.md).
std::vector<Value*> decompose_BinaryCrossEntropy(Builder& b, const ir::Op& op,
                                                 std::span<Value* const> x) {
  const DType t = x[0]->type.dtype;
  Value* soft =
      b.unary("tessera.log",
              b.add(b.scalar(1.0, t), b.unary("tessera.exp", b.neg(b.unary("tessera.abs", x[0])))));
  Value* per = b.add(b.sub(b.unary("tessera.relu", x[0]), b.mul(x[0], x[1])), soft);
  const std::string red = op.attrs.get_string("reduction", "mean");
  return {b.reduce(red == "sum" ? "sum" : "mean", per, trailing_axes(0, x[0]->type.rank()), false)};
}

}  // namespace tessera::transforms::autodiff

namespace tessera::transforms::autodiff {

// sgd: p - lr * (g [+ weight_decay * p]).
std::vector<Value*> decompose_Sgd(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  Value* d = x[1];
  const double wd = op.attrs.get_float("weight_decay", 0.0);
  if (wd != 0.0) d = b.add(d, b.scale(x[0], wd));
  return {b.sub(x[0], b.scale(d, op.attrs.get_float("lr", 0.0)))};
}

// adam / adamw: the moments, the bias corrections (from the `step` attribute or operand), the
// update (docs/ops/graph/optimizers.md) as Graph ops.
std::vector<Value*> decompose_Adam(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  Value *p = x[0], *g = x[1], *m = x[2], *v = x[3];
  const DType t = p->type.dtype;
  const double b1 = op.attrs.get_float("beta1", 0.9), b2 = op.attrs.get_float("beta2", 0.999);
  Value* m1 = b.add(b.scale(m, b1), b.scale(g, 1 - b1));
  Value* v1 = b.add(b.scale(v, b2), b.scale(b.mul(g, g), 1 - b2));
  Value *c1, *c2;
  if (x.size() > 4) {
    Value* step = b.cast(x[4], t);
    auto corr = [&](double beta) {
      return b.sub(b.scalar(1.0, t), b.emit1("tessera.pow", {b.scalar(beta, t), step}));
    };
    c1 = corr(b1);
    c2 = corr(b2);
  } else {
    const double s = static_cast<double>(op.attrs.get_int("step", 1));
    c1 = b.scalar(1 - num::pow64(b1, s), t);
    c2 = b.scalar(1 - num::pow64(b2, s), t);
  }
  Value* den =
      b.add(b.unary("tessera.sqrt", b.div(v1, c2)), b.scalar(op.attrs.get_float("eps", 1e-8), t));
  Value* u = b.div(b.div(m1, c1), den);
  if (op.name == "tessera.adamw")
    u = b.add(u, b.scale(p, op.attrs.get_float("weight_decay", 0.01)));
  return {b.sub(p, b.scale(u, op.attrs.get_float("lr", 0.0))), m1, v1};
}

}  // namespace tessera::transforms::autodiff
