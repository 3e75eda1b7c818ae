// Deterministic attention through the CUDA plugin (plugin_attention.h).
#include "benchmarks/cuda/plugin_attention.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda/libs/cudnn_sdpa.h"
#include "benchmarks/cuda/bench_util.h"
#include "benchmarks/cuda/sdpa_inputs.h"
#include "plugins/backend.h"
#include "plugins/loader.h"

namespace tessera::bench {
namespace {

std::string attention_module(int64_t b, int64_t h, int64_t s, int64_t d) {
  const std::string t = "tensor<" + std::to_string(b) + "x" + std::to_string(h) + "x" +
                        std::to_string(s) + "x" + std::to_string(d) + "xf32>";
  return "module {\n  func.func @main(%q: " + t + ", %k: " + t + ", %v: " + t + ") -> " + t +
         " {\n    %o = \"tessera.flash_attn\"(%q, %k, %v) {causal = true} : (" + t + ", " + t +
         ", " + t + ") -> " + t + "\n    return %o : " + t + "\n  }\n}\n";
}

plugins::HostTensor random_f32(const std::vector<int64_t>& shape, Lcg& rng) {
  plugins::HostTensor t;
  t.dtype = DType::f32;
  t.shape = shape;
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  t.data.resize(static_cast<size_t>(n) * 4);
  for (int64_t i = 0; i < n; ++i) {
    const float x = rng.next();
    std::memcpy(t.data.data() + i * 4, &x, 4);
  }
  return t;
}

float at(const plugins::HostTensor& t, int64_t i) {
  float x;
  std::memcpy(&x, t.data.data() + i * 4, 4);
  return x;
}

plugins::Backend open_backend(const std::string& name) {
  const std::string path = plugins::default_plugin_dir() + "/libtessera_" + name + ".so";
  return plugins::Backend::create(plugins::Library::open(path));
}

/// Host f64 causal softmax attention of one output against the plugin's, for the check.
int check_against_f64(const std::vector<plugins::HostTensor>& in, const plugins::HostTensor& out,
                      int64_t bh, int64_t s, int64_t d, double* worst) {
  double vmax = 0;
  for (int64_t i = 0; i < bh * s * d; ++i) vmax = std::fmax(vmax, std::fabs(at(in[2], i)));
  const double scale = 1.0 / std::sqrt(double(d)), tol = std::ldexp(vmax, -16);
  int bad = 0;
  std::vector<double> p(static_cast<size_t>(s));
  for (int64_t g = 0; g < bh; ++g) {
    const int64_t base = g * s * d;
    for (int64_t i = 0; i < s; ++i) {
      double mx = -INFINITY, sum = 0;
      for (int64_t j = 0; j <= i; ++j) {
        double dot = 0;
        for (int64_t e = 0; e < d; ++e)
          dot += double(at(in[0], base + i * d + e)) * at(in[1], base + j * d + e);
        p[j] = dot * scale;
        mx = std::fmax(mx, p[j]);
      }
      for (int64_t j = 0; j <= i; ++j) sum += (p[j] = std::exp(p[j] - mx));
      for (int64_t e = 0; e < d; ++e) {
        double ref = 0;
        for (int64_t j = 0; j <= i; ++j) ref += p[j] * at(in[2], base + j * d + e);
        const double err = std::fabs(at(out, base + i * d + e) - ref / sum);
        *worst = std::fmax(*worst, err);
        if (err > tol) ++bad;
      }
    }
  }
  return bad;
}

}  // namespace

int deterministic_attention_section(cudaStream_t stream) {
  std::printf(
      "\ndeterministic mode: tessera.flash_attn f32 through the CUDA plugin "
      "(generated kernel, TESSERA_DETERMINISM_REQUIRED)\n");
  try {
    plugins::Backend cuda = open_backend("cuda"), ref = open_backend("reference");
    plugins::CompileOptions det;
    det.deterministic = true;
    Lcg rng;
    {
      const int64_t s = 128, d = 64;
      std::vector<plugins::HostTensor> in;
      for (int k = 0; k < 3; ++k) in.push_back(random_f32({1, 2, s, d}, rng));
      const std::string text = attention_module(1, 2, s, d);
      auto got = cuda.run(cuda.compile(text, det), in).at(0);
      auto want = ref.run(ref.compile(text, det), in).at(0);
      int64_t differ = 0;
      for (size_t i = 0; i + 4 <= got.data.size(); i += 4)
        differ += std::memcmp(got.data.data() + i, want.data.data() + i, 4) != 0;
      double worst = 0;
      const int bad = check_against_f64(in, got, 2, s, d, &worst);
      std::printf(
          "check generated causal [1, 2, 128, 64] f32 vs the reference plugin: %s (%ld "
          "of %ld elements differ in bits); vs host f64: %s (max error %.2e)\n",
          differ ? "FAIL" : "bit-exact", long(differ), long(got.data.size() / 4),
          bad ? "FAIL" : "ok", worst);
      if (differ || bad) return 1;
    }
    const int64_t B = 4, H = 16, S = 4096, D = 64;
    std::vector<plugins::HostTensor> in;
    for (int k = 0; k < 3; ++k) in.push_back(random_f32({B, H, S, D}, rng));
    plugins::Executable exe = cuda.compile(attention_module(B, H, S, D), det);
    const double ours = median_of(cuda.time_execute(exe, in, 1, 5));
    // The peer: cuDNN SDPA at the same shape in bf16 (cuDNN takes no f32 attention).
    CausalBf16Inputs peer_in(B, H, S, D, rng);
    std::unique_ptr<cuda::libs::CudnnSdpa> sdpa;
    require(cuda::libs::CudnnSdpa::create(&sdpa), "cudnnCreate");
    const cuda::libs::SdpaArgs args = peer_in.causal_args();
    const double peer =
        median_ms(stream, 3, 15, [&] { require(sdpa->forward(args, stream), "sdpa"); });
    const double flops = 4.0 * B * H * S * S * D / 2;
    auto tflops = [&](double t) { return flops / (t * 1e-3) / 1e12; };
    std::printf(
        "Causal attention B 4, H 16, S 4096, D 64 (ours: median of 5 executes after 1, "
        "the plugin's output allocation included; peer: median of 15 after 3)\n");
    std::printf("%-58s %10s %10s\n", "path", "ms", "TFLOP/s");
    std::printf("%-58s %10.3f %10.2f\n", "cuDNN SDPA bf16 (peer, tensor cores)", peer,
                tflops(peer));
    std::printf("%-58s %10.3f %10.2f\n", "generated f32, deterministic (ours, f32 FMA chains)",
                ours, tflops(ours));
    std::printf("deterministic attention ratio ours / peer (TFLOP/s): %.4f\n",
                tflops(ours) / tflops(peer));
  } catch (const std::exception& e) {
    std::printf("deterministic attention: error: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace tessera::bench
