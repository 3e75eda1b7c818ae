// Shared by the CUDA benchmarks: the no-device exit, CUDA-event timing (warm-ups, median), host
// bf16/fp8 encodings for test data, and the machine line (device, loadavg).
#pragma once

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "backends/cuda/cuda_status.h"
#include "backends/cuda/libs/lib_status.h"

namespace tessera::bench {

/// Prints "no CUDA device: ..." and returns true when there is none (the caller exits 0).
inline bool no_device(const char* program) {
  cuda::DeviceProbe p = cuda::probe_devices();
  if (p.device_count > 0) return false;
  std::printf("%s: %s\n", program, p.unavailable_reason.c_str());
  return true;
}

/// "<device name> (sm_NN, N SMs), loadavg a b c".
inline std::string machine_line(int device) {
  cudaDeviceProp prop{};
  std::string dev = cudaGetDeviceProperties(&prop, device) == cudaSuccess
                        ? std::string(prop.name) + " (sm_" + std::to_string(prop.major) +
                              std::to_string(prop.minor) + ", " +
                              std::to_string(prop.multiProcessorCount) + " SMs)"
                        : "unknown device";
  std::ifstream f("/proc/loadavg");
  std::string a, b, c;
  f >> a >> b >> c;
  return dev + ", loadavg " + a + " " + b + " " + c;
}

/// Exits the benchmark with the status's message when it failed.
inline void require(const cuda::libs::Status& s, const char* what) {
  if (s.ok()) return;
  std::fprintf(stderr, "error: %s: %s\n", what, s.message().c_str());
  std::exit(1);
}

inline void require_cuda(int status, const char* call) {
  require(cuda::libs::cuda_check(call, status), call);
}

/// A pair of CUDA events on one stream that times one body at a time (synchronising on the stop
/// event), in milliseconds.
class EventTimer {
 public:
  explicit EventTimer(cudaStream_t stream) : stream_(stream) {
    require_cuda(cudaEventCreate(&start_), "cudaEventCreate");
    require_cuda(cudaEventCreate(&stop_), "cudaEventCreate");
  }
  ~EventTimer() {
    (void)cudaEventDestroy(start_);
    (void)cudaEventDestroy(stop_);
  }
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;
  double once(const std::function<void()>& body) {
    require_cuda(cudaEventRecord(start_, stream_), "cudaEventRecord");
    body();
    require_cuda(cudaEventRecord(stop_, stream_), "cudaEventRecord");
    require_cuda(cudaEventSynchronize(stop_), "cudaEventSynchronize");
    float t = 0;
    require_cuda(cudaEventElapsedTime(&t, start_, stop_), "cudaEventElapsedTime");
    return double(t);
  }

 private:
  cudaStream_t stream_;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

/// The median of `ms` (NaN when empty).
inline double median_of(std::vector<double> ms) {
  if (ms.empty()) return std::nan("");
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

/// Median over `iters` runs of `body` on `stream` after `warmup` runs, each run timed by CUDA
/// events (milliseconds).
inline double median_ms(cudaStream_t stream, int warmup, int iters,
                        const std::function<void()>& body) {
  for (int i = 0; i < warmup; ++i) body();
  require_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  EventTimer timer(stream);
  std::vector<double> ms;
  for (int i = 0; i < iters; ++i) ms.push_back(timer.once(body));
  return median_of(ms);
}

/// Medians of two bodies timed alternately (A B A B ..., warm-ups too), each run between the same
/// pair of CUDA events: clock or thermal drift over the run then falls on both alike instead of
/// favouring the one measured first. Returns {median A, median B}.
inline std::pair<double, double> median_ms_abab(cudaStream_t stream, int warmup, int iters,
                                                const std::function<void()>& a,
                                                const std::function<void()>& b) {
  for (int i = 0; i < warmup; ++i) {
    a();
    b();
  }
  require_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  EventTimer timer(stream);
  std::vector<double> ta, tb;
  for (int i = 0; i < iters; ++i) {
    ta.push_back(timer.once(a));
    tb.push_back(timer.once(b));
  }
  return {median_of(ta), median_of(tb)};
}

/// f32 -> bf16 bits, round to nearest even (finite inputs).
inline uint16_t to_bf16(float f) {
  uint32_t u = 0;
  std::memcpy(&u, &f, 4);
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<uint16_t>(u >> 16);
}
inline float from_bf16(uint16_t b) {
  uint32_t u = static_cast<uint32_t>(b) << 16;
  float f = 0;
  std::memcpy(&f, &u, 4);
  return f;
}

/// e4m3 (OCP, bias 7) bits of a small integer |v| <= 8 (exact: 3 mantissa bits cover 0..8).
inline uint8_t e4m3_of_int(int v) {
  if (v == 0) return 0;
  uint8_t sign = v < 0 ? 0x80 : 0;
  int a = v < 0 ? -v : v;
  int e = 0;
  while ((a >> (e + 1)) != 0) ++e;  // a in [2^e, 2^(e+1))
  int mant = ((a << 3) >> e) & 7;   // the 3 bits after the leading one
  return static_cast<uint8_t>(sign | ((e + 7) << 3) | mant);
}

/// A fixed linear congruential generator: uniform in [-1, 1).
struct Lcg {
  uint64_t s = 0x9e3779b97f4a7c15ull;
  float next() {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<float>((s >> 40) & 0xffffff) / 8388608.0f - 1.0f;
  }
};

/// A device buffer freed on scope exit.
struct DeviceBuffer {
  void* p = nullptr;
  explicit DeviceBuffer(size_t bytes) { require_cuda(cudaMalloc(&p, bytes), "cudaMalloc"); }
  ~DeviceBuffer() {
    if (p) (void)cudaFree(p);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

}  // namespace tessera::bench
