// bench_cuda_attention: causal flash attention B 4, H 16, S 4096, D 128, bf16, in default mode
// (tessera.flash_attn through try_library_kernel -> cuDNN SDPA) against the cuDNN SDPA graph run
// directly (CudnnSdpa), after a check of both masks against a host f64 reference. Prints a table;
// then deterministic mode's generated kernel through the CUDA plugin (plugin_attention.h).
#include <cmath>
#include <cstdio>
#include <vector>

#include "backends/cuda/libs/cudnn_sdpa.h"
#include "backends/cuda/libs/library.h"
#include "benchmarks/cuda/bench_util.h"
#include "benchmarks/cuda/plugin_attention.h"
#include "benchmarks/cuda/sdpa_inputs.h"

using namespace tessera;
using namespace tessera::cuda::libs;

namespace {

LibResult attention_hook(LibraryContext& ctx, bool causal, const std::vector<int64_t>& shape,
                         void* q, void* k, void* v, void* o, cudaStream_t s) {
  LibAttrs attrs;
  attrs.causal = causal;
  return try_library_kernel(ctx, "tessera.flash_attn", attrs,
                            {{"bf16", shape, q}, {"bf16", shape, k}, {"bf16", shape, v}},
                            {"bf16", shape, o}, false, s);
}

void require_done(const LibResult& r, const char* what) {
  if (r.outcome != LibOutcome::kDone) bench::require(Status::error(r.message), what);
}

/// Both masks on [1, 2, 160, 64] against softmax in f64 (top-left causal mask, scale 1/sqrt(D)).
/// Tolerance 2^-6 * max|v|: cuDNN rounds the probabilities to bf16 before P x V.
int check(LibraryContext& ctx, cudaStream_t s) {
  const int64_t B = 1, H = 2, S = 160, D = 64, n = B * H * S * D;
  bench::Lcg rng;
  std::vector<uint16_t> q(n), k(n), v(n);
  for (auto* t : {&q, &k, &v}) {
    for (auto& x : *t) x = bench::to_bf16(rng.next());
  }
  bench::DeviceBuffer dq(n * 2), dk(n * 2), dv(n * 2), dout(n * 2);
  bench::require_cuda(cudaMemcpy(dq.p, q.data(), n * 2, cudaMemcpyHostToDevice), "cudaMemcpy");
  bench::require_cuda(cudaMemcpy(dk.p, k.data(), n * 2, cudaMemcpyHostToDevice), "cudaMemcpy");
  bench::require_cuda(cudaMemcpy(dv.p, v.data(), n * 2, cudaMemcpyHostToDevice), "cudaMemcpy");
  int failures = 0;
  for (bool causal : {false, true}) {
    require_done(attention_hook(ctx, causal, {B, H, S, D}, dq.p, dk.p, dv.p, dout.p, s),
                 "attention");
    bench::require_cuda(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    std::vector<uint16_t> out(n);
    bench::require_cuda(cudaMemcpy(out.data(), dout.p, n * 2, cudaMemcpyDeviceToHost),
                        "cudaMemcpy");
    const double scale = 1.0 / std::sqrt(double(D));
    double vmax = 0, worst = 0;
    for (auto x : v) vmax = std::fmax(vmax, std::fabs(bench::from_bf16(x)));
    int bad = 0;
    std::vector<double> p(S);
    for (int64_t bh = 0; bh < B * H; ++bh) {
      const int64_t base = bh * S * D;
      for (int64_t i = 0; i < S; ++i) {
        int64_t keys = causal ? i + 1 : S;
        double mx = -INFINITY, sum = 0;
        for (int64_t j = 0; j < keys; ++j) {
          double dot = 0;
          for (int64_t d = 0; d < D; ++d) {
            dot += double(bench::from_bf16(q[base + i * D + d])) *
                   bench::from_bf16(k[base + j * D + d]);
          }
          p[j] = dot * scale;
          mx = std::fmax(mx, p[j]);
        }
        for (int64_t j = 0; j < keys; ++j) sum += (p[j] = std::exp(p[j] - mx));
        for (int64_t e = 0; e < D; ++e) {
          double ref = 0;
          for (int64_t j = 0; j < keys; ++j) ref += p[j] * bench::from_bf16(v[base + j * D + e]);
          ref /= sum;
          double err = std::fabs(bench::from_bf16(out[base + i * D + e]) - ref);
          worst = std::fmax(worst, err);
          if (err > std::ldexp(vmax, -6)) ++bad;
        }
      }
    }
    std::printf(
        "check %s attention [1, 2, 160, 64] bf16 (cuDNN via try_library_kernel vs host "
        "f64): %s (max error %.2e, %d of %ld outside 2^-6 * max|v|)\n",
        causal ? "causal" : "non-causal", bad ? "FAIL" : "ok", worst, bad, long(n));
    failures += bad ? 1 : 0;
  }
  return failures;
}

}  // namespace

int main() {
  if (bench::no_device("bench_cuda_attention")) return 0;
  bench::require_cuda(cudaSetDevice(0), "cudaSetDevice");
  std::printf("bench_cuda_attention on %s; cuDNN %zu\n", bench::machine_line(0).c_str(),
              CudnnSdpa::version());
  cudaStream_t s = nullptr;
  bench::require_cuda(cudaStreamCreate(&s), "cudaStreamCreate");
  LibraryContext ctx;
  int failures = check(ctx, s);

  const int64_t B = 4, H = 16, S = 4096, D = 128;
  bench::Lcg rng;
  bench::CausalBf16Inputs in(B, H, S, D, rng);
  std::unique_ptr<CudnnSdpa> direct;
  bench::require(CudnnSdpa::create(&direct), "cudnnCreate");
  const SdpaArgs args = in.causal_args();
  double peer =
      bench::median_ms(s, 3, 15, [&] { bench::require(direct->forward(args, s), "sdpa"); });
  double ours = bench::median_ms(s, 3, 15, [&] {
    require_done(attention_hook(ctx, true, {B, H, S, D}, in.q.p, in.k.p, in.v.p, in.o.p, s),
                 "attention");
  });
  // Causal: half of the 4 * B * H * S^2 * D flops of QK^T and PV.
  const double flops = 4.0 * B * H * S * S * D / 2;
  auto tflops = [&](double ms) { return flops / (ms * 1e-3) / 1e12; };
  std::printf(
      "\nCausal flash attention bf16 B 4, H 16, S 4096, D 128 (median of 15 after 3 "
      "warm-ups; causal flops = half)\n");
  std::printf("%-46s %10s %10s\n", "path", "ms", "TFLOP/s");
  std::printf("%-46s %10.3f %10.1f\n", "cuDNN SDPA graph, run directly (peer)", peer, tflops(peer));
  std::printf("%-46s %10.3f %10.1f\n", "default mode: try_library_kernel -> cuDNN", ours,
              tflops(ours));
  std::printf("ratio default / peer (TFLOP/s): %.3f\n", tflops(ours) / tflops(peer));
  failures += bench::deterministic_attention_section(s);
  (void)cudaStreamDestroy(s);
  return failures ? 1 : 0;
}
