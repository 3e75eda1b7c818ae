// GPU check (run by hand on a machine with a device: tests/cuda/device/expf_check.sh): the CUDA
// prelude's tsr::exp_f32 and tsr::log_f32 against the host's num::expf and num::logf on all 2^32
// f32 inputs each, bit for bit (NaN: both NaN). PRELUDE_FILE is the prelude text extracted from
// backends/cuda/codegen/prelude.cpp.
#include PRELUDE_FILE

#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "core/numerics/expf.h"
#include "core/numerics/logf.h"

__global__ void fn_all(int fn, unsigned long long first, float* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  const float x = __uint_as_float(unsigned(first + i));
  if (i < n) out[i] = fn == 0 ? tsr::exp_f32(x) : tsr::log_f32(x);
}

int main() {
  const unsigned chunk = 1u << 28;
  std::vector<float> got(chunk);
  float* d = nullptr;
  if (cudaMalloc(&d, sizeof(float) * chunk) != cudaSuccess) {
    std::printf("error: cudaMalloc failed\n");
    return 2;
  }
  int rc = 0;
  for (int fn = 0; fn < 2; ++fn) {
    unsigned long long bad = 0;
    for (unsigned long long first = 0; first < (1ull << 32); first += chunk) {
      fn_all<<<chunk / 256, 256>>>(fn, first, d, chunk);
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
            const float w = fn == 0 ? tessera::num::expf(x) : tessera::num::logf(x);
            if (std::memcmp(&w, &got[j], 4) != 0 && !(w != w && got[j] != got[j])) {
              if (bt[t]++ < 3) std::printf("x=%a host=%a device=%a\n", x, w, got[j]);
            }
          }
        });
      for (auto& t : th) t.join();
      for (auto v : bt) bad += v;
    }
    std::printf("%s on the device vs the host: %llu of 2^32 inputs differ\n",
                fn == 0 ? "exp_f32" : "log_f32", bad);
    if (bad) rc = 1;
  }
  return rc;
}
