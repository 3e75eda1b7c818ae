// The random ops of docs/ops/graph/random.md and misc_random.md (uniform, rng_uniform, dropout,
// tessera_rng.bernoulli, poisson, randn, rng_normal, tessera_rng.normal) as scalar kernels of
// Philox words and f64 arithmetic (docs/ops/schedule/lowering.md, "Random ops").
#pragma once

#include <string>
#include <string_view>

#include "core/transforms/schedule_to_tile_reduce.h"

namespace tessera::transforms {

/// True for the ops plan_random lowers.
bool is_random_op(std::string_view op);

/// One of those ops of static shape: one group per run of consecutive elements, element i from
/// num::random_bits(seed, stream (+ offset), i) in the Graph IR kernel's arithmetic.
ScalarKernel plan_random(const ir::Op& group, const ir::Op& op, const std::string& name);

}  // namespace tessera::transforms
