// Dispatch of the model ops' scalar kernels (schedule_to_tile_models.h), and the reasons a
// matmul stays off the tiled GEMM.
#include "core/transforms/schedule_to_tile_models.h"

namespace tessera::transforms {

// An f64 matmul accumulates an f64 FMA chain, and a numeric policy's model (pairwise, a tensor
// core's) runs over a whole row of K; the tiled GEMM has neither (docs/ops/schedule/lowering.md,
// "GEMM"), or nullptr.
const char* gemm_stays(const ir::Op& mm, const ir::Type& a, const ir::Type& b) {
  if (mm.attrs.get("numeric_policy"))
    return "a numeric policy (its accumulation model runs over all of K; the tiled GEMM's "
           "tile.mma over K blocks takes only the sequential FMA chain)";
  if (!a.is_tensor() || !b.is_tensor() || !dtype_is_float(a.dtype) || !dtype_is_float(b.dtype) ||
      a.dtype == DType::tf32 || b.dtype == DType::tf32)
    return "not a 2-D f32 matmul, nor bf16/f16 with an f32 result";
  if (a.dtype == DType::f64 || b.dtype == DType::f64)
    return "an f64 matmul: its FMA chain is f64 (the scalar GEMM's tile.fma), not the tiled "
           "GEMM's f32 tile.mma";
  if (a.rank() != 2 || b.rank() != 2)
    return "a batched matmul (rank > 2): the tiled GEMM's grid is one [M, N] product";
  return nullptr;
}

std::optional<std::vector<int64_t>> operand_sizes(const ir::Op& group) {
  std::vector<int64_t> sizes;
  for (const ir::Value* v : group.operands) {
    const std::optional<int64_t> c = v->type.num_elements();
    if (!v->type.has_static_shape() || !c) return std::nullopt;
    sizes.push_back(*c);
  }
  return sizes;
}

std::optional<ScalarKernel> plan_model_op(const ir::Op& group, const ir::Op& op,
                                          const std::string& name) {
  const std::string& n = op.name;
  const bool model = n.starts_with("tessera.mor_") || n.starts_with("tessera.latent_kv_") ||
                     n.starts_with("tessera.kv_cache.") || n == "tessera.grouped_gemm" ||
                     n == "tessera.swiglu_fused" || n == "tessera.moe_swiglu_block" ||
                     n == "tessera.moe_dispatch" || n == "tessera.spec_accept" ||
                     n == "tessera.fused_epilogue" || n == "tessera.dequant_matmul" ||
                     n == "tessera.scaled_matmul" || n == "tessera.spec_accept_sample" ||
                     n == "tessera.target_verify" || n == "tessera.spec_accept_tree_sample";
  if (!model) return std::nullopt;
  if (op.attrs.get("numeric_policy")) return ScalarKernel::stay("a numeric policy");
  if (n == "tessera.moe_dispatch") return plan_index(group, op, name);            // _index.cpp
  if (n.starts_with("tessera.kv_cache.")) return plan_kv_cache(group, op, name);  // _kv.cpp
  if (n == "tessera.spec_accept") return plan_spec_accept(group, name);           // _spec.cpp
  if (n == "tessera.spec_accept_sample") return plan_spec_accept_sample(group, name);
  if (n == "tessera.spec_accept_tree_sample") return plan_spec_accept_tree_sample(group, name);
  if (n == "tessera.target_verify") return plan_target_verify(group, op, name);
  // schedule_to_tile_gemm_scalar.cpp
  if (n == "tessera.grouped_gemm") return plan_grouped_gemm(group, name);
  if (n == "tessera.fused_epilogue") return plan_fused_epilogue(group, op, name);
  if (n == "tessera.dequant_matmul") return plan_dequant_matmul(group, op, name);
  if (n == "tessera.scaled_matmul") return plan_scaled_matmul(group, op, name);  // _scaled.cpp
  if (n.starts_with("tessera.mor_")) return plan_mor(group, op, name);
  if (n == "tessera.moe_swiglu_block") return plan_moe_swiglu(group, name);
  if (n == "tessera.swiglu_fused") return plan_swiglu_fused(group, name);
  return plan_latent_kv(group, name);
}

}  // namespace tessera::transforms
