// Pipeline parallelism: the 1F1B micro-batch schedule and the SPMD program that runs it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::transforms {

/// One unit of work of a pipeline stage: forward or backward of micro-batch `micro`.
struct PipeAction {
  enum class Kind { forward, backward } kind = Kind::forward;
  int micro = 0;
  bool operator==(const PipeAction&) const = default;
};

/// "F3" / "B3".
std::string to_string(const PipeAction& a);

/// The 1F1B order (PipeDream-Flush, Megatron-LM) of every stage: stage s runs
/// w = min(stages - s - 1, micro) warm-up forwards, then alternates one forward and one backward
/// until every forward ran, then the remaining backwards. Throws tessera::Error unless
/// 1 <= stages <= 1024 and 1 <= micro <= 4096.
std::vector<std::vector<PipeAction>> one_f_one_b(int stages, int micro);

/// A lock-step timetable: ticks[t][s] is what stage s does at tick t (or nothing, a bubble,
/// micro = -1). Each stage runs its order; F(s, m) waits for F(s-1, m) of an earlier tick and
/// B(s, m) for B(s+1, m) of an earlier tick (messages travel between ticks).
struct PipeTimetable {
  std::vector<std::vector<PipeAction>> ticks;
};

/// Simulates `order` (per stage) in lock step. Throws tessera::Error if the order deadlocks.
PipeTimetable lockstep(const std::vector<std::vector<PipeAction>>& order);

/// Stage functions in place of the linear layer: `forward(%h: A, %w: W) -> A` and
/// `backward(%h: A, %dy: A, %w: W) -> (A, W)` (the gradient of the stage input and the stage's
/// weight gradient for one micro-batch), A = tensor<batch x dim x dtype>.
struct StageFunctions {
  std::string forward, backward;      ///< callee names without '@' (empty: linear stages)
  std::vector<int64_t> weight_shape;  ///< W's shape
  std::string text;                   ///< the functions (generic form), copied into the module
};

/// A chain of stages trained with loss 0.5 * sum(y^2) over all micro-batches: linear stages
/// y = x W_s, or the stage functions of `stage`.
struct LinearPipelineSpec {
  int stages = 4, micro = 8;
  int64_t batch = 2, dim = 4;  ///< Each micro-batch is batch x dim; each W_s is dim x dim.
  std::string dtype = "f32";   ///< MLIR element type of every tensor.
  StageFunctions stage;        ///< empty `forward`: linear stages
};

/// Reads @`forward` and @`backward` of `stage_module` into `spec.stage` and sets batch, dim and
/// dtype from their signatures. Throws tessera::Error naming the function whose signature does
/// not have the shape above.
void read_stage_functions(const ir::Module& stage_module, const std::string& forward,
                          const std::string& backward, LinearPipelineSpec& spec);

/// The SPMD module (mesh axis "pp" of `stages` ranks) that runs the 1F1B timetable of `spec`:
/// @main(%x: MxBxD (replicated), %w: W (stage s's W_s, DxD for linear stages; global S*W
/// stacked along dim 0, sharded over pp)) -> (%y: MxBxD, the last stage's outputs (zeros on
/// other ranks), %gw: dW_s per rank (sharded like %w)). Every tick is: the recvs of the tick,
/// one forward (a matmul, or a call of the forward stage function) and one backward (a pair of
/// matmuls, or a call of the backward one) evaluated on every rank,
/// rank-dependent `tessera.select`s by the
/// `pp` axis index, then the sends. Activations travel on channel 0, gradients on channel 1;
/// every send/recv moves one micro-batch between two stages and carries `label = "F<m>"` or
/// `"B<m>"` for traces. Gradients accumulate in micro-batch order of each stage's backwards.
std::string emit_linear_pipeline(const LinearPipelineSpec& spec);

}  // namespace tessera::transforms
