// Verifier hooks of tessera.latent_kv_compress, latent_kv_expand_k and latent_kv_expand_v
// (docs/ops/graph/latent_kv.md).
#include "core/ops/graph_attnstate_common.h"

namespace tessera::ops {
namespace {

/// The three ops share one contract: `a` [..., M, K] times `w` [K, N] gives [..., M, N], and the
/// declared result may add leading unit dims (labels latent_kv_c1..c4 cover all three).
bool infer_latent(InferCtx& ctx) {
  ctx.result_label = "latent_kv_c4";  // latent_kv_c4: [..., M, N] (leading unit dims allowed)
  // latent_kv_c1: both operands are float tensors of one element type (f16, bf16, f32, f64).
  if (!attnstate::require_state_float(ctx, 0, "latent_kv_c1") ||
      !attnstate::require_state_float(ctx, 1, "latent_kv_c1"))
    return false;
  const ir::Type& a = ctx.operands[0];
  const ir::Type& w = ctx.operands[1];
  // latent_kv_c2: `a` has rank >= 2 and the weight has rank 2.
  if (a.rank() < 2 || w.rank() != 2)
    return ctx.fail("needs an input of rank >= 2 and a weight of rank 2, got " + ir::to_string(a) +
                        " and " + ir::to_string(w),
                    "latent_kv_c2");
  // latent_kv_c3: the contracted dims agree: a[-1] == w[0].
  if (!attnstate::dims_agree(a.shape.back(), w.shape[0]))
    return ctx.fail("contracting dimensions differ: input " + shape_str(a.shape) + ", weight " +
                        shape_str(w.shape),
                    "latent_kv_c3");
  auto shape = a.shape;
  shape.back() = w.shape[1];
  ir::Type r = ir::Type::tensor(a.dtype, shape);
  // latent_kv_c4: a declared result of higher rank whose extra leading dims are 1 names the same
  // elements (upstream writes [1, S, N] for an [S, K] latent).
  if (!ctx.declared.empty() && ctx.declared[0].is_tensor() && ctx.declared[0].rank() > r.rank() &&
      ctx.declared[0].dtype == r.dtype) {
    const auto& d = ctx.declared[0].shape;
    const size_t extra = d.size() - shape.size();
    bool unit = true;
    for (size_t i = 0; i < extra; ++i) unit = unit && d[i] == 1;
    if (unit) {
      std::vector<int64_t> s(extra, 1);
      s.insert(s.end(), shape.begin(), shape.end());
      r.shape = s;
    }
  }
  ctx.results = {r};
  return true;
}

}  // namespace

bool infer_LatentKvCompress(InferCtx& ctx) { return infer_latent(ctx); }
bool infer_LatentKvExpandK(InferCtx& ctx) { return infer_latent(ctx); }
bool infer_LatentKvExpandV(InferCtx& ctx) { return infer_latent(ctx); }

}  // namespace tessera::ops
