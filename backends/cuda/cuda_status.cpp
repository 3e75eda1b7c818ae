// CUDA runtime and NVRTC status codes as Tessera errors.
#include "backends/cuda/cuda_status.h"

#include <cuda_runtime_api.h>
#include <nvrtc.h>

namespace tessera::cuda {

std::string runtime_status_text(const char* call, int status) {
  auto e = static_cast<cudaError_t>(status);
  const char* name = cudaGetErrorName(e);
  const char* text = cudaGetErrorString(e);
  return std::string(call) + " returned " + (name ? name : "unknown CUDA error") + " (" +
         (text ? text : "no description") + ", code " + std::to_string(status) + ")";
}

std::string nvrtc_status_text(const char* call, int status) {
  const char* name = nvrtcGetErrorString(static_cast<nvrtcResult>(status));
  return std::string(call) + " returned " + (name ? name : "unknown NVRTC error") + " (code " +
         std::to_string(status) + ")";
}

DeviceProbe probe_devices() {
  DeviceProbe p;
  int count = 0;
  cudaError_t st = cudaGetDeviceCount(&count);
  if (st != cudaSuccess) {
    p.unavailable_reason = "no CUDA device: " + runtime_status_text("cudaGetDeviceCount", st);
    // Clear the runtime's sticky last error so later queries start clean.
    (void)cudaGetLastError();
    return p;
  }
  if (count <= 0) {
    p.unavailable_reason = "no CUDA device: cudaGetDeviceCount returned 0 devices";
    return p;
  }
  p.device_count = count;
  return p;
}

std::string nvrtc_version_text() {
  int major = 0, minor = 0;
  nvrtcResult st = nvrtcVersion(&major, &minor);
  if (st != NVRTC_SUCCESS) return nvrtc_status_text("nvrtcVersion", st);
  return std::to_string(major) + "." + std::to_string(minor);
}

}  // namespace tessera::cuda
