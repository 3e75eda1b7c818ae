// Default mode's bridge from the runtime's library hook (library_hook.h: asked at compile time,
// per host op) to backends/cuda/libs (libs::try_library_kernel: decides at run time, per call).
// Built only when backends/cuda/libs is (cuBLASLt, cuDNN, NCCL found). docs/cuda.md, "Default
// mode".
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "backends/cuda/libs/library.h"
#include "backends/cuda/runtime/library_hook.h"

namespace tessera::cuda {

/// What one host op asks of libs::try_library_kernel: the Graph op's name and attributes.
struct LibraryCall {
  std::string op_name;  ///< "tessera.matmul", "tessera.flash_attn" or "tessera.flash_attention".
  libs::LibAttrs attrs;
  /// The host op is a tessera_nvidia.launch: its generated kernel runs when the library declines.
  bool has_fallback = false;
};

/// The call for host op `op` (a launch of a lowered group, a group the lowering left, or a bare
/// Graph op), or nullopt. Only a group of exactly one tessera.matmul or flash attention op whose
/// operands are the group's arguments in order and whose result is the group's only result maps
/// to a call: a fused group (matmul + bias, ...) is more than the library computes.
std::optional<LibraryCall> library_call_for(const ir::Op& op);

/// The signature of libs::try_library_kernel (tests pass a fake one).
using LibraryEntry = libs::LibResult (*)(libs::LibraryContext&, const std::string&,
                                         const libs::LibAttrs&, const std::vector<libs::LibTensor>&,
                                         const libs::LibTensor&, bool, cudaStream_t);

/// The kernel that carries `call` out through `entry`. Its enqueue converts the device tensors
/// (dtype's MLIR spelling, shape, device pointer), calls `entry` in default mode (the hook is never
/// asked in deterministic mode) and returns true for kDone, false for kNotHandled when the step
/// has a generated fallback; it throws Failure UNIMPLEMENTED (with the library's reason) for
/// kNotHandled without one, and INTERNAL for kFailed. `entry`'s handles are shared by every
/// kernel of the process, behind a mutex.
std::shared_ptr<const LibraryKernel> make_library_kernel(LibraryCall call, LibraryEntry entry);

/// The hook library_hooks() holds when the libraries are built: make_library_kernel with
/// libs::try_library_kernel for every op library_call_for maps. `sm` is not used: the library
/// decides per device at run time.
std::shared_ptr<const LibraryKernel> libs_library_kernel(const ir::Op& op, int sm);

}  // namespace tessera::cuda
