// Windowed attention ops differentiated through a decomposition into masked dense attention
// (docs/ops/graph/attnsparse.md, "Derivatives"): the kept keys of each row become a constant i1
// mask over the whole score matrix, so the backward materialises [rows, Sk] scores.
#include "core/transforms/autodiff_rules_attnsparse.h"

#include <cmath>
#include <functional>
#include <limits>

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

/// Largest mask the decompositions build (entries of the [rows, Sk] score matrix).
constexpr int64_t kMaxMaskEntries = int64_t{1} << 24;

Value* mask_constant(Builder& b, int64_t rows, int64_t cols,
                     const std::function<bool(int64_t, int64_t)>& keep) {
  Attr m;
  m.kind = Attr::Kind::dense;
  m.type = ir::Type::tensor(DType::i1, {rows, cols});
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      m.data.push_back(std::byte{keep(i, j) ? uint8_t{1} : uint8_t{0}});
  ir::AttrDict a;
  ir::Type mt = m.type;
  a.set("value", std::move(m));
  return b.emit1("tessera.constant", {}, std::move(a), {mt});
}

/// softmax(scale * q k^T where keep(row, key), else -inf) v, q [B, Hq, Sq, D] read as
/// [B, Hkv, G * Sq, D] (a kv group's query heads are consecutive), k [B, Hkv, Sk, D], v
/// [B, Hkv, Sk, Dv]; rows without a kept key give 0 as the op does. Returns [B, Hq, Sq, Dv].
Value* masked_attention(Builder& b, Value* q, Value* k, Value* v, double scale,
                        const std::function<bool(int64_t, int64_t)>* keep) {
  const auto& qs = q->type.shape;
  const int64_t bsz = qs[0], hq = qs[1], sq = qs[2], d = qs[3];
  const int64_t hkv = k->type.shape[1], sk = k->type.shape[2], dv = v->type.shape[3];
  for (int64_t n : {bsz, hq, sq, d, hkv, sk, dv})
    if (n == ir::kDynamic) {
      b.fail("a windowed attention with dynamic extents has no decomposition");
      return nullptr;
    }
  const int64_t rows = hq / hkv * sq;
  int64_t entries = 0;
  if (keep && (__builtin_mul_overflow(rows, sk, &entries) || entries > kMaxMaskEntries)) {
    b.fail("the attention mask of this op is too large to differentiate (more than 2^24 entries)");
    return nullptr;
  }
  const DType t = q->type.dtype;
  Value* s = b.scale(b.matmul(b.reshape(q, {bsz, hkv, rows, d}), k, false, true, t), scale);
  if (keep) {
    bool any_empty = false;
    for (int64_t i = 0; i < rows && !any_empty; ++i) {
      bool kept = false;
      for (int64_t j = 0; j < sk && !kept; ++j) kept = (*keep)(i, j);
      any_empty = !kept;
    }
    s = b.select(mask_constant(b, rows, sk, *keep), s,
                 b.scalar(-std::numeric_limits<double>::infinity(), t));
    ir::AttrDict sa;
    sa.set("axis", Attr::integer_attr(-1));
    Value* p = b.emit1("tessera.softmax", {s}, std::move(sa));
    if (any_empty) {
      auto row_has_key = [&](int64_t i, int64_t) {
        for (int64_t j = 0; j < sk; ++j)
          if ((*keep)(i, j)) return true;
        return false;
      };
      p = b.select(mask_constant(b, rows, 1, row_has_key), p, b.scalar(0.0, t));
    }
    return b.reshape(b.matmul(p, v, false, false, t), {bsz, hq, sq, dv});
  }
  ir::AttrDict sa;
  sa.set("axis", Attr::integer_attr(-1));
  Value* p = b.emit1("tessera.softmax", {s}, std::move(sa));
  return b.reshape(b.matmul(p, v, false, false, t), {bsz, hq, sq, dv});
}

double scale_of(const ir::Op& op, int64_t d) {
  return op.attrs.get_float("scale", 1.0 / std::sqrt(static_cast<double>(d)));
}

}  // namespace

// attn_local_window_2d: the grid flattened row-major, keys within the window kept.
std::vector<Value*> decompose_AttnLocalWindow2d(Builder& b, const ir::Op& op,
                                                std::span<Value* const> x) {
  const auto& s = x[0]->type.shape;
  for (int64_t n : s)
    if (n == ir::kDynamic) {
      b.fail("a windowed attention with dynamic extents has no decomposition");
      return {nullptr};
    }
  const int64_t hs = s[2], ws = s[3], dv = x[2]->type.shape[4];
  int64_t n = 0;
  if (__builtin_mul_overflow(hs, ws, &n)) {
    b.fail("the attention mask of this op is too large to differentiate (more than 2^24 entries)");
    return {nullptr};
  }
  const auto win = op.attrs.get("window")->as_int_array().value();
  std::function<bool(int64_t, int64_t)> keep = [&](int64_t i, int64_t j) {
    return std::llabs(i / ws - j / ws) <= win[0] && std::llabs(i % ws - j % ws) <= win[1];
  };
  auto flat = [&](Value* t) { return b.reshape(t, {s[0], s[1], n, t->type.shape[4]}); };
  Value* o = masked_attention(b, flat(x[0]), flat(x[1]), flat(x[2]), scale_of(op, s[4]), &keep);
  return {o ? b.reshape(o, {s[0], s[1], hs, ws, dv}) : nullptr};
}

// attn_sliding_window: row r of the [G * Sq] rows is query i = r % Sq.
std::vector<Value*> decompose_AttnSlidingWindow(Builder& b, const ir::Op& op,
                                                std::span<Value* const> x) {
  const int64_t sq = x[0]->type.shape[2], w = op.attrs.get_int("window_size", 1);
  const bool causal = op.attrs.get_bool("causal", true);
  std::function<bool(int64_t, int64_t)> keep = [&](int64_t r, int64_t j) {
    const int64_t i = r % sq;
    return causal ? (j <= i && j > i - w) : (j >= i - w / 2 && j <= i + w / 2);
  };
  return {masked_attention(b, x[0], x[1], x[2], scale_of(op, x[0]->type.shape[3]), &keep)};
}

// attn_compressed_blocks: dense attention over the compressed keys (no mask).
std::vector<Value*> decompose_AttnCompressedBlocks(Builder& b, const ir::Op& op,
                                                   std::span<Value* const> x) {
  return {masked_attention(b, x[0], x[1], x[2], scale_of(op, x[0]->type.shape[3]), nullptr)};
}

}  // namespace tessera::transforms::autodiff
