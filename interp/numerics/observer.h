// The step observer: how numerics tools (reports, shadow runs, probes) watch Graph IR steps.
#pragma once

#include <cstdint>
#include <span>

#include "core/ir/ir.h"

namespace tessera::interp {

class Tensor;
struct RunContext;
struct PlanStep;

/// One executed Graph IR step as an observer sees it: the op, its operands as stored (before any
/// widening), its results as stored, and, where the step rounded at storage (a low-precision
/// result computed in f32) or is a cast, the values before that rounding.
struct StepEvent {
  const PlanStep& step;
  uint64_t index = 0;                        ///< step number in its plan (keys random streams)
  uint64_t steps = 0;                        ///< steps of the plan
  std::span<const Tensor* const> inputs;     ///< operands, as stored
  std::span<const Tensor* const> outputs;    ///< results, as stored
  std::span<const Tensor* const> unrounded;  ///< per result: the f32 values before storage
                                             ///< rounding, or nullptr
};

/// Watches the steps of a run (RunOptions::observer). Called on the thread that ran the step;
/// mesh ranks call it concurrently, so implementations synchronise themselves. An observer may
/// throw tessera::Error to stop the run (--stop-on).
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  /// After step `e` of a plan ran, before its dead operands are released.
  virtual void after_step(const StepEvent& e, const RunContext& run) = 0;
  /// After a mesh collective ran over all ranks: `outputs[r]` is rank r's result (stats only).
  virtual void after_collective(const ir::Op& op, std::span<const Tensor* const> inputs,
                                std::span<const Tensor* const> outputs, const RunContext& run) = 0;
  /// After one more group of a Tile IR launch finished: `done` of `total` groups (concurrent
  /// groups call it concurrently and may report out of order). `site` is the `tile.launch` op,
  /// or the kernel function when the kernel runs directly. The default ignores it.
  virtual void after_tile_group(const ir::Op& site, int64_t done, int64_t total,
                                const RunContext& run) {
    (void)site, (void)done, (void)total, (void)run;
  }
  /// Whether result r of `op`, an op inside a tile kernel, is probed (--probe): the simulator
  /// then records the value each tile holds and calls after_tile_probe after the launch. The
  /// default probes nothing.
  virtual bool probes_value(const ir::Op& op, size_t r) const {
    (void)op, (void)r;
    return false;
  }
  /// After a launch: result r of `op` inside its kernel, shape [groups, tiles] followed by the
  /// value's own shape (a register tile's), the last value each tile of each group defined
  /// (zeros where a tile never reached it). The default ignores it.
  virtual void after_tile_probe(const ir::Op& op, size_t r, const Tensor& value,
                                const RunContext& run) {
    (void)op, (void)r, (void)value, (void)run;
  }
};

}  // namespace tessera::interp
