// Scalar-kernel matrix products of schedule-to-tile (schedule_to_tile_gemm_scalar.cpp).
#pragma once

#include <string>

#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

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

}  // namespace tessera::transforms
