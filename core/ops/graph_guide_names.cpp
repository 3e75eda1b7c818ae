// Verifier hooks of the guide's names for existing ops (docs/ops/graph/guide_names.md): each
// checks exactly what the op it names checks, citing that op's constraint labels.
#include "core/ops/infer_util.h"

namespace tessera::ops {

bool infer_RmsNormSafe(InferCtx& ctx) { return infer_RmsNorm(ctx); }
bool infer_LayerNormSafe(InferCtx& ctx) { return infer_LayerNorm(ctx); }
bool infer_FlashAttention(InferCtx& ctx) { return infer_FlashAttn(ctx); }

}  // namespace tessera::ops
