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

/// The most elements a scalar kernel of schedule_to_tile_attnstate.cpp or _ssm.cpp keeps in one
/// local buffer: Target IR gives every lane its own copy (CUDA local memory), 16 KiB of f32.
inline constexpr int64_t kMaxLocalElements = 4096;

/// f32, bf16 or f16: the types a Graph IR kernel without the low-precision trait computes in f32
/// (the executor widens bf16/f16 operands exactly and rounds the results once at storage).
inline bool computed_in_f32(DType t) {
  return t == DType::f32 || t == DType::bf16 || t == DType::f16;
}

/// tessera.layer_norm or tessera.rmsnorm (or their guide names) of `rows` rows of `width`
/// elements, f64, f32, bf16 or f16: one group per row (schedule_to_tile_norm.cpp).
ScalarKernel plan_scalar_norm(const ir::Op& group, const ir::Op& op, int64_t rows, int64_t width,
                              const std::string& name);

/// tessera.softmax or tessera.log_softmax of f32, bf16 or f16 viewed as [outer, len, inner]
/// around the axis: one group per row (outer x inner rows of len elements, stride inner).
ScalarKernel plan_scalar_softmax(const ir::Op& group, const ir::Op& op, int64_t outer, int64_t len,
                                 int64_t inner, const std::string& name);

/// True for tessera.linear_attn, lightning_attention, gated_deltanet, kimi_delta_attention and
/// hybrid_attention (schedule_to_tile_attnstate.cpp).
bool is_linear_attn_family(std::string_view op);

/// An op of that family of f32 and static shape: one group per (batch..., head) slice runs the
/// recurrence (or hybrid_attention's softmax slot) in the Graph IR kernel's order.
ScalarKernel plan_linear_attn(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.selective_ssm of f32 and static shape: one group per (batch, channel) runs the scan
/// (schedule_to_tile_ssm.cpp).
ScalarKernel plan_selective_ssm(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.depth_attn of f32 and static shape: one group per output position.
ScalarKernel plan_depth_attn(const ir::Op& group, const ir::Op& op, const std::string& name);
/// tessera.tri_solve, tessera.cholesky, tessera.cholesky_solve, tessera.lu and tessera.qr of f32 or
/// f64 static shapes: one group per matrix of the batch (schedule_to_tile_linalg.cpp).
ScalarKernel plan_linalg(const ir::Op& group, const ir::Op& op, const std::string& name);

/// Why tessera.svd (a sort that is undefined for NaN) stays at Schedule IR, or nullptr for other
/// ops (schedule_to_tile_linalg.cpp).
const char* linalg_stay_reason(std::string_view op);

/// tessera.spmm of f32 values (the exact f32 fma chain) with integer indices: one group per row;
/// a broken row_ptr or a column outside [0, K) stops the run with a bounds error
/// (schedule_to_tile_linalg.cpp).
ScalarKernel plan_spmm(const ir::Op& group, const ir::Op& op, const std::string& name);

/// tessera.fft, tessera.ifft and tessera.fft2d of f32 or f64 static shapes: one group per
/// transform, the twiddle tables embedded (schedule_to_tile_fft.cpp).
ScalarKernel plan_fft(const ir::Op& group, const ir::Op& op, const std::string& name);

/// The tessera.clifford ops and their tessera_clifford spellings of f32 or f64 static shapes:
/// one group per multivector, the Graph IR kernel's f64 steps unrolled over the algebra's
/// blades (schedule_to_tile_clifford.cpp).
ScalarKernel plan_clifford(const ir::Op& group, const ir::Op& op, const std::string& name);

}  // namespace tessera::transforms
