// Scalar kernels of schedule-to-tile for model ops: the KV cache (schedule_to_tile_kv.cpp),
// matrix products the tiled GEMM does not hold and mixture-of-experts routing
// (schedule_to_tile_gemm_scalar.cpp); dispatched by plan_model_op (schedule_to_tile_models.cpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

/// The scalar kernel of a `whole` group holding one model op `op` (kv_cache.append/read,
/// grouped_gemm, latent_kv_*, swiglu_fused, moe_swiglu_block, moe_dispatch, mor_*,
/// spec_accept), or
/// nullopt when `op` is none of them.
std::optional<ScalarKernel> plan_model_op(const ir::Op& group, const ir::Op& op,
                                          const std::string& name);

/// tessera.kv_cache.append and tessera.kv_cache.read of static tensor shapes with an integer
/// position (schedule_to_tile_kv.cpp): a position outside its range stops the run with a bounds
/// error.
ScalarKernel plan_kv_cache(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.fused_epilogue (none, relu) and tessera.dequant_matmul (int4/int8 codes checked at
/// run time, fp8 codes rounded once) of f32 or narrow inputs: one group per row.
ScalarKernel plan_fused_epilogue(const ir::Op& group, const ir::Op& op, const std::string& name);
ScalarKernel plan_dequant_matmul(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.scaled_matmul of f32 (or widened) operands with f32 or E8M0 scales
/// (schedule_to_tile_scaled.cpp): one group per output row.
ScalarKernel plan_scaled_matmul(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.spec_accept of i32 tokens and tessera.spec_accept_sample (its uniforms operands)
/// (schedule_to_tile_spec.cpp): one group.
ScalarKernel plan_spec_accept(const ir::Op& group, const std::string& name);
ScalarKernel plan_spec_accept_sample(const ir::Op& group, const std::string& name);
/// tessera.spec_accept_tree_sample (its uniforms operands; u <= exp64(t - d)).
ScalarKernel plan_spec_accept_tree_sample(const ir::Op& group, const std::string& name);

/// tessera.target_verify of f32 logits: the softmax of each row (schedule_to_tile_spec.cpp).
ScalarKernel plan_target_verify(const ir::Op& group, const ir::Op& op, const std::string& name);

/// Each operand's element count, or nullopt when one has no static shape (or too many).
std::optional<std::vector<int64_t>> operand_sizes(const ir::Op& group);

/// Why a tessera.matmul group stays off the tiled GEMM (a numeric policy, f64, types it has no
/// register for, a batch), or nullptr.
const char* gemm_stays(const ir::Op& mm, const ir::Type& a, const ir::Type& b);

/// tessera.matmul the tiled GEMM does not hold (batched, broadcast batch dims, transposed) of
/// f32 or narrow float inputs with an f32 accumulator: one group per output row.
ScalarKernel plan_scalar_matmul(const ir::Op& group, const ir::Op& mm, const std::string& name);

/// tessera.grouped_gemm of f32 with integer group sizes: one group per row of x; a bad size
/// (grouped_gemm_c4) stops the run with a bounds error.
ScalarKernel plan_grouped_gemm(const ir::Op& group, const std::string& name);

/// tessera.latent_kv_compress, expand_k, expand_v of f32 or bf16/f16: each row of the input
/// times the weight, one group per row.
ScalarKernel plan_latent_kv(const ir::Op& group, const std::string& name);

/// tessera.swiglu_fused of f32 or bf16/f16: one group per row of x, the [M, H] intermediates
/// recomputed per output element in f32.
ScalarKernel plan_swiglu_fused(const ir::Op& group, const std::string& name);

/// tessera.moe_swiglu_block of f32 without scales: one group per row of x, its expert found
/// from the run-time group sizes (a bad size stops the run; a padding row gets +0).
ScalarKernel plan_moe_swiglu(const ir::Op& group, const std::string& name);

/// tessera.mor_router (f32, bf16/f16), mor_partition (integer depths) and mor_scatter
/// : one group per token.
ScalarKernel plan_mor(const ir::Op& group, const ir::Op& op, const std::string& name);

}  // namespace tessera::transforms
