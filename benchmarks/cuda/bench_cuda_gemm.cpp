// bench_cuda_gemm: bf16 GEMM 8192^3 in default mode (tessera.matmul through try_library_kernel,
// i.e. our cuBLASLt path) against cuBLASLt called directly, after a correctness check of the
// library paths (bf16 against a host f64 product, fp8 e4m3 exactly); then the deterministic
// mode's generated f32 and bf16 GEMMs (bit-exact check, timing). Prints tables.
#include <cublasLt.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "backends/cuda/libs/cublaslt_matmul.h"
#include "backends/cuda/libs/library.h"
#include "benchmarks/cuda/bench_util.h"
#include "benchmarks/cuda/generated_gemm.h"

using namespace tessera;
using namespace tessera::cuda::libs;

namespace {

#define LT_OK(call) bench::require(cublaslt_check(#call, (call)), "raw cuBLASLt")
Status cublaslt_check(const char* call, cublasStatus_t st) {
  if (st == CUBLAS_STATUS_SUCCESS) return {};
  return Status::error(cublas_text(call, st));
}

/// The peer: cuBLASLt called the way its samples do, for row-major bf16 C = A B (as column-major
/// C^T = B^T A^T), with the heuristic's first algorithm and a 32 MiB workspace.
struct RawLt {
  cublasLtHandle_t h = nullptr;
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t la = nullptr, lb = nullptr, lc = nullptr;
  cublasLtMatmulAlgo_t algo{};
  void* ws = nullptr;
  size_t ws_bytes = size_t{32} << 20;
  RawLt(int64_t m, int64_t n, int64_t k, cudaDataType_t in = CUDA_R_16BF,
        cudaDataType_t out = CUDA_R_16BF) {
    LT_OK(cublasLtCreate(&h));
    bench::require_cuda(cudaMalloc(&ws, ws_bytes), "cudaMalloc");
    LT_OK(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
    LT_OK(cublasLtMatrixLayoutCreate(&la, in, n, k, n));   // B row-major [K, N]
    LT_OK(cublasLtMatrixLayoutCreate(&lb, in, k, m, k));   // A row-major [M, K]
    LT_OK(cublasLtMatrixLayoutCreate(&lc, out, n, m, n));  // C row-major [M, N]
    cublasLtMatmulPreference_t pref = nullptr;
    LT_OK(cublasLtMatmulPreferenceCreate(&pref));
    LT_OK(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                               &ws_bytes, sizeof(ws_bytes)));
    cublasLtMatmulHeuristicResult_t r{};
    int found = 0;
    LT_OK(cublasLtMatmulAlgoGetHeuristic(h, op, la, lb, lc, lc, pref, 1, &r, &found));
    if (found == 0) bench::require(Status::error("no cuBLASLt algorithm"), "raw cuBLASLt");
    algo = r.algo;
    cublasLtMatmulPreferenceDestroy(pref);
  }
  void run(const void* a, const void* b, void* c, cudaStream_t s) {
    float alpha = 1, beta = 0;
    LT_OK(cublasLtMatmul(h, op, &alpha, b, la, a, lb, &beta, c, lc, c, lc, &algo, ws, ws_bytes, s));
  }
  ~RawLt() {
    cublasLtMatrixLayoutDestroy(lc);
    cublasLtMatrixLayoutDestroy(lb);
    cublasLtMatrixLayoutDestroy(la);
    cublasLtMatmulDescDestroy(op);
    (void)cudaFree(ws);
    cublasLtDestroy(h);
  }
};

template <typename T>
void upload(void* dst, const std::vector<T>& v) {
  bench::require_cuda(cudaMemcpy(dst, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice),
                      "cudaMemcpy");
}
template <typename T>
std::vector<T> download(const void* src, size_t n) {
  std::vector<T> v(n);
  bench::require_cuda(cudaMemcpy(v.data(), src, n * sizeof(T), cudaMemcpyDeviceToHost),
                      "cudaMemcpy");
  return v;
}

LibResult matmul_hook(LibraryContext& ctx, const LibTensor& a, const LibTensor& b,
                      const LibTensor& c, bool transpose_b, cudaStream_t s) {
  LibAttrs attrs;
  attrs.transpose_b = transpose_b;
  return try_library_kernel(ctx, "tessera.matmul", attrs, {a, b}, c, false, s);
}

void require_done(const LibResult& r, const char* what) {
  if (r.outcome != LibOutcome::kDone) {
    bench::require(Status::error(r.message), what);
  }
}

/// One bf16 product through the hook, -> f32 and -> bf16, against a host f64 product: each element
/// within K * 2^-23 * sum|a b| (f32 accumulation), plus 2^-8 |ref| for the bf16 result. `batch`
/// products with their own lhs; the rhs batched too unless `shared_rhs` (rank 2, batch stride 0).
int check_bf16(LibraryContext& ctx, cudaStream_t s, int64_t batch, bool shared_rhs, bool ta,
               bool tb) {
  const int64_t m = 96, n = 80, k = 272, nb = shared_rhs ? 1 : batch;
  bench::Lcg rng;
  std::vector<uint16_t> a(batch * m * k), b(nb * k * n);
  for (auto& x : a) x = bench::to_bf16(rng.next());
  for (auto& x : b) x = bench::to_bf16(rng.next());
  // Element (i, p) of product z's lhs and (p, j) of its rhs, in their stored layouts.
  auto av = [&](int64_t z, int64_t i, int64_t p) {
    return double(bench::from_bf16(a[z * m * k + (ta ? p * m + i : i * k + p)]));
  };
  auto bv = [&](int64_t z, int64_t p, int64_t j) {
    int64_t zb = shared_rhs ? 0 : z;
    return double(bench::from_bf16(b[zb * k * n + (tb ? j * k + p : p * n + j)]));
  };
  bench::DeviceBuffer da(a.size() * 2), db(b.size() * 2), dc(batch * m * n * 4),
      dh(batch * m * n * 2);
  upload(da.p, a);
  upload(db.p, b);
  auto shape = [&](int64_t z, int64_t r, int64_t c) {
    return z == 0 ? std::vector<int64_t>{r, c} : std::vector<int64_t>{z, r, c};
  };
  int64_t zb = batch == 1 ? 0 : batch;
  LibTensor ta_t{"bf16", shape(zb, ta ? k : m, ta ? m : k), da.p};
  LibTensor tb_t{"bf16", shape(shared_rhs ? 0 : zb, tb ? n : k, tb ? k : n), db.p};
  LibAttrs attrs;
  attrs.transpose_a = ta;
  attrs.transpose_b = tb;
  require_done(try_library_kernel(ctx, "tessera.matmul", attrs, {ta_t, tb_t},
                                  {"f32", shape(zb, m, n), dc.p}, false, s),
               "bf16 -> f32 matmul");
  require_done(try_library_kernel(ctx, "tessera.matmul", attrs, {ta_t, tb_t},
                                  {"bf16", shape(zb, m, n), dh.p}, false, s),
               "bf16 -> bf16 matmul");
  bench::require_cuda(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  auto c = download<float>(dc.p, batch * m * n);
  auto h = download<uint16_t>(dh.p, batch * m * n);
  int bad = 0;
  for (int64_t z = 0; z < batch; ++z) {
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double ref = 0, mag = 0;
        for (int64_t p = 0; p < k; ++p) {
          double t = av(z, i, p) * bv(z, p, j);
          ref += t;
          mag += std::fabs(t);
        }
        double tol = k * std::ldexp(mag, -23);
        int64_t o = (z * m + i) * n + j;
        if (std::fabs(c[o] - ref) > tol) ++bad;
        if (std::fabs(bench::from_bf16(h[o]) - ref) > tol + std::ldexp(std::fabs(ref), -8)) ++bad;
      }
    }
  }
  std::printf(
      "check bf16 batch %ld%s %ldx%ldx%ld transpose_a=%d transpose_b=%d -> f32, bf16 (cuBLASLt "
      "via try_library_kernel vs host f64): %s (%d of %ld outside tolerance)\n",
      long(batch), shared_rhs ? " (shared rhs)" : "", long(m), long(n), long(k), int(ta), int(tb),
      bad ? "FAIL" : "ok", bad, long(2 * batch * m * n));
  return bad ? 1 : 0;
}

/// fp8 e4m3 [M,K] x [N,K]^T (transpose_b, cuBLASLt's TN) and x [K,N] (transposed by the hook) ->
/// f32 with integer inputs in [-4, 4]: every product and partial sum is an exact f32, so the
/// result must equal the integer sum.
int check_fp8(LibraryContext& ctx, cudaStream_t s, int sm) {
  if (sm < 89) {
    std::printf("check fp8: skipped (sm_%d; cuBLASLt fp8 needs sm_89+)\n", sm);
    return 0;
  }
  const int64_t m = 64, n = 48, k = 128;
  std::vector<int> ai(m * k), bi(n * k);
  for (int64_t i = 0; i < m * k; ++i) ai[i] = int((i * 7 + 3) % 9) - 4;
  for (int64_t i = 0; i < n * k; ++i) bi[i] = int((i * 5 + 1) % 9) - 4;
  std::vector<uint8_t> a(ai.size()), b(bi.size());
  for (size_t i = 0; i < a.size(); ++i) a[i] = bench::e4m3_of_int(ai[i]);
  for (size_t i = 0; i < b.size(); ++i) b[i] = bench::e4m3_of_int(bi[i]);
  bench::DeviceBuffer da(a.size()), db(b.size()), dc(m * n * 4);
  upload(da.p, a);
  upload(db.p, b);
  // The same rhs stored [K, N] (the hook transposes it for cuBLASLt's TN layout).
  std::vector<uint8_t> b_kn(b.size());
  for (int64_t j = 0; j < n; ++j) {
    for (int64_t p = 0; p < k; ++p) b_kn[p * n + j] = b[j * k + p];
  }
  bench::DeviceBuffer db_kn(b_kn.size());
  upload(db_kn.p, b_kn);
  int failures = 0;
  for (bool stored_nk : {true, false}) {
    LibResult r = matmul_hook(
        ctx, {"f8E4M3FN", {m, k}, da.p},
        {"f8E4M3FN", stored_nk ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n},
         stored_nk ? db.p : db_kn.p},
        {"f32", {m, n}, dc.p}, stored_nk, s);
    require_done(r, "fp8 e4m3 matmul");
    bench::require_cuda(cudaStreamSynchronize(s), "cudaStreamSynchronize");
    auto c = download<float>(dc.p, m * n);
    int bad = 0;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        long ref = 0;
        for (int64_t p = 0; p < k; ++p) ref += long(ai[i * k + p]) * bi[j * k + p];
        if (c[i * n + j] != float(ref)) ++bad;
      }
    }
    std::printf(
        "check fp8 e4m3 %ldx%ldx%ld, rhs stored %s -> f32 (exact integer sums): %s (%d "
        "of %ld differ)\n",
        long(m), long(n), long(k), stored_nk ? "[N, K] (transpose_b)" : "[K, N]",
        bad ? "FAIL" : "ok", bad, long(m * n));
    failures += bad ? 1 : 0;
  }
  return failures;
}

/// Deterministic mode, one input type ("f32" or "bf16"; the result is f32): the generated kernel
/// of tessera.matmul, checked bit for bit against the spec's order (one f32 fma chain per
/// element over the inputs' values, computed on the host) at 256^3.
int deterministic_check(cudaStream_t s, int sm, const std::string& type) {
  const int64_t n = 256;
  const bool bf16 = type == "bf16";
  bench::GeneratedGemm g;
  bench::require(bench::GeneratedGemm::build(n, sm, &g, type), "generated GEMM");
  bench::Lcg rng;
  std::vector<float> a(n * n), b(n * n);  // the values (bf16-exact for bf16)
  std::vector<uint16_t> ah(n * n), bh(n * n);
  for (int64_t i = 0; i < n * n; ++i) {
    ah[i] = bench::to_bf16(rng.next());
    a[i] = bf16 ? bench::from_bf16(ah[i]) : rng.next();
  }
  for (int64_t i = 0; i < n * n; ++i) {
    bh[i] = bench::to_bf16(rng.next());
    b[i] = bf16 ? bench::from_bf16(bh[i]) : rng.next();
  }
  const size_t es = bf16 ? 2 : 4;
  bench::DeviceBuffer da(n * n * es), db(n * n * es), dc(n * n * 4);
  if (bf16) {
    upload(da.p, ah);
    upload(db.p, bh);
  } else {
    upload(da.p, a);
    upload(db.p, b);
  }
  bench::require(g.run(da.p, db.p, static_cast<float*>(dc.p), s), "generated GEMM");
  bench::require_cuda(cudaStreamSynchronize(s), "cudaStreamSynchronize");
  auto c = download<float>(dc.p, n * n);
  int bad = 0;
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int64_t p = 0; p < n; ++p) acc = std::fma(a[i * n + p], b[p * n + j], acc);
      uint32_t x = 0, y = 0;
      std::memcpy(&x, &acc, 4);
      std::memcpy(&y, &c[i * n + j], 4);
      bad += x != y;
    }
  }
  std::printf(
      "check generated %s x %s -> f32 256^3 (%s) vs the spec's fma chain on the host: %s (%d of "
      "%ld elements differ in bits)\n",
      type.c_str(), type.c_str(), g.describe().c_str(), bad ? "FAIL" : "bit-exact", bad,
      long(n * n));
  return bad ? 1 : 0;
}

/// Deterministic mode, timed: the generated kernel against cuBLASLt with the same types
/// (CUBLAS_COMPUTE_32F, no TF32) at 2048^3 and, when that projects under 10 s a run, 8192^3.
void deterministic_time(cudaStream_t s, int sm, const std::string& type) {
  const bool bf16 = type == "bf16";
  const size_t es = bf16 ? 2 : 4;
  std::printf("%-10s %-44s %10s %10s\n", "size", "path", "ms", "TFLOP/s");
  for (int64_t n : {int64_t{2048}, int64_t{8192}}) {
    bench::GeneratedGemm g;
    bench::require(bench::GeneratedGemm::build(n, sm, &g, type), "generated GEMM");
    bench::DeviceBuffer a(n * n * es), b(n * n * es), c(n * n * 4);
    {
      bench::Lcg rng;
      std::vector<float> h(n * n);
      std::vector<uint16_t> hh(n * n);
      for (int64_t i = 0; i < n * n; ++i) {
        h[i] = rng.next();
        hh[i] = bench::to_bf16(h[i]);
      }
      if (bf16) {
        upload(a.p, hh);
        upload(b.p, hh);
      } else {
        upload(a.p, h);
        upload(b.p, h);
      }
    }
    auto fc = static_cast<float*>(c.p);
    double one = bench::median_ms(s, 0, 1, [&] { bench::require(g.run(a.p, b.p, fc, s), "run"); });
    double ours = one < 2000 ? bench::median_ms(
                                   s, 1, 3, [&] { bench::require(g.run(a.p, b.p, fc, s), "run"); })
                             : one;
    RawLt raw(n, n, n, bf16 ? CUDA_R_16BF : CUDA_R_32F, CUDA_R_32F);
    double peer = bench::median_ms(s, 3, 10, [&] { raw.run(a.p, b.p, c.p, s); });
    double flops = 2.0 * n * n * n;
    auto tf = [&](double ms) { return flops / (ms * 1e-3) / 1e12; };
    std::string size = std::to_string(n) + "^3";
    std::string peer_name = "cuBLASLt " + type + " -> f32 (peer)";
    std::string ours_name = "generated " + type + " -> f32, deterministic (ours)";
    std::printf("%-10s %-44s %10.3f %10.2f\n", size.c_str(), peer_name.c_str(), peer, tf(peer));
    std::printf("%-10s %-44s %10.3f %10.2f\n", size.c_str(), ours_name.c_str(), ours, tf(ours));
    std::printf("%-10s %s ratio ours / peer (TFLOP/s): %.3f\n", size.c_str(), type.c_str(),
                tf(ours) / tf(peer));
    if (n == 2048 && ours * 64 > 10000) {
      std::printf(
          "%s 8192^3 skipped: 2048^3 took %.0f ms, so 8192^3 would take about %.0f s a run\n",
          type.c_str(), ours, ours * 64 / 1000);
      break;
    }
  }
}

/// Deterministic mode: the generated kernels of an f32 and a bf16 (f32 result) tessera.matmul,
/// lowered through schedule-to-tile's GEMM template (bf16: mma.sync m16n8k16 emulated by
/// tsr::mma_seq_sync in the interpreter's order).
int deterministic_gemm(cudaStream_t s, int sm) {
  std::printf(
      "\ndeterministic mode: generated kernels (lowering + generator + NVRTC) of tessera.matmul, "
      "f32 x f32 -> f32 and bf16 x bf16 -> f32\n");
  int failures = 0;
  // bf16 first: its figure is the new one, and gpu_check.sh may cut the benchmark short.
  for (const char* type : {"bf16", "f32"}) failures += deterministic_check(s, sm, type);
  for (const char* type : {"bf16", "f32"}) deterministic_time(s, sm, type);
  return failures;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--build-generated") {
    // Lowering, generation and NVRTC of the deterministic GEMM for sm_90, without timing: on a
    // machine without a device it stops at cudaLibraryLoadData (ctest checks that it gets there).
    for (const char* type : {"f32", "bf16"}) {
      for (int64_t n : {int64_t{256}, int64_t{8192}}) {
        bench::GeneratedGemm g;
        Status st = bench::GeneratedGemm::build(n, 90, &g, type);
        std::printf("generated GEMM %s %ld^3: %s%s%s\n", type, long(n), g.describe().c_str(),
                    st.ok() ? "" : ": ", st.message().c_str());
      }
    }
    return 0;
  }
  if (argc > 1) {
    std::fprintf(stderr, "usage: bench_cuda_gemm [--build-generated]\n");
    return 2;
  }
  if (bench::no_device("bench_cuda_gemm")) return 0;
  bench::require_cuda(cudaSetDevice(0), "cudaSetDevice");
  cudaDeviceProp prop{};
  bench::require_cuda(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  int sm = prop.major * 10 + prop.minor;
  std::printf("bench_cuda_gemm on %s; cuBLASLt %zu\n", bench::machine_line(0).c_str(),
              CublasLt::version());
  cudaStream_t s = nullptr;
  bench::require_cuda(cudaStreamCreate(&s), "cudaStreamCreate");
  LibraryContext ctx;
  int failures =
      check_bf16(ctx, s, 1, false, false, false) + check_bf16(ctx, s, 1, false, true, false) +
      check_bf16(ctx, s, 1, false, false, true) + check_bf16(ctx, s, 3, false, false, false) +
      check_bf16(ctx, s, 3, true, true, true) + check_fp8(ctx, s, sm);

  const int64_t n = 8192;
  bench::DeviceBuffer a(n * n * 2), b(n * n * 2), c(n * n * 2);
  {
    bench::Lcg rng;
    std::vector<uint16_t> h(n * n);
    for (auto& x : h) x = bench::to_bf16(rng.next());
    upload(a.p, h);
    for (auto& x : h) x = bench::to_bf16(rng.next());
    upload(b.p, h);
  }
  RawLt raw(n, n, n);
  LibTensor ta{"bf16", {n, n}, a.p}, tb{"bf16", {n, n}, b.p}, tc{"bf16", {n, n}, c.p};
  const double flops = 2.0 * n * n * n;
  auto tflops = [&](double ms) { return flops / (ms * 1e-3) / 1e12; };
  // Timed alternately (peer, ours, peer, ours, ...) so clock or thermal drift favours neither.
  auto [peer, ours] = bench::median_ms_abab(
      s, 5, 20, [&] { raw.run(a.p, b.p, c.p, s); },
      [&] { require_done(matmul_hook(ctx, ta, tb, tc, false, s), "matmul"); });
  // The kernels the two paths chose (the same algorithm, tile, stages and split-K means the
  // remaining gap is not the heuristic's choice).
  std::string ours_algo = "?";
  {
    MatmulArgs ma;
    ma.m = ma.n = ma.k = n;
    ma.a_type = ma.b_type = ma.out_type = LibDtype::kBF16;
    ma.a = a.p;
    ma.b = b.p;
    ma.out = c.p;
    CublasLt* lt = nullptr;
    bench::require(ctx.cublaslt(0, &lt), "cuBLASLt context");
    bench::require(lt->algo_text(ma, &ours_algo), "cuBLASLt algorithm");
  }
  std::printf(
      "\nGEMM bf16 x bf16 -> bf16, M = N = K = 8192 (median of 20 after 5 warm-ups, the two "
      "paths timed alternately)\n");
  std::printf("cuBLASLt algorithm, peer: %s\n", algo_config_text(&raw.algo).c_str());
  std::printf("cuBLASLt algorithm, ours: %s (%s)\n", ours_algo.c_str(),
              ours_algo == algo_config_text(&raw.algo) ? "same as the peer" : "DIFFERS");
  std::printf("%-44s %10s %10s\n", "path", "ms", "TFLOP/s");
  std::printf("%-44s %10.3f %10.1f\n", "cuBLASLt, called directly (peer)", peer, tflops(peer));
  std::printf("%-44s %10.3f %10.1f\n", "default mode: try_library_kernel -> cuBLASLt", ours,
              tflops(ours));
  std::printf("ratio default / peer (TFLOP/s): %.3f\n", tflops(ours) / tflops(peer));
  failures += deterministic_gemm(s, sm);
  (void)cudaStreamDestroy(s);
  return failures ? 1 : 0;
}
