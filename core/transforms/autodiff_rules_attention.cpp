// The vjp of flash_attn / flash_attention as a blockwise backward
// (docs/ops/graph/autodiff-rules.md, "flash_attn"): the attention matrix is never formed whole; the
// probabilities are recomputed per block of kKeyBlock keys. The jvp differentiates the
// decomposition (autodiff_rules_composite.cpp).
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Attr;
using ir::Value;

namespace {

/// Keys per block of the backward (the last block takes the remainder).
constexpr int64_t kKeyBlock = 64;

/// x[..., from:from+n, :] (a slice of the second-to-last dim).
Value* key_rows(Builder& b, Value* x, int64_t from, int64_t n) {
  const auto& s = x->type.shape;
  std::vector<Attr> start, sizes;
  for (size_t d = 0; d < s.size(); ++d) {
    const bool rows = d + 2 == s.size();
    start.push_back(Attr::integer_attr(rows ? from : 0));
    sizes.push_back(Attr::integer_attr(rows ? n : s[d]));
  }
  ir::AttrDict a;
  a.set("start", Attr::array_attr(std::move(start)));
  a.set("sizes", Attr::array_attr(std::move(sizes)));
  std::vector<int64_t> out = s;
  out[out.size() - 2] = n;
  return b.emit1("tessera.slice", {x}, std::move(a), {ir::Type::tensor(x->type.dtype, out)});
}

struct Attention {
  Value *q, *k, *v;
  double scale;
  bool causal;
  int64_t sq, sk;
};

/// The scores of key block [j0, j0 + n): scale * q k_j^T, -inf where causal hides them.
Value* block_scores(Builder& b, const Attention& at, int64_t j0, int64_t n) {
  const DType t = at.q->type.dtype;
  Value* s = b.scale(b.matmul(at.q, key_rows(b, at.k, j0, n), false, true, t), at.scale);
  if (!at.causal) return s;
  Attr m;
  m.kind = Attr::Kind::dense;
  m.type = ir::Type::tensor(DType::i1, {at.sq, n});
  for (int64_t i = 0; i < at.sq; ++i)
    for (int64_t j = 0; j < n; ++j)
      m.data.push_back(std::byte{j0 + j <= i ? uint8_t{1} : uint8_t{0}});
  ir::AttrDict a;
  ir::Type mt = m.type;
  a.set("value", std::move(m));
  Value* mask = b.emit1("tessera.constant", {}, std::move(a), {mt});
  return b.select(mask, s, b.scalar(-std::numeric_limits<double>::infinity(), t));
}

}  // namespace

// Pass 1 recomputes the row statistics of the forward's softmax with the online recurrence
// over the key blocks in increasing order: m = max(m, rowmax(S_j)), l = l * exp(m_old - m) +
// rowsum(exp(S_j - m)). With D = rowsum(dO * O), pass 2 visits the blocks in increasing
// order: P_j = exp(S_j - m) / l, dV_j = P_j^T dO, dS_j = P_j * (dO V_j^T - D),
// dQ += scale * dS_j K_j (accumulated in block order), dK_j = scale * dS_j^T Q; dK and dV are
// the blocks concatenated.
bool vjp_FlashAttn(VjpCtx& c) {
  c.dx.assign(c.x.size(), nullptr);
  if (c.x.size() < 3 || c.dy.empty() || c.dy[0] == nullptr || c.y.empty()) return true;
  Builder& b = c.b;
  const auto& qs = c.x[0]->type.shape;
  const auto& ks = c.x[1]->type.shape;
  if (qs.size() < 2 || ks.size() < 2) return b.fail("flash_attn: operands of rank < 2"), false;
  Attention at{c.x[0],
               c.x[1],
               c.x[2],
               c.op.attrs.get_float("scale", 1.0 / std::sqrt(static_cast<double>(qs.back()))),
               c.op.attrs.get_bool("causal", false),
               qs[qs.size() - 2],
               ks[ks.size() - 2]};
  const DType t = at.q->type.dtype;
  const int64_t last = static_cast<int64_t>(qs.size()) - 1;
  Value *m = nullptr, *l = nullptr;
  for (int64_t j0 = 0; j0 < at.sk; j0 += kKeyBlock) {
    Value* s = block_scores(b, at, j0, std::min(kKeyBlock, at.sk - j0));
    Value* mj = b.reduce("max", s, {last}, true);
    Value* mn = m ? b.emit1("tessera.max", {m, mj}) : mj;
    Value* e = b.reduce("sum", b.unary("tessera.exp", b.sub(s, mn)), {last}, true);
    l = l ? b.add(b.mul(l, b.unary("tessera.exp", b.sub(m, mn))), e) : e;
    m = mn;
  }
  Value* dO = c.dy[0];
  Value* D = b.reduce("sum", b.mul(dO, c.y[0]), {last}, true);
  Value* dq = nullptr;
  std::vector<Value*> dks, dvs;
  for (int64_t j0 = 0; j0 < at.sk; j0 += kKeyBlock) {
    const int64_t n = std::min(kKeyBlock, at.sk - j0);
    Value* p = b.div(b.unary("tessera.exp", b.sub(block_scores(b, at, j0, n), m)), l);
    Value* kj = key_rows(b, at.k, j0, n);
    dvs.push_back(b.matmul(p, dO, true, false, t));
    Value* ds = b.mul(p, b.sub(b.matmul(dO, key_rows(b, at.v, j0, n), false, true, t), D));
    Value* dqj = b.scale(b.matmul(ds, kj, false, false, t), at.scale);
    dq = dq ? b.add(dq, dqj) : dqj;
    dks.push_back(b.scale(b.matmul(ds, at.q, true, false, t), at.scale));
  }
  auto join = [&](std::vector<Value*>& parts, const ir::Type& type) {
    if (parts.size() == 1) return parts[0];
    ir::AttrDict a;
    a.set("axis", Attr::integer_attr(last - 1));
    return b.emit1("tessera.concat", parts, std::move(a), {type});
  };
  if (c.wants(0)) c.dx[0] = dq;
  if (c.wants(1)) c.dx[1] = join(dks, c.x[1]->type);
  if (c.wants(2)) c.dx[2] = join(dvs, c.x[2]->type);
  return b.ok();
}

}  // namespace tessera::transforms::autodiff
