// Block-scaled (MX) matmul through cuBLASLt: the scale layout against the cuBLAS documentation's
// "1D Block Scaling Factors Layout" (tiles of 128 rows x 4 scale columns, 512 bytes; inside a
// tile scale (r, c) at (r % 32) * 16 + (r / 32) * 4 + c; tiles row-tile major), derived by hand
// and checked on the two offsets NVIDIA's nvmath-python documents for get_block_scale_offset
// (an NVFP4 operand of M = 128, K = 128, i.e. 8 scale columns: block (5, 2) at 82, (5, 5) at
// 593); the argument checks; the routing; the rewrite kernel's NVRTC compile. On a device: the
// kernel against the host function, and on compute capability >= 10.0 a product through
// try_library_kernel against a host f64 reference (small integers times powers of two: exact).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <set>
#include <vector>

#include "backends/cuda/libs/block_scale.h"
#include "backends/cuda/libs/fold_kernel.h"
#include "backends/cuda/libs/library.h"
#include "backends/cuda/nvrtc_compile.h"
#include "core/numerics/convert.h"

using namespace tessera::cuda::libs;

namespace {

bool device_present() {
  int n = 0;
  bool ok = cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
  (void)cudaGetLastError();
  return ok;
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("block scale layout: documented offsets, hand derivations, inverse, padding") {
  // nvmath-python's get_block_scale_offset example (NVFP4, M = K = 128: 8 scale columns).
  CHECK(block_scale_offset(5, 2, 8) == 82);   // tile 0: 5 * 16 + 0 * 4 + 2
  CHECK(block_scale_offset(5, 5, 8) == 593);  // tile 1 (columns 4..7): 512 + 80 + 1
  // By hand, 256 rows x 8 columns (2 x 2 tiles): (130, 5) is in row tile 1, column tile 1, so
  // tile 3 (1536), row 2 of it (32), quarter 0, column 1; (100, 2): tile 0, 100 = 3 * 32 + 4.
  CHECK(block_scale_offset(130, 5, 8) == 1536 + 32 + 0 + 1);
  CHECK(block_scale_offset(100, 2, 8) == 4 * 16 + 3 * 4 + 2);
  CHECK(block_scale_offset(127, 3, 8) == 31 * 16 + 3 * 4 + 3);  // the last byte of tile 0
  CHECK(block_scale_bytes(5, 2) == 512);                        // padded to one tile
  CHECK(block_scale_bytes(129, 5) == 4 * 512);
  CHECK(block_scale_bytes(0, 3) == 0);
  CHECK(block_scale_bytes(-1, 3) == -1);
  CHECK(block_scale_bytes(int64_t{1} << 40, int64_t{1} << 40) == -1);
  // The map is a bijection of the padded matrix onto the bytes; the inverse undoes it.
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{130, 6}, {128, 4}, {1, 1}, {257, 9}}) {
    const int64_t bytes = block_scale_bytes(rows, cols);
    std::set<int64_t> seen;
    int64_t padding = 0;
    for (int64_t o = 0; o < bytes; ++o) {
      int64_t r = -1, c = -1;
      block_scale_position(o, cols, &r, &c);
      REQUIRE(block_scale_offset(r, c, cols) == o);
      if (r >= rows || c >= cols) ++padding;
    }
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) seen.insert(block_scale_offset(r, c, cols));
    CHECK(static_cast<int64_t>(seen.size()) == rows * cols);
    CHECK(*seen.rbegin() < bytes);
    CHECK(padding == bytes - rows * cols);
  }
}

TEST_CASE("matmul arguments: MX block scaling") {
  static char dummy[16];
  MatmulArgs a;
  a.m = 128;
  a.n = 64;
  a.k = 64;
  a.a = a.b = a.out = dummy;
  a.a_type = a.b_type = LibDtype::kF8E4M3;
  a.transpose_b = true;
  a.block = 32;
  a.a_block_scale = a.b_block_scale = dummy;
  CHECK(check_matmul_args(a).ok());
  MatmulArgs b = a;
  b.block = 16;
  CHECK(has(check_matmul_args(b).message(), "MX blocks of 32"));
  b = a;
  b.k = 48;
  CHECK(has(check_matmul_args(b).message(), "K a multiple of 32"));
  b = a;
  b.a_block_scale = nullptr;
  CHECK(has(check_matmul_args(b).message(), "without its scale tensors"));
  b = a;
  b.a_type = b.b_type = LibDtype::kBF16;
  CHECK(has(check_matmul_args(b).message(), "one fp8 product"));
  b = a;
  b.block = 0;
  CHECK(has(check_matmul_args(b).message(), "without a block size"));
}

TEST_CASE("library hook: tessera.scaled_matmul") {
  LibraryContext ctx;
  static char dummy[16];
  LibTensor a{"f8E4M3FN", {128, 64}, dummy}, b{"f8E4M3FN", {64, 64}, dummy};
  LibTensor sa{"ui8", {128, 2}, dummy}, sb{"ui8", {2, 64}, dummy}, c{"f32", {128, 64}, dummy};
  LibAttrs mx;
  mx.scale_block_n = 1;
  mx.scale_block_k = 32;
  mx.scale_format = "e8m0";
  LibResult r =
      try_library_kernel(ctx, "tessera.scaled_matmul", mx, {a, b, sa, sb}, c, true, nullptr);
  CHECK(has(r.message, "deterministic mode"));
  LibAttrs fp32 = mx;
  fp32.scale_format = "fp32";
  r = try_library_kernel(ctx, "tessera.scaled_matmul", fp32, {a, b, sa, sb}, c, false, nullptr);
  CHECK(r.outcome == LibOutcome::kNotHandled);
  CHECK(has(r.message, "block = [1, 32]"));
  LibTensor sb_bad{"ui8", {2, 63}, dummy};
  r = try_library_kernel(ctx, "tessera.scaled_matmul", mx, {a, b, sa, sb_bad}, c, false, nullptr);
  CHECK(has(r.message, "scaled_matmul_c5"));
  if (!device_present()) {
    r = try_library_kernel(ctx, "tessera.scaled_matmul", mx, {a, b, sa, sb}, c, false, nullptr);
    CHECK(r.outcome == LibOutcome::kFailed);
    CHECK(has(r.message, "cudaGetDevice"));
  }
}

TEST_CASE("block scale kernel: NVRTC compile for sm_80, sm_90, sm_100; on a device") {
  for (int sm : {80, 90, 100}) {
    tessera::cuda::NvrtcOutput out =
        tessera::cuda::nvrtc_compile(block_scale_kernel_source(), "block_scale.cu", sm, {});
    CHECK_MESSAGE(out.ok, out.error);
    CHECK(has(out.cubin, std::string("tsr_block_scale_tiles") + '\0'));
  }
  std::unique_ptr<BlockScaleKernel> k;
  if (!device_present()) {
    CHECK(has(BlockScaleKernel::load(90, &k).message(), "cudaLibraryLoadData returned"));
    return;
  }
  int sm = 0;
  REQUIRE(device_sm(0, &sm).ok());
  REQUIRE(BlockScaleKernel::load(sm, &k).ok());
  // A 130 x 6 matrix read row-major and (as rhs scales are) through swapped strides.
  const int64_t rows = 130, cols = 6, n = rows * cols, bytes = block_scale_bytes(rows, cols);
  std::vector<uint8_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(bytes));
  for (int64_t i = 0; i < n; ++i) in[static_cast<size_t>(i)] = static_cast<uint8_t>(i * 7 + 3);
  void *d_in = nullptr, *d_out = nullptr;
  REQUIRE(cudaMalloc(&d_in, static_cast<size_t>(n)) == cudaSuccess);
  REQUIRE(cudaMalloc(&d_out, static_cast<size_t>(bytes)) == cudaSuccess);
  REQUIRE(cudaMemcpy(d_in, in.data(), static_cast<size_t>(n), cudaMemcpyHostToDevice) ==
          cudaSuccess);
  for (bool swapped : {false, true}) {
    const int64_t rs = swapped ? 1 : cols, cs = swapped ? rows : 1;
    Status s = k->to_tiles(d_in, d_out, rows, cols, rs, cs, nullptr);
    REQUIRE_MESSAGE(s.ok(), s.message());
    REQUIRE(cudaMemcpy(out.data(), d_out, static_cast<size_t>(bytes), cudaMemcpyDeviceToHost) ==
            cudaSuccess);
    int bad = 0;
    for (int64_t o = 0; o < bytes; ++o) {
      int64_t r = 0, c = 0;
      block_scale_position(o, cols, &r, &c);
      const uint8_t want = r < rows && c < cols ? in[static_cast<size_t>(r * rs + c * cs)] : 0;
      bad += out[static_cast<size_t>(o)] != want;
    }
    CHECK(bad == 0);
  }
  (void)cudaFree(d_in);
  (void)cudaFree(d_out);
}

TEST_CASE("device: block-scaled MX matmul through cuBLASLt (compute capability >= 10.0)") {
  if (!device_present()) return;
  int sm = 0;
  REQUIRE(device_sm(0, &sm).ok());
  if (sm < 100) {
    MESSAGE("block-scaled MX matmul: skipped: sm_" << sm);
    return;
  }
  // a [M, K] e4m3 of small integers, b stored [K, N] (transposed by the hook), e8m0 scales
  // 2^-2 .. 2^2: every product and sum is exact in f32, so any order gives the f64 reference.
  const int64_t M = 128, N = 64, K = 64, nk = K / 32;
  std::vector<uint8_t> a(M * K), b(K * N), sa(M * nk), sb(nk * N);
  std::vector<double> av(a.size()), bv(b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    av[i] = double(int(i * 5 % 9) - 4);
    a[i] = uint8_t(tessera::num::from_double(tessera::DType::f8e4m3, av[i]));
  }
  for (size_t i = 0; i < b.size(); ++i) {
    bv[i] = double(int(i * 3 % 7) - 3);
    b[i] = uint8_t(tessera::num::from_double(tessera::DType::f8e4m3, bv[i]));
  }
  for (size_t i = 0; i < sa.size(); ++i) sa[i] = uint8_t(125 + i % 5);
  for (size_t i = 0; i < sb.size(); ++i) sb[i] = uint8_t(125 + i * 3 % 5);
  std::vector<void*> d(5, nullptr);
  const size_t sizes[5] = {a.size(), b.size(), sa.size(), sb.size(), size_t(M * N * 4)};
  const void* host[4] = {a.data(), b.data(), sa.data(), sb.data()};
  for (int i = 0; i < 5; ++i) REQUIRE(cudaMalloc(&d[i], sizes[i]) == cudaSuccess);
  for (int i = 0; i < 4; ++i)
    REQUIRE(cudaMemcpy(d[i], host[i], sizes[i], cudaMemcpyHostToDevice) == cudaSuccess);
  LibraryContext ctx;
  LibAttrs mx;
  mx.scale_block_n = 1;
  mx.scale_block_k = 32;
  mx.scale_format = "e8m0";
  LibResult r = try_library_kernel(ctx, "tessera.scaled_matmul", mx,
                                   {{"f8E4M3FN", {M, K}, d[0]},
                                    {"f8E4M3FN", {K, N}, d[1]},
                                    {"ui8", {M, nk}, d[2]},
                                    {"ui8", {nk, N}, d[3]}},
                                   {"f32", {M, N}, d[4]}, false, nullptr);
  REQUIRE_MESSAGE(r.outcome == LibOutcome::kDone, r.message);
  std::vector<float> out(static_cast<size_t>(M * N));
  REQUIRE(cudaMemcpy(out.data(), d[4], sizes[4], cudaMemcpyDeviceToHost) == cudaSuccess);
  int bad = 0;
  for (int64_t m = 0; m < M; ++m)
    for (int64_t n = 0; n < N; ++n) {
      double want = 0;
      for (int64_t k = 0; k < K; ++k)
        want += av[m * K + k] * bv[k * N + n] * std::ldexp(1.0, sa[m * nk + k / 32] - 127) *
                std::ldexp(1.0, sb[(k / 32) * N + n] - 127);
      if (double(out[m * N + n]) != want && ++bad <= 3)
        MESSAGE("out[" << m << ", " << n << "] = " << out[m * N + n] << ", want " << want);
    }
  CHECK(bad == 0);
  MESSAGE("block-scaled MX matmul on sm_" << sm << ": " << bad << " of " << M * N
                                          << " elements differ from the f64 reference");
  for (void* p : d) (void)cudaFree(p);
}
