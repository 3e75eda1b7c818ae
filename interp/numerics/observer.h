// The step observer: how numerics tools (reports, shadow runs, probes) watch Graph IR steps.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "core/ir/ir.h"

namespace tessera::interp {

class Tensor;
struct RunContext;
struct PlanStep;
namespace numerics {
struct ValueStats;
struct ErrorStats;
}  // namespace numerics

/// What an observer wants of one result of an op inside a tile kernel (StepObserver::tile_wants).
struct TileWants {
  bool stats = false;   ///< per-op statistics over every execution (--numerics-report, --stop-on)
  bool probe = false;   ///< the value of every tile at its last execution (--probe)
  bool shadow = false;  ///< f64 error columns where the op has an f64 evaluation (--shadow f64)
  bool any() const { return stats || probe || shadow; }
};

/// One result of an op inside a tile kernel, observed over one whole launch: statistics summed
/// over the launch's groups in group order, and the probed value (docs/numerics-report.md,
/// "Tile kernels").
struct TileValueEvent {
  const ir::Op& op;  ///< the op inside the kernel
  size_t result = 0;
  uint64_t executions = 0;                      ///< times a tile executed the op
  const numerics::ValueStats* stats = nullptr;  ///< null unless TileWants::stats
  const Tensor* probe = nullptr;                ///< [groups, tiles, value shape...] or null
  /// With TileWants::shadow, where the op has an f64 evaluation: its total, own and inherited
  /// error (docs/numerics-report.md, "Tile kernels"); null otherwise.
  const numerics::ErrorStats* errors = nullptr;
};

/// Where a tile kernel stopped (--stop-on): the op, the rendered diagnostic, what and where.
struct TileStopEvent {
  const ir::Op& op;
  std::string message;  ///< the rendered diagnostic (also the run's error)
  std::string what;     ///< "NaN", "+Inf" or "-Inf"
  int64_t group = 0, tile = 0, element = 0;
};

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
  /// Tile kernels: what to observe of result `r` of `op` (an op inside a kernel about to be
  /// launched); the default observes nothing, so launches run the unobserved loop.
  virtual TileWants tile_wants(const ir::Op& op, size_t r) const {
    (void)op, (void)r;
    return {};
  }
  /// Whether a tile op producing a NaN (`nan`) or an Inf from finite inputs stops the run.
  virtual void tile_stop_on(bool& nan, bool& inf) const { nan = inf = false; }
  /// After a tile launch: one event per observed result, in instruction order.
  virtual void after_tile_value(const TileValueEvent& e, const RunContext& run) {
    (void)e, (void)run;
  }
  /// A tile op produced a NaN or an Inf from finite inputs (the lowest such group of the launch);
  /// the launch then fails with `e.message`.
  virtual void after_tile_stop(const TileStopEvent& e, const RunContext& run) {
    (void)e, (void)run;
  }
};

}  // namespace tessera::interp
