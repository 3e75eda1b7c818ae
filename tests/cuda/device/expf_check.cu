// GPU check (run by hand on a machine with a device: tests/cuda/device/expf_check.sh): the CUDA
// prelude's tsr::exp_f32 against the host's num::expf on all 2^32 f32 inputs, bit for bit (NaN:
// both NaN). PRELUDE_FILE is the prelude text extracted from backends/cuda/codegen/prelude.cpp.
#include PRELUDE_FILE

#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "core/numerics/expf.h"

__global__ void exp_all(unsigned long long first, float* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tsr::exp_f32(__uint_as_float(unsigned(first + i)));
}

int main() {
  const unsigned chunk = 1u << 28;
  std::vector<float> got(chunk);
  float* d = nullptr;
  if (cudaMalloc(&d, sizeof(float) * chunk) != cudaSuccess) {
    std::printf("error: cudaMalloc failed\n");
    return 2;
  }
  unsigned long long bad = 0;
  for (unsigned long long first = 0; first < (1ull << 32); first += chunk) {
    exp_all<<<chunk / 256, 256>>>(first, d, chunk);
    if (cudaMemcpy(got.data(), d, sizeof(float) * chunk, cudaMemcpyDeviceToHost) != cudaSuccess) {
      std::printf("error: kernel or copy failed\n");
      return 2;
    }
    const unsigned nt = 16;
    std::vector<unsigned long long> bt(nt, 0);
    std::vector<std::thread> th;
    for (unsigned t = 0; t < nt; ++t)
      th.emplace_back([&, t] {
        for (unsigned j = t; j < chunk; j += nt) {
          const unsigned b = unsigned(first + j);
          float x;
          std::memcpy(&x, &b, 4);
          const float w = tessera::num::expf(x);
          if (std::memcmp(&w, &got[j], 4) != 0 && !(w != w && got[j] != got[j])) {
            if (bt[t]++ < 3) std::printf("x=%a host=%a device=%a\n", x, w, got[j]);
          }
        }
      });
    for (auto& t : th) t.join();
    for (auto v : bt) bad += v;
  }
  std::printf("exp_f32 on the device vs num::expf: %llu of 2^32 inputs differ\n", bad);
  return bad == 0 ? 0 : 1;
}
