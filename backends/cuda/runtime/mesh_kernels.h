// The generated kernels a mesh plan launches, device-free: each compute step's kernels and the
// rank-order fold kernels of its collective steps. What the compile-only check compiles for a
// mesh case, and the fold check the executor makes before it loads anything.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "backends/cuda/runtime/mesh_plan.h"
#ifdef TESSERA_CUDA_HAVE_LIBS
#include "backends/cuda/libs/fold_kernel.h"
#include "backends/cuda/libs/lib_status.h"
#endif

namespace tessera::cuda {

/// What a plan runs on the device besides copies and constants.
struct MeshPlanKernels {
  /// The compute steps' kernels (CUDA C++ without the prelude), distinct, in step order.
  std::vector<std::string> compute_kernels;
  /// The fold kernels' translation unit (libs/fold_kernel.h) when a step folds; "" otherwise.
  std::string fold_source;
  /// The fold kernels' symbols the plan launches (one per dtype and op), distinct, sorted.
  std::vector<std::string> fold_kernels;
  size_t compute_steps = 0;     ///< Steps that launch a compute program.
  size_t collective_steps = 0;  ///< Steps of copies, folds and constants.
  size_t copies = 0, folds = 0, consts = 0;
};

/// The kernels of `plan`. Compute programs must carry their kernel texts (MeshCompile with
/// generate_only, or a full compile). Throws Failure (UNIMPLEMENTED, naming the step) for a fold
/// without a fold kernel (its dtype), or for a fold in a build without backends/cuda/libs: the
/// executor refuses those plans with the same message (check_fold_kernels).
MeshPlanKernels mesh_plan_kernels(const MeshPlan& plan);

/// Throws as mesh_plan_kernels for a fold the executor cannot run.
void check_fold_kernels(const MeshPlan& plan);

/// "4 steps: 1 compute (2 kernels), 3 collective (12 copies, 4 folds, 0 constants)".
std::string summarize(const MeshPlan& plan, const MeshPlanKernels& kernels);

#ifdef TESSERA_CUDA_HAVE_LIBS
/// The fold kernel's dtype and op for `f`, or false when libs/fold_kernel.h has none.
bool fold_kernel_of(const MeshFold& f, libs::LibDtype* t, libs::ReduceOp* op);
#endif

}  // namespace tessera::cuda
