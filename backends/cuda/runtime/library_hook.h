// The hook through which default mode may hand host ops to vendor libraries (cuBLASLt matmul,
// cuDNN attention: backends/cuda/libs/). Deterministic mode never consults it: generated kernels
// only, with the interpreter's orders (docs/cuda.md, "Modes").
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::cuda {

struct DeviceTensor;

/// One host op carried out by a library call instead of (or before) a generated kernel.
class LibraryKernel {
 public:
  virtual ~LibraryKernel() = default;
  /// For messages and logs, e.g. "cublaslt matmul bf16".
  virtual std::string name() const = 0;
  /// Enqueues the op on `stream` (a cudaStream_t) and returns true, or returns false for "not
  /// handled" (the step's generated kernel then runs, if it has one). `outputs` are allocated
  /// and zeroed, shaped as the op's results. Throws Failure when the library fails.
  virtual bool enqueue(void* stream, const std::vector<const DeviceTensor*>& inputs,
                       const std::vector<const DeviceTensor*>& outputs) const = 0;
};

/// The library paths. Each slot returns the kernel for host op `op` of the entry function after
/// lowering to Target IR (see grouped_ops for the Graph ops it stands for) on a device of
/// compute capability `sm` x 10, or nullptr for "not handled". The kernel's inputs are `op`'s
/// operands and its outputs `op`'s results. `op` is either
///  - a `tessera_nvidia.launch` of a lowered fusion group (it carries `schedule.group`): the
///    library may replace the generated kernel, which stays as the fallback, or
///  - an op the lowering left (a `schedule.group` still at Schedule IR): the library is the only
///    way to run it.
struct LibraryHooks {
  std::shared_ptr<const LibraryKernel> (*try_library_kernel)(const ir::Op& op, int sm) = nullptr;
};

/// The Graph ops a host op stands for: the body (return left out) of the group function that a
/// `schedule.group` calls or that a `tessera_nvidia.launch`'s `schedule.group` attribute names;
/// `op` itself for any other op.
std::vector<const ir::Op*> grouped_ops(const ir::Op& op);

/// The hooks this build has: with backends/cuda/libs built (TESSERA_CUDA_HAVE_LIBS),
/// `try_library_kernel` is library_adapter.h's libs_library_kernel (tessera.matmul through
/// cuBLASLt, flash attention through cuDNN); without, every slot is nullptr and every op is
/// generated.
const LibraryHooks& library_hooks();

}  // namespace tessera::cuda
