// The host program of a lowered module as a list of steps the executor runs on a device: the
// entry function's tessera_nvidia.launch ops (grid, block, kernel, operands, results) and its
// return. An op of the entry function that is not a launch (a Graph op the lowering left, a
// constant, a call) is refused with UNIMPLEMENTED naming the op and its location.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda/runtime/library_hook.h"
#include "core/ir/ir.h"
#include "core/numerics/dtype.h"
#include "core/support/diagnostics.h"

namespace tessera::cuda {

/// A tensor type of the host program: dtype and static shape.
struct TensorSpec {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
};

/// One parameter of a kernel: a global memref (pointer + one i64 per dynamic dim) or a scalar.
struct ParamSpec {
  bool memref = false;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;  ///< memref dims; ir::kDynamic for `?`.
};

/// One tessera_nvidia.launch, or a host op only a library carries out. With `library` set the
/// library is asked first; the generated kernel (`symbol` non-empty) runs when it declines.
struct LaunchStep {
  std::shared_ptr<const LibraryKernel> library;
  std::string symbol;  ///< The generated kernel's C name (kernel_symbol of the callee).
  std::array<unsigned, 3> grid{1, 1, 1};
  std::array<unsigned, 3> block{1, 1, 1};
  std::vector<int> operands;  ///< Value slots bound to the leading parameters.
  std::vector<int> results;   ///< Value slots of fresh zeroed outputs (trailing params).
  /// Empty, or per result: the slot whose bytes it starts with instead of zeros (a piece of a
  /// tile kernel split at its collectives continues from the buffers the last piece left,
  /// mesh_tile.h); -1 keeps it zeroed.
  std::vector<int> init_from;
  std::vector<TensorSpec> result_types;
  std::vector<ParamSpec> params;  ///< Every kernel parameter in order.
  std::string where;              ///< "file:line:col" of the launch, for run-time errors.
  /// A host `tessera.reshape` (inserted by the lowering around launches): the operand's bytes,
  /// copied device to device into the result (row-major order is unchanged by a reshape).
  bool copy = false;
  /// A host op whose results all have zero elements (the lowering's empty `tessera.constant`):
  /// its results are allocated (zero bytes) and nothing runs.
  bool empty = false;
};

/// The entry function as steps. Slots 0..inputs.size()-1 are the entry's arguments.
struct HostPlan {
  std::vector<TensorSpec> inputs;
  std::vector<LaunchStep> steps;
  std::vector<int> returns;  ///< Slots returned, in order.
  int num_slots = 0;
};

/// Builds the plan of function `entry` of a module lowered to Target IR. Launches of fusion
/// groups and host ops other than a launch or the return are offered to `library` (nullptr in
/// deterministic mode) for a device of compute capability `sm_version`. Throws Failure:
/// INVALID_ARGUMENT for a missing entry or a malformed launch, UNIMPLEMENTED for a host op nothing
/// runs (rendered with its location).
HostPlan build_host_plan(const ir::Module& module, const std::string& entry,
                         const SourceManager& sm, const LibraryHooks* library = nullptr,
                         int sm_version = 0);

}  // namespace tessera::cuda
