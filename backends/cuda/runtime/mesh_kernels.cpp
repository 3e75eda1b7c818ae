// The generated kernels a mesh plan launches: compute programs' kernels and the fold kernels.
#include "backends/cuda/runtime/mesh_kernels.h"

#include <set>

#include "backends/cuda/runtime/failure.h"
#include "core/numerics/dtype.h"

namespace tessera::cuda {

#ifdef TESSERA_CUDA_HAVE_LIBS
bool fold_kernel_of(const MeshFold& f, libs::LibDtype* t, libs::ReduceOp* op) {
  // The libraries' dtypes are named as the IR's (lib_status.h).
  if (!libs::parse_dtype(std::string(dtype_mlir_name(f.dtype)), t)) return false;
  using R = interp::mesh::ReduceOp;
  switch (f.op) {
    case R::sum:
      *op = libs::ReduceOp::kSum;
      break;
    case R::prod:
      *op = libs::ReduceOp::kProd;
      break;
    case R::max:
      *op = libs::ReduceOp::kMax;
      break;
    case R::min:
      *op = libs::ReduceOp::kMin;
      break;
    case R::avg:
      *op = libs::ReduceOp::kAvg;
      break;
  }
  return !libs::fold_kernel_name(*t, *op).empty();
}
#endif

void check_fold_kernels(const MeshPlan& plan) {
  for (const MeshStep& s : plan.steps)
    for (const MeshFold& f : s.folds) {
      (void)f;
#ifdef TESSERA_CUDA_HAVE_LIBS
      libs::LibDtype t{};
      libs::ReduceOp op{};
      if (!fold_kernel_of(f, &t, &op))
        unimplemented(s.where + ": " + s.op + ": no rank-order fold kernel for " +
                      dtype_mlir_name(f.dtype) +
                      " (libs/fold_kernel.h: f32, bf16, f16, f8E4M3FN, f8E5M2, i32)");
#else
      unimplemented(s.where + ": " + s.op +
                    " needs the fold kernel of backends/cuda/libs, which this build lacks "
                    "(NCCL, cuBLASLt or cuDNN not found)");
#endif
    }
}

MeshPlanKernels mesh_plan_kernels(const MeshPlan& plan) {
  check_fold_kernels(plan);
  MeshPlanKernels k;
  std::set<std::string> seen, folds;
  for (const MeshStep& s : plan.steps) {
    if (s.compute) {
      ++k.compute_steps;
      if (!s.compute->cuda_source.empty() && s.compute->kernel_sources.empty())
        throw Failure(TESSERA_ERROR_INTERNAL,
                      s.where + ": " + s.op + ": a compute program without its kernel texts");
      for (const std::string& text : s.compute->kernel_sources)
        if (seen.insert(text).second) k.compute_kernels.push_back(text);
      continue;
    }
    ++k.collective_steps;
    k.copies += s.copies.size();
    k.folds += s.folds.size();
#ifdef TESSERA_CUDA_HAVE_LIBS
    for (const MeshFold& f : s.folds) {
      libs::LibDtype t{};
      libs::ReduceOp op{};
      if (fold_kernel_of(f, &t, &op)) folds.insert(libs::fold_kernel_name(t, op));
    }
#endif
    k.consts += s.consts.size();
  }
#ifdef TESSERA_CUDA_HAVE_LIBS
  if (k.folds > 0) k.fold_source = libs::fold_kernel_source();
#endif
  k.fold_kernels.assign(folds.begin(), folds.end());
  return k;
}

std::string summarize(const MeshPlan& plan, const MeshPlanKernels& k) {
  return std::to_string(plan.steps.size()) + " steps: " + std::to_string(k.compute_steps) +
         " compute (" + std::to_string(k.compute_kernels.size()) + " distinct kernels), " +
         std::to_string(k.collective_steps) + " collective (" + std::to_string(k.copies) +
         " copies, " + std::to_string(k.folds) + " folds" +
         (k.folds > 0 ? " by the fold kernels" : "") + ", " + std::to_string(k.consts) +
         " constants)";
}

}  // namespace tessera::cuda
