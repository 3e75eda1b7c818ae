// Graph IR execution plans: compile a function once for concrete input shapes, then run it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "core/ir/ir.h"
#include "core/support/diagnostics.h"
#include "interp/graph/kernel.h"
#include "interp/run_context.h"
#include "interp/tensor.h"

namespace tessera::interp {

/// One op of the plan: its kernel, where its operands and results live, and which slots die
/// after it (their buffers go back to the pool).
struct PlanStep {
  const ir::Op* op = nullptr;
  KernelFn kernel = nullptr;
  std::vector<int> inputs;             ///< Slot per operand.
  std::vector<int> outputs;            ///< Slot per result.
  std::vector<ir::Type> result_types;  ///< Concrete result types.
  std::vector<int> release;            ///< Slots whose last use is this step.
  bool widen = false;                  ///< Run in f32 around low-precision operands/results.
  /// Folded into a later step (interp/graph/fusion.h): the runner skips it. It keeps its place,
  /// so every other step keeps its index (the key of its random streams).
  bool fused_away = false;
  /// The recipe of a fused elementwise step (its kernel is kernel_fused_elementwise).
  std::shared_ptr<const FusedExpr> fused;
};

struct PlanOptions {
  uint64_t max_memory = 8ull << 30;
  /// Keep steps whose op has no kernel (kernel == nullptr) instead of refusing the program; the
  /// caller executes them (the mesh executor runs collectives this way, over all ranks at once).
  bool allow_missing_kernels = false;
  /// Fuse steps (interp/graph/fusion.h). Off when an observer must see every op's own result.
  bool fuse = true;
};

/// A compiled function: resolved kernels, value slots, buffer reuse by liveness.
struct Plan {
  const ir::Op* func = nullptr;
  std::vector<PlanStep> steps;
  int num_slots = 0;
  std::vector<int> arg_slots;                     ///< Slot of each function argument.
  std::vector<int> result_slots;                  ///< Slot of each returned value.
  std::vector<ir::Type> arg_types, result_types;  ///< Concrete.
  uint64_t peak_bytes = 0;  ///< Peak live bytes under the plan's buffer reuse.
};

/// Compiles `func` for the given concrete argument types: binds dynamic and named dims
/// (`tessera.dims` argument attributes), re-infers every result type, checks memory. Throws
/// tessera::Error with rendered diagnostics on failure.
Plan compile_plan(const ir::Op& func, const std::vector<ir::Type>& arg_types,
                  const SourceManager& sm, const PlanOptions& opts);

/// The values that the regions of `op` (nested ones included) use but that are defined outside
/// `op`, in order of first use: a plan passes them to the op after its operands.
std::vector<const ir::Value*> region_captures(const ir::Op& op);

/// Compiles the ops of `block` (all but its terminator) for concrete types of `inputs` (the
/// block's arguments, then the captures of the op owning it); the plan's results are the
/// terminator's operands (scf.yield, scf.condition). Throws tessera::Error on failure.
Plan compile_block_plan(const ir::Block& block, const std::vector<const ir::Value*>& inputs,
                        const std::vector<ir::Type>& input_types, const SourceManager& sm,
                        const PlanOptions& opts);
/// Buffers kept between runs of plans (a Session holds one for the runs of its module): a run
/// takes its intermediate buffers here before it allocates, and gives every buffer it freed back
/// at its end, so repeated calls of one program reuse the same memory instead of faulting in
/// fresh pages. Results and arguments never enter it. Safe to share between concurrent runs.
class BufferCache {
 public:
  /// A buffer of exactly `bytes` bytes from the cache, or an empty Tensor.
  Tensor take(size_t bytes);
  /// Keeps `t`'s storage for a later take (only when no one else holds it).
  void give(Tensor t);
  /// Bytes the cache holds now.
  size_t held_bytes() const;
  /// The cache keeps at most this many bytes (a session run with ever new shapes would otherwise
  /// keep a buffer of every size it met).
  static constexpr size_t kMaxHeldBytes = size_t{1} << 30;

 private:
  mutable std::mutex mu_;
  std::map<size_t, std::vector<Tensor>> free_;
  size_t held_ = 0;
};

/// Step-by-step execution state of one plan (one per rank in SPMD execution). Its kernels see
/// `run`, which must outlive the runner.
class PlanRunner {
 public:
  PlanRunner(const Plan& plan, const RunContext& run);
  ~PlanRunner();
  PlanRunner(PlanRunner&&) noexcept;
  /// Binds the arguments (types must match those the plan was compiled for).
  void set_args(const std::vector<Tensor>& args);
  /// Runs step k (its kernel must be non-null), then releases the slots that die there.
  void run_step(size_t k);
  /// Releases the slots that die after step k (for steps the caller executed itself).
  void release_after(size_t k);
  /// Direct slot access for callers that execute steps themselves.
  Tensor& slot(int s);
  /// Allocates an output for step k result r from the buffer pool.
  Tensor allocate(const ir::Type& t);
  std::vector<Tensor> results() const;

 private:
  void trace_step(const PlanStep& st, const std::vector<const Tensor*>& ins,
                  const std::vector<Tensor>& outs, uint64_t ts0);
  const Tensor* in_place_operand(const PlanStep& st, const std::vector<const Tensor*>& ins) const;
  struct State;
  std::unique_ptr<State> st_;
};

/// Runs step `st` (number k of its plan) once more on `inputs` (of any types its kernel accepts)
/// and returns its results as the plan would store them: low-precision operands widened, results
/// rounded at storage by the op's policy. Numerics tools re-evaluate ops with it (shadow runs).
std::vector<Tensor> execute_step(const PlanStep& st, uint64_t k,
                                 std::span<const Tensor* const> inputs, const RunContext& run);

/// Runs a plan on arguments whose types match those it was compiled for.
std::vector<Tensor> run_plan(const Plan& plan, const std::vector<Tensor>& args,
                             const RunContext& run);

}  // namespace tessera::interp
