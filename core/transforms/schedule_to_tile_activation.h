// Activations of the Schedule -> Tile elementwise chains as sequences of exact f32 tile steps:
// sigmoid, silu, tanh-form gelu and silu_mul, in the order of the Graph IR kernels
// (docs/ops/schedule/lowering.md, "Activations").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// One Tile IR op of an elementwise chain: `op` on the values `in` (value ids, or constant
/// tiles: kChainConst - k names `consts[k]`), an f32 tile result unless `i1`.
struct ActivationStep {
  const char* op;
  std::vector<int> in;
  bool i1 = false;
  const char* pred = "";
};

/// Ids at or below kChainConst name f32 constant tiles (their bits).
constexpr int kChainConst = -100;

/// Appends the f32 steps of the Graph IR activation `o` on the value ids `in` to `steps`; the
/// first new step's result has id `next`, each next one the following id. Returns false (and
/// sets `why`) when `o` is no activation or has no exact lowering; `why` stays empty for an op
/// that is no activation.
bool activation_steps(const ir::Op& o, const std::vector<int>& in, int next,
                      std::vector<ActivationStep>& steps, std::vector<uint32_t>& consts,
                      std::string& why);

}  // namespace tessera::transforms
