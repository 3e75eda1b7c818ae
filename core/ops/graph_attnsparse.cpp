// Verifier hooks of the windowed and block-selected attention ops (docs/ops/graph/attnsparse.md).
#include <cmath>

#include "core/ops/infer_util.h"

namespace tessera::ops {

namespace {

bool same(int64_t a, int64_t b) { return a == b || a == ir::kDynamic || b == ir::kDynamic; }
int64_t pick(int64_t a, int64_t b) { return a == ir::kDynamic ? b : a; }

/// ceil(n / b) for a static n (b >= 1); dynamic stays dynamic.
int64_t blocks_of(int64_t n, int64_t b) { return n == ir::kDynamic ? n : n / b + (n % b != 0); }

/// q, k, v: float tensors of one element type and `rank`; labels `types` for that.
bool check_float_operands(InferCtx& ctx, size_t n, int64_t rank, const char* what,
                          const char* label) {
  for (size_t k = 0; k < n; ++k) {
    if (!require_float(ctx, k, label)) return false;
    if (ctx.operands[k].rank() != rank)
      return ctx.fail("operand #" + std::to_string(k) + " must have rank " + std::to_string(rank) +
                          " " + what + ", got " + ir::to_string(ctx.operands[k]),
                      label);
    if (ctx.operands[k].dtype != ctx.operands[0].dtype)
      return ctx.fail("operands must share one element type", label);
  }
  return true;
}

/// Rank-4 q [B, Hq, Sq, D], k [B, Hkv, Sk, D], v [B, Hkv, Sk, Dv]; Hkv == Hq, or with `gqa`
/// Hkv divides Hq. Returns the result shape [B, Hq, Sq, Dv] (empty on failure).
std::vector<int64_t> check_qkv4(InferCtx& ctx, bool gqa, const char* types, const char* shapes) {
  if (!check_float_operands(ctx, 3, 4, "[B, H, S, D]", types)) return {};
  const auto& q = ctx.operands[0].shape;
  const auto& k = ctx.operands[1].shape;
  const auto& v = ctx.operands[2].shape;
  bool ok = same(q[0], k[0]) && same(q[0], v[0]) && same(k[1], v[1]) && same(k[2], v[2]) &&
            same(q[3], k[3]);
  if (gqa && q[1] != ir::kDynamic && k[1] != ir::kDynamic)
    ok = ok && k[1] >= 1 && q[1] % k[1] == 0;
  else if (!gqa)
    ok = ok && same(q[1], k[1]);
  if (!ok) {
    ctx.fail("shapes q " + shape_str(q) + ", k " + shape_str(k) + ", v " + shape_str(v) +
                 " do not fit [B, Hq, Sq, D], [B, Hkv, Sk, D], [B, Hkv, Sk, Dv]" +
                 (gqa ? " with Hkv dividing Hq" : " with Hkv = Hq"),
             shapes);
    return {};
  }
  return {pick(q[0], pick(k[0], v[0])), gqa ? q[1] : pick(q[1], k[1]), q[2], v[3]};
}

/// An integer attribute >= `lo` (required unless `dflt` is given); nullopt after a diagnostic.
std::optional<int64_t> int_attr(InferCtx& ctx, const char* name, int64_t lo, const char* label,
                                std::optional<int64_t> dflt = std::nullopt) {
  const ir::Attr* a = ctx.attr(name);
  if (!a && dflt) return dflt;
  // The bound 2^40 keeps every window, block and index product far from int64 overflow.
  if (!a || a->kind != ir::Attr::Kind::integer || a->i < lo || a->i > (int64_t{1} << 40)) {
    ctx.fail(std::string("requires attribute '") + name + "', an integer in [" +
                 std::to_string(lo) + ", 2^40]",
             label);
    return std::nullopt;
  }
  return a->i;
}

bool bool_attr_ok(InferCtx& ctx, const char* name, const char* label) {
  const ir::Attr* a = ctx.attr(name);
  if (!a || a->kind == ir::Attr::Kind::boolean) return true;
  return ctx.fail(std::string("attribute '") + name + "' must be true or false", label);
}

bool scale_ok(InferCtx& ctx, const char* label) {
  const ir::Attr* s = ctx.attr("scale");
  if (!s || (s->is_number() && std::isfinite(s->as_double()))) return true;
  return ctx.fail("attribute 'scale' must be a finite number", label);
}

bool finish(InferCtx& ctx, std::vector<int64_t> shape, const char* result_label) {
  ctx.result_label = result_label;
  ctx.results = {ir::Type::tensor(ctx.operands[0].dtype, std::move(shape))};
  return true;
}

}  // namespace

bool infer_AttnLocalWindow2d(InferCtx& ctx) {
  // attn_local_window_2d_c1: q, k, v are float tensors of one element type and rank 5.
  if (!check_float_operands(ctx, 3, 5, "[B, H, Hs, Ws, D]", "attn_local_window_2d_c1"))
    return false;
  const auto& q = ctx.operands[0].shape;
  const auto& k = ctx.operands[1].shape;
  const auto& v = ctx.operands[2].shape;
  // attn_local_window_2d_c2: B, H and the grid (Hs, Ws) agree; q and k share D.
  bool ok = same(q[4], k[4]);
  for (int d = 0; d < 4; ++d) ok = ok && same(q[d], k[d]) && same(q[d], v[d]);
  if (!ok)
    return ctx.fail("shapes q " + shape_str(q) + ", k " + shape_str(k) + ", v " + shape_str(v) +
                        " do not fit [B, H, Hs, Ws, D], [B, H, Hs, Ws, D], [B, H, Hs, Ws, Dv]",
                    "attn_local_window_2d_c2");
  // attn_local_window_2d_c3: window = [rh, rw], integers in [0, 2^31); scale finite.
  const ir::Attr* w = ctx.attr("window");
  auto win = w ? w->as_int_array() : std::nullopt;
  if (!win || win->size() != 2 || (*win)[0] < 0 || (*win)[1] < 0 || (*win)[0] >= (1LL << 31) ||
      (*win)[1] >= (1LL << 31))
    return ctx.fail("requires attribute 'window' = [rh, rw] of two integers in [0, 2^31)",
                    "attn_local_window_2d_c3");
  if (!scale_ok(ctx, "attn_local_window_2d_c3")) return false;
  std::vector<int64_t> out(5);
  for (int d = 0; d < 4; ++d) out[size_t(d)] = pick(q[size_t(d)], pick(k[size_t(d)], v[size_t(d)]));
  out[4] = v[4];
  // attn_local_window_2d_c4: the result is [B, H, Hs, Ws, Dv] of q's element type.
  return finish(ctx, out, "attn_local_window_2d_c4");
}

bool infer_AttnSlidingWindow(InferCtx& ctx) {
  // attn_sliding_window_c1 / _c2: q, k, v as flash_attn's rank-4 form (Hkv divides Hq).
  auto out = check_qkv4(ctx, true, "attn_sliding_window_c1", "attn_sliding_window_c2");
  if (out.empty()) return false;
  // attn_sliding_window_c3: window_size >= 1; causal a boolean; scale finite.
  if (!int_attr(ctx, "window_size", 1, "attn_sliding_window_c3")) return false;
  if (!bool_attr_ok(ctx, "causal", "attn_sliding_window_c3") ||
      !scale_ok(ctx, "attn_sliding_window_c3"))
    return false;
  // attn_sliding_window_c4: result [B, Hq, Sq, Dv] of q's element type.
  return finish(ctx, out, "attn_sliding_window_c4");
}

bool infer_AttnCompressedBlocks(InferCtx& ctx) {
  // attn_compressed_blocks_c1 / _c2: q [B, Hq, Sq, D], k_c [B, Hkv, N, D], v_c [B, Hkv, N, Dv].
  auto out = check_qkv4(ctx, true, "attn_compressed_blocks_c1", "attn_compressed_blocks_c2");
  if (out.empty()) return false;
  // attn_compressed_blocks_c3: scale finite.
  if (!scale_ok(ctx, "attn_compressed_blocks_c3")) return false;
  return finish(ctx, out, "attn_compressed_blocks_c4");
}

bool infer_AttnTopKBlocks(InferCtx& ctx) {
  auto out = check_qkv4(ctx, true, "attn_top_k_blocks_c1", "attn_top_k_blocks_c2");
  if (out.empty()) return false;
  // attn_top_k_blocks_c3: block_size >= 1 divides Sk; top_k >= 1.
  auto bs = int_attr(ctx, "block_size", 1, "attn_top_k_blocks_c3");
  if (!bs || !int_attr(ctx, "top_k", 1, "attn_top_k_blocks_c3")) return false;
  const int64_t sk = ctx.operands[1].shape[2];
  if (sk != ir::kDynamic && sk % *bs != 0)
    return ctx.fail(
        "Sk = " + std::to_string(sk) + " is not a multiple of block_size " + std::to_string(*bs),
        "attn_top_k_blocks_c3");
  // attn_top_k_blocks_c4: scores [B, Hq, Sq, Sk / block_size], float of q's element type.
  if (!require_float(ctx, 3, "attn_top_k_blocks_c4")) return false;
  const auto& s = ctx.operands[3].shape;
  const auto& q = ctx.operands[0].shape;
  const int64_t nb = sk == ir::kDynamic ? sk : sk / *bs;
  if (ctx.operands[3].dtype != ctx.operands[0].dtype || s.size() != 4 || !same(s[0], q[0]) ||
      !same(s[1], q[1]) || !same(s[2], q[2]) || !same(s[3], nb))
    return ctx.fail(
        "scores must be [B, Hq, Sq, Sk / block_size] = " + shape_str({q[0], q[1], q[2], nb}) +
            " of q's element type, got " + ir::to_string(ctx.operands[3]),
        "attn_top_k_blocks_c4");
  // attn_top_k_blocks_c5: causal a boolean; scale finite.
  if (!bool_attr_ok(ctx, "causal", "attn_top_k_blocks_c5") ||
      !scale_ok(ctx, "attn_top_k_blocks_c5"))
    return false;
  return finish(ctx, out, "attn_top_k_blocks_c6");
}

bool infer_MsaIndexScores(InferCtx& ctx) {
  // msa_index_scores_c1: q, k float tensors of one element type and rank 4.
  if (!check_float_operands(ctx, 2, 4, "[B, H, S, D]", "msa_index_scores_c1")) return false;
  const auto& q = ctx.operands[0].shape;
  const auto& k = ctx.operands[1].shape;
  // msa_index_scores_c2: B and D agree; Hkv divides Hq.
  if (!same(q[0], k[0]) || !same(q[3], k[3]) ||
      (q[1] != ir::kDynamic && k[1] != ir::kDynamic && (k[1] < 1 || q[1] % k[1] != 0)))
    return ctx.fail("shapes q " + shape_str(q) + ", k " + shape_str(k) +
                        " do not fit [B, Hq, Sq, D], [B, Hkv, Sk, D] with Hkv dividing Hq",
                    "msa_index_scores_c2");
  // msa_index_scores_c3: block_size >= 1; scale finite.
  auto bs = int_attr(ctx, "block_size", 1, "msa_index_scores_c3");
  if (!bs || !scale_ok(ctx, "msa_index_scores_c3")) return false;
  // msa_index_scores_c4: result [B, Hkv, Sq, ceil(Sk / block_size)] of q's element type.
  return finish(ctx, {pick(q[0], k[0]), k[1], q[2], blocks_of(k[2], *bs)}, "msa_index_scores_c4");
}

bool infer_MsaSelectBlocks(InferCtx& ctx) {
  // msa_select_blocks_c1: scores is a float tensor of rank 4 [B, Hkv, Sq, N].
  if (!check_float_operands(ctx, 1, 4, "[B, H, Sq, N]", "msa_select_blocks_c1")) return false;
  const auto& s = ctx.operands[0].shape;
  // msa_select_blocks_c2: block_size >= 1; 1 <= top_k <= N.
  auto bs = int_attr(ctx, "block_size", 1, "msa_select_blocks_c2");
  auto tk = int_attr(ctx, "top_k", 1, "msa_select_blocks_c2");
  if (!bs || !tk) return false;
  if (s[3] != ir::kDynamic && *tk > s[3])
    return ctx.fail("top_k = " + std::to_string(*tk) + " exceeds the " + std::to_string(s[3]) +
                        " blocks of scores",
                    "msa_select_blocks_c2");
  // msa_select_blocks_c3: force_local_block and causal are booleans.
  if (!bool_attr_ok(ctx, "force_local_block", "msa_select_blocks_c3") ||
      !bool_attr_ok(ctx, "causal", "msa_select_blocks_c3"))
    return false;
  // msa_select_blocks_c4: result [B, Hkv, Sq, top_k] of i64 block ids.
  ctx.result_label = "msa_select_blocks_c4";
  ctx.results = {ir::Type::tensor(DType::i64, {s[0], s[1], s[2], *tk})};
  return true;
}

bool infer_MsaSparseAttention(InferCtx& ctx) {
  auto out = check_qkv4(ctx, true, "msa_sparse_attention_c1", "msa_sparse_attention_c2");
  if (out.empty()) return false;
  // msa_sparse_attention_c3: block_size >= 1; 1 <= top_k <= ceil(Sk / block_size).
  auto bs = int_attr(ctx, "block_size", 1, "msa_sparse_attention_c3");
  auto tk = int_attr(ctx, "top_k", 1, "msa_sparse_attention_c3");
  if (!bs || !tk) return false;
  const int64_t nb = blocks_of(ctx.operands[1].shape[2], *bs);
  if (nb != ir::kDynamic && *tk > nb)
    return ctx.fail(
        "top_k = " + std::to_string(*tk) + " exceeds the " + std::to_string(nb) + " key blocks",
        "msa_sparse_attention_c3");
  // msa_sparse_attention_c4: force_local_block, causal booleans; scale finite.
  if (!bool_attr_ok(ctx, "force_local_block", "msa_sparse_attention_c4") ||
      !bool_attr_ok(ctx, "causal", "msa_sparse_attention_c4") ||
      !scale_ok(ctx, "msa_sparse_attention_c4"))
    return false;
  return finish(ctx, out, "msa_sparse_attention_c5");
}

bool infer_LookaheadSparseAttention(InferCtx& ctx) {
  auto out =
      check_qkv4(ctx, false, "lookahead_sparse_attention_c1", "lookahead_sparse_attention_c2");
  if (out.empty()) return false;
  // lookahead_sparse_attention_c2: one sequence, Sq = Sk.
  const int64_t sq = ctx.operands[0].shape[2], sk = ctx.operands[1].shape[2];
  if (!same(sq, sk))
    return ctx.fail(
        "requires Sq = Sk (one sequence), got " + std::to_string(sq) + " and " + std::to_string(sk),
        "lookahead_sparse_attention_c2");
  // lookahead_sparse_attention_c3: window_size, block_size, tau >= 1; block_size divides S.
  auto bs = int_attr(ctx, "block_size", 1, "lookahead_sparse_attention_c3");
  if (!bs || !int_attr(ctx, "window_size", 1, "lookahead_sparse_attention_c3") ||
      !int_attr(ctx, "tau", 1, "lookahead_sparse_attention_c3", 64))
    return false;
  const int64_t s = pick(sq, sk);
  if (s != ir::kDynamic && s % *bs != 0)
    return ctx.fail(
        "S = " + std::to_string(s) + " is not a multiple of block_size " + std::to_string(*bs),
        "lookahead_sparse_attention_c3");
  // lookahead_sparse_attention_c4: threshold a number in [0, 1]; causal boolean; scale finite.
  const ir::Attr* t = ctx.attr("threshold");
  if (t && (!t->is_number() || !(t->as_double() >= 0.0 && t->as_double() <= 1.0)))
    return ctx.fail("attribute 'threshold' must be a number in [0, 1]",
                    "lookahead_sparse_attention_c4");
  if (!bool_attr_ok(ctx, "causal", "lookahead_sparse_attention_c4") ||
      !scale_ok(ctx, "lookahead_sparse_attention_c4"))
    return false;
  return finish(ctx, out, "lookahead_sparse_attention_c5");
}

namespace {

/// The shared part of deepseek_sparse_attention and native_sparse_attn_fused: q, k, v, the
/// three sizes, causal, scale, and the gate operand #3 shaped [B, Hq, Sq, `gate_last`].
bool infer_nsa(InferCtx& ctx, const char* const (&label)[5], bool gate_is_scores) {
  auto out = check_qkv4(ctx, true, label[0], label[0]);
  if (out.empty()) return false;
  auto bs = int_attr(ctx, "block_size", 1, label[1]);
  if (!bs || !int_attr(ctx, "window_size", 1, label[1]) || !int_attr(ctx, "top_k", 1, label[1]))
    return false;
  const int64_t sk = ctx.operands[1].shape[2];
  if (sk != ir::kDynamic && sk % *bs != 0)
    return ctx.fail(
        "Sk = " + std::to_string(sk) + " is not a multiple of block_size " + std::to_string(*bs),
        label[1]);
  if (ctx.operands.size() > 3) {
    if (!require_float(ctx, 3, label[2])) return false;
    const auto& q = ctx.operands[0].shape;
    const auto& g = ctx.operands[3].shape;
    const int64_t last = gate_is_scores ? (sk == ir::kDynamic ? sk : sk / *bs) : 3;
    if (ctx.operands[3].dtype != ctx.operands[0].dtype || g.size() != 4 || !same(g[0], q[0]) ||
        !same(g[1], q[1]) || !same(g[2], q[2]) || !same(g[3], last))
      return ctx.fail(std::string(gate_is_scores ? "block scores" : "gate logits") + " must be " +
                          shape_str({q[0], q[1], q[2], last}) + " of q's element type, got " +
                          ir::to_string(ctx.operands[3]),
                      label[2]);
  }
  if (!bool_attr_ok(ctx, "causal", label[3]) || !scale_ok(ctx, label[3])) return false;
  return finish(ctx, out, label[4]);
}

}  // namespace

bool infer_DeepseekSparseAttention(InferCtx& ctx) {
  // deepseek_sparse_attention_c1: q, k, v as attn_sliding_window's; _c2: the three sizes >= 1,
  // block_size divides Sk; _c3: gate logits [B, Hq, Sq, 3]; _c4: causal, scale; _c5: result.
  static const char* const kLabels[5] = {
      "deepseek_sparse_attention_c1", "deepseek_sparse_attention_c2",
      "deepseek_sparse_attention_c3", "deepseek_sparse_attention_c4",
      "deepseek_sparse_attention_c5"};
  return infer_nsa(ctx, kLabels, false);
}

bool infer_NativeSparseAttnFused(InferCtx& ctx) {
  // native_sparse_attn_fused_c1.._c5 as deepseek_sparse_attention's, with operand #3 the block
  // scores [B, Hq, Sq, Sk / block_size] that choose the selected blocks.
  static const char* const kLabels[5] = {
      "native_sparse_attn_fused_c1", "native_sparse_attn_fused_c2", "native_sparse_attn_fused_c3",
      "native_sparse_attn_fused_c4", "native_sparse_attn_fused_c5"};
  return infer_nsa(ctx, kLabels, true);
}

}  // namespace tessera::ops
