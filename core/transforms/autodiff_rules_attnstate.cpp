// Derivative rules of the attnstate family's differentiable ops (docs/ops/graph/latent_kv.md):
// latent_kv_compress / expand_k / expand_v decompose into tessera.matmul (and a reshape when
// the result carries leading unit dims), so matmul's rules differentiate them.
#include "core/transforms/autodiff_rules.h"

namespace tessera::transforms::autodiff {

using ir::Value;

std::vector<Value*> decompose_LatentKv(Builder& b, const ir::Op& op, std::span<Value* const> x) {
  Value* r = b.matmul(x[0], x[1], false, false, x[0]->type.dtype);
  const ir::Type& want = op.results[0]->type;
  if (want.rank() != r->type.rank()) r = b.reshape(r, want.shape);  // latent_kv_c4's unit dims
  return {r};
}

}  // namespace tessera::transforms::autodiff
