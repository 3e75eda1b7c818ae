// The random ops of docs/ops/graph/random.md and misc_random.md (uniform, rng_uniform, dropout,
// tessera_rng.bernoulli, poisson, randn, rng_normal, tessera_rng.normal) as scalar kernels of
// Philox words and f64 arithmetic (docs/ops/schedule/lowering.md, "Random ops").
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "core/transforms/schedule_to_tile_reduce.h"
#include "core/transforms/schedule_to_tile_text.h"

namespace tessera::transforms {

/// True for the ops plan_random lowers.
bool is_random_op(std::string_view op);

/// One of those ops of static shape: one group per run of consecutive elements, element i from
/// num::random_bits(seed, stream (+ offset), i) in the Graph IR kernel's arithmetic.
ScalarKernel plan_random(const ir::Op& group, const ir::Op& op, const std::string& name);

/// ops::box_muller(u1, u2) of two f64 values: sqrt(-2 log64 u1) cos64(2 pi u2), randn's step
/// (tile.sqrt, log64_emit, cos64_f64), appended to `t`; shared with the EBM noise.
std::string box_muller_f64(scalar_text::Text& t, const std::string& u1, const std::string& u2);
/// randn's standard normal of the words (w0, w1) of philox::word_pair: box_muller_f64 of
/// u1 = u24(w0) + 2^-24 and u2 = u24(w1) (both exact in f64).
std::string randn_normal(scalar_text::Text& t, const std::array<std::string, 2>& w);

}  // namespace tessera::transforms
