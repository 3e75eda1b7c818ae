// One CUDA device: properties, stream, device memory and pinned staging.
#include "backends/cuda/runtime/device.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstring>

#include "backends/cuda/runtime/failure.h"

namespace tessera::cuda {
namespace {

/// Copies go through a pinned buffer of at most this many bytes at a time.
constexpr size_t kStagingChunk = size_t{64} << 20;

cudaStream_t as_stream(void* s) { return static_cast<cudaStream_t>(s); }

}  // namespace

DeviceMemory::DeviceMemory(int device, size_t bytes) : device_(device), bytes_(bytes) {
  check_cuda("cudaSetDevice", cudaSetDevice(device));
  // cudaMalloc of 0 bytes returns nullptr; keep one byte so every buffer has an address.
  check_cuda("cudaMalloc", cudaMalloc(&ptr_, std::max<size_t>(bytes, 1)));
}

DeviceMemory::~DeviceMemory() {
  if (ptr_ != nullptr) {
    (void)cudaSetDevice(device_);
    (void)cudaFree(ptr_);  // a destructor reports nothing; the next checked call will
  }
}

Device::Device(int index) : index_(index) {
  check_cuda("cudaSetDevice", cudaSetDevice(index));
  cudaDeviceProp prop{};
  check_cuda("cudaGetDeviceProperties", cudaGetDeviceProperties(&prop, index));
  sm_ = prop.major * 10 + prop.minor;
  name_ = prop.name;
  cudaStream_t s = nullptr;
  check_cuda("cudaStreamCreateWithFlags", cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  stream_ = s;
}

Device::~Device() {
  (void)cudaSetDevice(index_);
  if (stream_ != nullptr) {
    (void)cudaStreamSynchronize(as_stream(stream_));
    (void)cudaStreamDestroy(as_stream(stream_));
  }
  if (staging_ != nullptr) (void)cudaFreeHost(staging_);
}

void Device::make_current() const { check_cuda("cudaSetDevice", cudaSetDevice(index_)); }

void* Device::staging(size_t bytes) {
  bytes = std::min(bytes, kStagingChunk);
  if (bytes <= staging_bytes_) return staging_;
  if (staging_ != nullptr) {
    check_cuda("cudaFreeHost", cudaFreeHost(staging_));
    staging_ = nullptr;
    staging_bytes_ = 0;
  }
  check_cuda("cudaHostAlloc", cudaHostAlloc(&staging_, bytes, cudaHostAllocDefault));
  staging_bytes_ = bytes;
  return staging_;
}

void Device::upload(void* dst, const void* src, size_t bytes) {
  make_current();
  for (size_t done = 0; done < bytes;) {
    const size_t n = std::min(bytes - done, kStagingChunk);
    void* pinned = staging(n);
    std::memcpy(pinned, static_cast<const char*>(src) + done, n);
    check_cuda("cudaMemcpyAsync", cudaMemcpyAsync(static_cast<char*>(dst) + done, pinned, n,
                                                  cudaMemcpyHostToDevice, as_stream(stream_)));
    check_cuda("cudaStreamSynchronize", cudaStreamSynchronize(as_stream(stream_)));
    done += n;
  }
}

void Device::download(void* dst, const void* src, size_t bytes) {
  make_current();
  for (size_t done = 0; done < bytes;) {
    const size_t n = std::min(bytes - done, kStagingChunk);
    void* pinned = staging(n);
    check_cuda("cudaMemcpyAsync", cudaMemcpyAsync(pinned, static_cast<const char*>(src) + done, n,
                                                  cudaMemcpyDeviceToHost, as_stream(stream_)));
    check_cuda("cudaStreamSynchronize", cudaStreamSynchronize(as_stream(stream_)));
    std::memcpy(static_cast<char*>(dst) + done, pinned, n);
    done += n;
  }
}

}  // namespace tessera::cuda
