// CUDA runtime and NVRTC status codes as Tessera errors: "<call>: <name> (<description>)".
#pragma once

#include <string>

#include "plugins/tessera_backend.h"

namespace tessera::cuda {

/// "call returned cudaErrorX (description)" for a CUDA runtime status (an int cudaError_t).
std::string runtime_status_text(const char* call, int status);

/// "call returned NVRTC_ERROR_X" for an NVRTC status (an int nvrtcResult).
std::string nvrtc_status_text(const char* call, int status);

/// Result of probing for devices: the count, or 0 and why none is usable.
struct DeviceProbe {
  int device_count = 0;
  std::string unavailable_reason;  ///< "" when device_count > 0.
};

/// Calls cudaGetDeviceCount. Never aborts: without a driver the runtime returns an error code
/// (it loads libcuda with dlopen), which becomes "no CUDA device: cudaGetDeviceCount returned ...".
DeviceProbe probe_devices();

/// "major.minor" of the NVRTC library linked in, or the error text when the query fails.
std::string nvrtc_version_text();

}  // namespace tessera::cuda
