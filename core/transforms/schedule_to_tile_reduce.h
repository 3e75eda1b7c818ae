// Scalar reductions, losses and optimizer steps of the Schedule -> Tile lowering: kernels on
// scalar registers that repeat the Graph IR kernel's sequence of operations (one rounding per
// step, folds from the first element) for what register tiles do not hold: f64, narrow floats,
// accumulator policies, rows over 1024 elements, per-row gathers (cross_entropy) and kernels
// with several results (adam). docs/ops/schedule/lowering.md, "Scalar reductions", "Losses",
// "Optimizers".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// A scalar kernel for a `whole` group, or `why` it stays.
struct ScalarKernel {
  std::string kernel;  ///< empty when the group stays
  std::string why;
  std::vector<int64_t> grid;
  /// Per operand: reshaped to [flat[i]] before the launch, the result reshaped from `out_2d`.
  /// Empty: operands and results bind in their own shapes (no reshape).
  std::vector<int64_t> flat;
  std::vector<int64_t> out_2d;
  std::vector<int64_t> perm;  ///< operand 0 goes through tessera.transpose {perm} first

  /// A group that stays at Schedule IR, with its reason.
  static ScalarKernel stay(std::string reason) {
    ScalarKernel s;
    s.why = std::move(reason);
    return s;
  }
};

/// tessera.reduce (kind sum, mean, max, min) of an input already arranged as [rows, width]
/// (each output's elements one row in tessera.reduce's order), in `in` (the storage type) with
/// the accumulator of numeric_policy `accum` (nullopt: the compute type): one group per row.
ScalarKernel plan_scalar_reduce(const std::string& name, DType in, int64_t rows, int64_t width,
                                const std::string& kind, std::optional<DType> accum);

/// tessera.mse of f32 or f64 operands of any element count (the sequential chain).
ScalarKernel plan_scalar_mse(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.cross_entropy of f32 logits [..., C] and integer labels.
ScalarKernel plan_cross_entropy(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.loss.cross_entropy of f32 logits (classes along `axis`) and integer labels, with
/// ignore_index, label_smoothing and every reduction.
ScalarKernel plan_loss_cross_entropy(const ir::Op& group, const ir::Op& op,
                                     const std::string& name);

/// tessera.binary_cross_entropy of f32 operands of one static shape, reduction "mean" or "sum"
/// (schedule_to_tile_bce.cpp).
ScalarKernel plan_binary_cross_entropy(const ir::Op& group, const ir::Op& op,
                                       const std::string& name);

/// tessera.rl.ppo_policy_loss, grpo_policy_loss and cispo_policy_loss of f32 operands of one
/// static shape (schedule_to_tile_rl.cpp).
ScalarKernel plan_rl_loss(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.sgd, tessera.adam, tessera.adamw (docs/ops/graph/optimizers.md), and the elementwise
/// backward ops nesterov, momentum_backward, loss.mse_backward, adam_backward and
/// loss.binary_cross_entropy_backward.
ScalarKernel plan_optimizer(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.topk of f32, f64, bf16 or f16 along any axis, 0 <= k <= n (schedule_to_tile_topk.cpp).
ScalarKernel plan_topk(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.gather, tessera.embedding and tessera.scatter of static shapes with integer indices
/// (schedule_to_tile_index.cpp): an index outside [0, n) stops the run with a bounds error.
ScalarKernel plan_index(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.normalization_stats of f32 along one axis: mean and 1/sqrt(var + eps) per slice
/// (schedule_to_tile_topk.cpp).
ScalarKernel plan_normalization_stats(const ir::Op& group, const ir::Op& op,
                                      const std::string& name);

}  // namespace tessera::transforms
