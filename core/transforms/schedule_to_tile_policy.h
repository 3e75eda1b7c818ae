// A tessera.matmul's numeric policy as scalar Tile IR (schedule_to_tile_policy.cpp): the
// accumulation models of core/numerics/accumulate.h (pairwise tree, tensor-core steps) over one
// row of A and one column of B, for the scalar GEMM (schedule_to_tile_gemm_scalar.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/ir/ir.h"
#include "core/numerics/accumulate.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

/// The accumulation model of matmul `mm` with operand types a, b and result c when the scalar
/// kernel runs it exactly; otherwise nullopt and `why` (a precise reason).
std::optional<num::AccumModel> policy_model(const ir::Op& mm, DType a, DType b, DType c,
                                            std::string& why);

/// num::accumulate(model, a, b, k, +0) as Tile IR: `load_a(p)` and `load_b(p)` give the p-th
/// terms as f32 values (exactly decoded). Returns the f32 result's name.
std::string policy_dot(scalar_text::Text& t, const num::AccumModel& model, int64_t k,
                       const std::function<std::string(const std::string&)>& load_a,
                       const std::function<std::string(const std::string&)>& load_b);

}  // namespace tessera::transforms
