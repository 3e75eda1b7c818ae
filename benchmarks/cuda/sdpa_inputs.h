// Random bf16 q, k, v (and an output buffer) on the device for the attention benchmarks, with
// the cuDNN SDPA arguments of causal attention over them.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "backends/cuda/libs/cudnn_sdpa.h"
#include "benchmarks/cuda/bench_util.h"

namespace tessera::bench {

struct CausalBf16Inputs {
  int64_t b, h, s, d;
  DeviceBuffer q, k, v, o;

  /// [b, h, s, d] each; q, k, v filled from `rng` (values in [-1, 1) rounded to bf16).
  CausalBf16Inputs(int64_t b_, int64_t h_, int64_t s_, int64_t d_, Lcg& rng)
      : b(b_), h(h_), s(s_), d(d_), q(bytes()), k(bytes()), v(bytes()), o(bytes()) {
    std::vector<uint16_t> host(static_cast<size_t>(b * h * s * d));
    for (void* dst : {q.p, k.p, v.p}) {
      for (auto& x : host) x = to_bf16(rng.next());
      require_cuda(cudaMemcpy(dst, host.data(), bytes(), cudaMemcpyHostToDevice), "cudaMemcpy");
    }
  }

  size_t bytes() const { return static_cast<size_t>(b * h * s * d) * 2; }

  /// Causal, scale 1/sqrt(d) rounded to f32, out = o.
  cuda::libs::SdpaArgs causal_args() const {
    cuda::libs::SdpaArgs a;
    a.b = b;
    a.h = h;
    a.s_q = a.s_kv = s;
    a.d = d;
    a.causal = true;
    a.scale = static_cast<float>(1.0 / std::sqrt(double(d)));
    a.q = q.p;
    a.k = k.p;
    a.v = v.p;
    a.out = o.p;
    return a;
  }
};

}  // namespace tessera::bench
