// Verifier hooks of tessera.linear_attn, lightning_attention, gated_deltanet,
// kimi_delta_attention and hybrid_attention (docs/ops/graph/linear_attention.md).
#include "core/ops/linear_attention.h"

#include <cctype>

#include "core/ops/graph_attnstate_common.h"

namespace tessera::ops {
namespace {

std::string lower(std::string s) {
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

/// hybrid_attention's `pattern` and `layer_index` choose the body (upstream's reference policy).
bool hybrid_body(const ir::Op& op, LinearAttnSpec& s, std::string& err, const char*& label) {
  const ir::Attr* p = op.attrs.get("pattern");
  const ir::Attr* li = op.attrs.get("layer_index");
  // linear_attention_c5: `pattern` is a known string and `layer_index` an integer >= 0.
  label = "linear_attention_c5";
  if (p && p->kind != ir::Attr::Kind::string) return err = "'pattern' must be a string", false;
  if (li && (li->kind != ir::Attr::Kind::integer || li->i < 0))
    return err = "'layer_index' must be a non-negative integer", false;
  const std::string pat = lower(p ? p->s : "auto");
  const int64_t layer = li ? li->i : 0;
  if (pat == "kimi_kda_mla" || pat == "kimi_linear" || pat == "kimi") {
    s.body = layer % 2 == 1 ? LinearAttnSpec::Body::softmax : LinearAttnSpec::Body::linear;
  } else if (pat == "ling_1_7_mla_lightning" || pat == "ling2_5" || pat == "ling_2_5") {
    s.body = layer % 8 == 7 ? LinearAttnSpec::Body::softmax : LinearAttnSpec::Body::linear;
  } else if (pat != "gated_deltanet" && pat != "delta" && pat != "lightning" && pat != "auto") {
    return err = "unknown pattern '" + pat +
                 "' (kimi_kda_mla, kimi_linear, kimi, ling_1_7_mla_lightning, ling2_5, "
                 "ling_2_5, gated_deltanet, delta, lightning, auto)",
           false;
  }
  return true;
}

}  // namespace

std::optional<LinearAttnSpec> read_linear_attn(const ir::Op& op, std::string& err,
                                               const char*& label) {
  LinearAttnSpec s;
  // linear_attention_c3: `causal` is a boolean (default true).
  if (const ir::Attr* c = op.attrs.get("causal")) {
    if (c->kind != ir::Attr::Kind::boolean)
      return label = "linear_attention_c3", err = "'causal' must be a boolean", std::nullopt;
    s.causal = c->b;
  }
  // linear_attention_c3: `chunk_size`, where given, is a positive integer (a layout hint only).
  if (const ir::Attr* c = op.attrs.get("chunk_size"))
    if (c->kind != ir::Attr::Kind::integer || c->i <= 0)
      return label = "linear_attention_c3", err = "'chunk_size' must be a positive integer",
             std::nullopt;
  // linear_attention_c3: `state_dtype`, where given, is "fp32", "fp16" or "bf16".
  if (const ir::Attr* d = op.attrs.get("state_dtype"))
    if (d->kind != ir::Attr::Kind::string || (d->s != "fp32" && d->s != "fp16" && d->s != "bf16"))
      return label = "linear_attention_c3",
             err = "'state_dtype' must be \"fp32\", \"fp16\" or \"bf16\"", std::nullopt;
  if (op.name == "tessera.linear_attn") {
    // linear_attention_c4: feature_map is identity, elu (default), relu or polynomial_2.
    s.map = LinearAttnSpec::Map::elu;
    if (const ir::Attr* f = op.attrs.get("feature_map")) {
      const std::string m = f->kind == ir::Attr::Kind::string ? f->s : "";
      if (m == "identity")
        s.map = LinearAttnSpec::Map::identity;
      else if (m == "relu")
        s.map = LinearAttnSpec::Map::relu;
      else if (m == "polynomial_2")
        s.map = LinearAttnSpec::Map::polynomial_2;
      else if (m != "elu")
        return label = "linear_attention_c4",
               err = "feature_map must be \"identity\", \"elu\", \"relu\" or \"polynomial_2\"",
               std::nullopt;
    }
  }
  if (op.name == "tessera.hybrid_attention" && !hybrid_body(op, s, err, label)) return std::nullopt;
  return s;
}

namespace {

/// One hook for the family: q [..., S, Dk], k [..., S, Dk], v [..., S, Dv] -> [..., S, Dv].
bool infer_linear_family(InferCtx& ctx, size_t segment_groups) {
  ctx.result_label = "linear_attention_c6";  // linear_attention_c6: q's shape with v's last dim
  // linear_attention_c1: q, k and v are f16/bf16/f32/f64 tensors of one element type.
  for (size_t k = 0; k < 3; ++k)
    if (!attnstate::require_state_float(ctx, k, "linear_attention_c1")) return false;
  const auto& q = ctx.operands[0].shape;
  const auto& kk = ctx.operands[1].shape;
  const auto& v = ctx.operands[2].shape;
  // linear_attention_c2: one rank >= 2; k has q's shape; v has q's dims but the last.
  bool ok = q.size() >= 2 && kk.size() == q.size() && v.size() == q.size();
  for (size_t d = 0; ok && d < q.size(); ++d)
    ok = attnstate::dims_agree(q[d], kk[d]) &&
         (d + 1 == q.size() || attnstate::dims_agree(q[d], v[d]));
  if (!ok)
    return ctx.fail("q " + shape_str(q) + ", k " + shape_str(kk) + " and v " + shape_str(v) +
                        " are not [..., S, Dk], [..., S, Dk], [..., S, Dv] of one rank >= 2",
                    "linear_attention_c2");
  // linear_attention_c7: upstream's operandSegmentSizes names q, k, v and no optional operand.
  if (segment_groups > 0 &&
      !attnstate::qkv_only_segments(ctx, segment_groups, "linear_attention_c7"))
    return false;
  std::string err;
  const char* label = "linear_attention_c3";
  if (!read_linear_attn(ctx.op, err, label)) return ctx.fail(err, label);
  auto shape = q;
  shape.back() = v.back();
  ctx.results = {ir::Type::tensor(ctx.operands[0].dtype, shape)};
  return true;
}

}  // namespace

bool infer_LinearAttn(InferCtx& ctx) { return infer_linear_family(ctx, 0); }
bool infer_LightningAttention(InferCtx& ctx) { return infer_linear_family(ctx, 5); }
bool infer_GatedDeltanet(InferCtx& ctx) { return infer_linear_family(ctx, 7); }
bool infer_KimiDeltaAttention(InferCtx& ctx) { return infer_linear_family(ctx, 7); }
bool infer_HybridAttention(InferCtx& ctx) { return infer_linear_family(ctx, 0); }

}  // namespace tessera::ops
