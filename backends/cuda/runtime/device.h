// One CUDA device as the runtime uses it: its architecture, a stream, device memory and pinned
// staging for host<->device copies. Every CUDA error becomes a Failure (failure.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace tessera::cuda {

/// Device memory from cudaMalloc, freed with cudaFree when the last owner lets go.
class DeviceMemory {
 public:
  DeviceMemory(int device, size_t bytes);
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  void* data() const { return ptr_; }
  size_t bytes() const { return bytes_; }
  int device() const { return device_; }

 private:
  int device_;
  size_t bytes_;
  void* ptr_ = nullptr;
};

/// A device and what the runtime keeps for it. Calls are serialised by `mutex()`.
class Device {
 public:
  /// Selects device `index` (cudaSetDevice), reads its properties and creates a stream.
  explicit Device(int index);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  int index() const { return index_; }
  /// Compute capability x 10 (e.g. 90 for sm_90): the arch NVRTC compiles CUBINs for.
  int sm() const { return sm_; }
  const std::string& name() const { return name_; }
  void* stream() const { return stream_; }
  std::mutex& mutex() { return mu_; }
  /// Makes this device current on the calling thread.
  void make_current() const;

  /// Copies host bytes into device memory through pinned staging; complete on return.
  void upload(void* dst, const void* src, size_t bytes);
  /// Copies device bytes into host memory through pinned staging; complete on return.
  void download(void* dst, const void* src, size_t bytes);

 private:
  void* staging(size_t bytes);  ///< Pinned host memory of at least `bytes` (grown on demand).

  int index_;
  int sm_ = 0;
  std::string name_;
  void* stream_ = nullptr;
  void* staging_ = nullptr;
  size_t staging_bytes_ = 0;
  std::mutex mu_;
};

}  // namespace tessera::cuda
