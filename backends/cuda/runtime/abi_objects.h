// The ABI's opaque handles as the CUDA plugin defines them, shared by its slot files.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backends/cuda/cuda_status.h"
#include "backends/cuda/runtime/cubin_cache.h"
#include "backends/cuda/runtime/device.h"
#include "backends/cuda/runtime/executor.h"
#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/mesh_executor.h"
#include "plugins/plugin_support.h"

struct TesseraClient {
  tessera::cuda::DeviceProbe probe;
  std::string name = "cuda";
  std::string version;
  tessera::cuda::CubinCache cache{""};
  std::mutex mu;  ///< Guards `devices`.
  /// Per mesh rank, opened on first use: rank r on GPU r % G (rank_device), its own stream.
  std::vector<std::unique_ptr<tessera::cuda::Device>> devices;
  tessera::cuda::FoldCache folds;  ///< The mesh fold kernels per GPU (mesh_executor.h).

  /// Rank `index`'s device, opened (stream, properties) on first use. Throws Failure.
  tessera::cuda::Device& device(int64_t index);
};

struct TesseraDevice {
  int64_t index;
};

struct TesseraBuffer {
  tessera::cuda::DeviceTensor tensor;
};

struct TesseraExecutable {
  std::unique_ptr<tessera::cuda::LoadedProgram> program;   ///< One device.
  std::unique_ptr<tessera::cuda::LoadedMeshProgram> mesh;  ///< Or a mesh (num_devices > 1).
  size_t num_outputs = 0;
};

struct TesseraEvent {
  std::unique_ptr<tessera::cuda::Completion> done;
};

namespace tessera::cuda {

/// Runs `body` and turns a Failure into an error object with its own code (every CUDA error
/// keeps its status text).
template <typename Body>
TesseraError* failure_to_error(const char* slot, Body& body) {
  try {
    return body();
  } catch (const Failure& f) {
    return plugins::support::make_error(f.code(), std::string(slot) + ": " + f.what());
  }
}

/// support::checked_slot, plus Failure -> its own code.
template <typename Args, typename Body>
TesseraError* checked_slot(const char* slot, Args* args, size_t min_size, Body&& body) noexcept {
  return plugins::support::checked_slot(slot, args, min_size,
                                        [&]() { return failure_to_error(slot, body); });
}

/// The buffer, execute and event slots (abi_buffers.cpp).
TesseraError* buffer_from_host(TesseraBufferFromHostArgs* args);
TesseraError* buffer_destroy(TesseraBufferDestroyArgs* args);
TesseraError* buffer_info(TesseraBufferInfoArgs* args);
TesseraError* buffer_to_host(TesseraBufferToHostArgs* args);
TesseraError* execute(TesseraExecuteArgs* args);
TesseraError* event_await(TesseraEventAwaitArgs* args);
TesseraError* event_destroy(TesseraEventDestroyArgs* args);

}  // namespace tessera::cuda
