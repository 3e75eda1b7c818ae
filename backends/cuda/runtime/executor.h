// Runs a compiled program on a device: the CUBIN loaded with the runtime API (cudaLibraryLoadData,
// cudaLibraryGetKernel), then the host plan's steps enqueued on the device's stream: outputs
// allocated and zeroed, kernels launched with cudaLaunchKernel, results returned. Tensors stay in
// device memory between executions.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "backends/cuda/runtime/compile.h"
#include "backends/cuda/runtime/device.h"

namespace tessera::cuda {

/// A tensor in device memory. `host_copy` holds its bytes when they are known on the host too
/// (small tensors made from host data), so scalar kernel parameters need no download.
struct DeviceTensor {
  Device* device = nullptr;  ///< Owned by the client, which outlives its buffers (ABI).
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  size_t bytes = 0;
  std::shared_ptr<DeviceMemory> memory;
  std::string host_copy;
};

/// Largest tensor whose bytes a DeviceTensor keeps on the host as well.
inline constexpr size_t kHostCopyLimit = 64;

/// A new device tensor holding `bytes` of host data (packed as interp::HostTensor).
DeviceTensor tensor_from_host(Device& device, DType dtype, const std::vector<int64_t>& shape,
                              const void* data, size_t bytes);

/// Completion of one execution: a CUDA event recorded after its last launch, and the device
/// memory the launches use, kept alive until the event completes.
struct Completion {
  int device = 0;
  void* event = nullptr;  ///< cudaEvent_t
  /// Further (device, cudaEvent_t) pairs: one per other rank of a mesh execution; all of them
  /// complete before `keep_alive` is released.
  std::vector<std::pair<int, void*>> extra_events;
  std::vector<std::shared_ptr<DeviceMemory>> keep_alive;
  ~Completion();
  /// Blocks until the launches finished; throws Failure for an error they raised.
  void wait() const;
};

/// A compiled program with its CUBIN loaded on a device.
class LoadedProgram {
 public:
  LoadedProgram(Device& device, CompiledProgram program);
  ~LoadedProgram();
  LoadedProgram(const LoadedProgram&) = delete;
  LoadedProgram& operator=(const LoadedProgram&) = delete;

  const HostPlan& plan() const { return program_.plan; }
  const CompiledProgram& program() const { return program_; }

  /// Enqueues one execution on the device's stream (serialised by the device's mutex). Returns
  /// the outputs; `done` completes when they may be read. Throws Failure.
  std::vector<DeviceTensor> enqueue(const std::vector<DeviceTensor>& inputs,
                                    std::unique_ptr<Completion>& done);
  /// The steps of `enqueue` on `device`'s stream (any device: the CUBIN is loaded for every
  /// context), without locking it and without an event; the memory the launches use goes into
  /// `done.keep_alive`. For a mesh rank's compute step (the caller holds the device's mutex and
  /// has checked the arguments). Throws Failure.
  std::vector<DeviceTensor> enqueue_on(Device& device, const std::vector<DeviceTensor>& inputs,
                                       Completion& done);

 private:
  /// Looks each step's kernel up in the library and checks its block fits. Throws Failure.
  void resolve_kernels();

  Device& device_;
  CompiledProgram program_;
  void* library_ = nullptr;     ///< cudaLibrary_t
  std::vector<void*> kernels_;  ///< cudaKernel_t per step
};

}  // namespace tessera::cuda
