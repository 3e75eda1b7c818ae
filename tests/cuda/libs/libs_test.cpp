// Host tests of backends/cuda/libs: argument checks, launcher environment, unique-id file, mesh
// axis splits, the fold kernels' NVRTC compile, and clean errors when there is no device.
// Expected values are written by hand (sizes, coordinates) or come from ml_dtypes (roundings).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "backends/cuda/libs/cublaslt_matmul.h"
#include "backends/cuda/libs/cudnn_sdpa.h"
#include "backends/cuda/libs/fold_kernel.h"
#include "backends/cuda/libs/launch_env.h"
#include "backends/cuda/libs/library.h"
#include "backends/cuda/libs/nccl_mesh.h"
#include "backends/cuda/libs/transpose_kernel.h"
#include "backends/cuda/nvrtc_compile.h"

using namespace tessera::cuda::libs;

namespace {

bool has_device() {
  int n = 0;
  bool ok = cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
  (void)cudaGetLastError();
  return ok;
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

MatmulArgs bf16_args() {
  static char dummy[16];
  MatmulArgs a;
  a.m = 64;
  a.n = 32;
  a.k = 16;
  a.a = a.b = a.out = dummy;
  return a;
}

}  // namespace

TEST_CASE("matmul arguments: a valid product passes") {
  CHECK(check_matmul_args(bf16_args()).ok());
  MatmulArgs a = bf16_args();
  a.m = 0;  // empty products need no pointers
  a.a = a.b = nullptr;
  a.out = nullptr;
  CHECK(check_matmul_args(a).ok());
}

TEST_CASE("matmul arguments: sizes") {
  MatmulArgs a = bf16_args();
  a.k = -1;
  CHECK(contains(check_matmul_args(a).message(), "negative size"));
  a = bf16_args();
  a.m = int64_t{1} << 31;
  CHECK(contains(check_matmul_args(a).message(), "exceeds 2^31 - 1"));
  a = bf16_args();
  a.m = a.k = a.n = (int64_t{1} << 31) - 1;
  a.batch = (int64_t{1} << 31) - 1;
  a.batch_stride_a = a.batch_stride_b = a.batch_stride_out = 1;
  // (2^31-1)^2 elements x 2^31-1 batches overflows 64 bits.
  CHECK(contains(check_matmul_args(a).message(), "overflows 64-bit byte counts"));
  a = bf16_args();
  a.batch = 4;
  a.batch_stride_a = 64 * 16 - 1;  // one lhs is 64 x 16 elements
  a.batch_stride_out = 64 * 32;
  CHECK(contains(check_matmul_args(a).message(), "smaller than one matrix"));
  a.batch_stride_a = 0;  // a shared lhs is fine
  CHECK(check_matmul_args(a).ok());
  a.batch_stride_out = 0;
  CHECK(contains(check_matmul_args(a).message(), "non-zero output batch stride"));
  a = bf16_args();
  a.b = nullptr;
  CHECK(contains(check_matmul_args(a).message(), "null device pointer"));
}

TEST_CASE("matmul arguments: dtype combinations") {
  MatmulArgs a = bf16_args();
  a.b_type = LibDtype::kF16;
  CHECK(contains(check_matmul_args(a).message(), "unsupported type combination bf16 x f16 -> f32"));
  a = bf16_args();
  a.a_type = a.b_type = LibDtype::kF32;
  CHECK(contains(check_matmul_args(a).message(), "f32 x f32 -> f32"));
  a = bf16_args();
  a.out_type = LibDtype::kF16;
  CHECK(!check_matmul_args(a).ok());
  a = bf16_args();
  a.out_type = LibDtype::kBF16;
  CHECK(check_matmul_args(a).ok());
  a = bf16_args();
  a.a_type = a.b_type = LibDtype::kF8E5M2;
  a.transpose_b = true;
  CHECK(contains(check_matmul_args(a).message(), "f8E5M2 x f8E5M2"));
  a.a_type = LibDtype::kF8E4M3;
  CHECK(check_matmul_args(a).ok());
  static float one = 1;
  a = bf16_args();
  a.a_scale = &one;
  CHECK(contains(check_matmul_args(a).message(), "scales are for fp8 inputs only"));
}

TEST_CASE("matmul arguments: fp8 needs the TN layout and multiples of 16") {
  MatmulArgs a = bf16_args();
  a.a_type = a.b_type = LibDtype::kF8E4M3;
  CHECK(contains(check_matmul_args(a).message(), "transpose_b = true"));
  a.transpose_b = true;
  CHECK(check_matmul_args(a).ok());
  a.k = 24;
  CHECK(contains(check_matmul_args(a).message(), "multiples of 16"));
}

TEST_CASE("sdpa arguments") {
  static char dummy[16];
  SdpaArgs a;
  a.b = 4;
  a.h = 16;
  a.s_q = a.s_kv = 128;
  a.d = 128;
  a.scale = 0.088388f;
  a.q = a.k = a.v = a.out = dummy;
  CHECK(check_sdpa_args(a).ok());
  SdpaArgs b = a;
  b.dtype = LibDtype::kF32;
  CHECK(contains(check_sdpa_args(b).message(), "unsupported element type f32"));
  b = a;
  b.d = 100;
  CHECK(contains(check_sdpa_args(b).message(), "multiple of 8 up to 256"));
  b.d = 512;
  CHECK(contains(check_sdpa_args(b).message(), "multiple of 8 up to 256"));
  b = a;
  b.s_kv = 0;
  CHECK(contains(check_sdpa_args(b).message(), "at least 1"));
  b = a;
  b.causal = true;
  b.s_q = 256;
  CHECK(contains(check_sdpa_args(b).message(), "causal"));
  b = a;
  b.b = int64_t{1} << 40;
  CHECK(contains(check_sdpa_args(b).message(), "more than 2^31 - 1 elements"));
  b = a;
  b.scale = 1.0f / 0.0f;
  CHECK(contains(check_sdpa_args(b).message(), "finite"));
}

TEST_CASE("launch environment") {
  std::map<std::string, std::string> env;
  auto get = [&](const char* n) -> const char* {
    auto it = env.find(n);
    return it == env.end() ? nullptr : it->second.c_str();
  };
  LaunchEnv e;
  REQUIRE(read_launch_env(get, &e).ok());
  CHECK(e.world == 1);
  CHECK(e.source == "single process");
  env = {{"RANK", "3"}, {"WORLD_SIZE", "8"}, {"LOCAL_RANK", "1"}};
  REQUIRE(read_launch_env(get, &e).ok());
  CHECK(e.rank == 3);
  CHECK(e.world == 8);
  CHECK(e.local_rank == 1);
  env = {{"OMPI_COMM_WORLD_RANK", "5"}, {"OMPI_COMM_WORLD_SIZE", "6"}};
  REQUIRE(read_launch_env(get, &e).ok());
  CHECK(e.rank == 5);
  CHECK(e.local_rank == 5);
  CHECK(contains(e.source, "OMPI_COMM_WORLD"));
  env = {{"RANK", "x"}, {"WORLD_SIZE", "2"}};
  CHECK(contains(read_launch_env(get, &e).message(), "RANK = 'x' is not a non-negative integer"));
  env = {{"RANK", "2"}, {"WORLD_SIZE", "2"}};
  CHECK(contains(read_launch_env(get, &e).message(), "need 0 <= local rank <= rank < world"));
  env = {{"RANK", "0"}};
  CHECK(contains(read_launch_env(get, &e).message(), "WORLD_SIZE = ''"));
}

TEST_CASE("unique id through a file") {
  std::string path = "/tmp/tessera_libs_test_id." + std::to_string(getpid());
  std::remove(path.c_str());
  std::string got;
  CHECK(contains(read_unique_id(path, 128, 30, &got).message(), "did not appear within 30 ms"));
  std::string id(128, '\0');
  for (size_t i = 0; i < id.size(); ++i) id[i] = static_cast<char>(i * 7);
  REQUIRE(publish_unique_id(path, id).ok());
  REQUIRE(read_unique_id(path, 128, 30, &got).ok());
  CHECK(got == id);
  CHECK(contains(read_unique_id(path, 64, 30, &got).message(), "holds 128 bytes, expected 64"));
  std::remove(path.c_str());
  CHECK(contains(publish_unique_id("/nonexistent-dir/x", id).message(), "cannot write"));
  // A reader waiting before the writer publishes: it sees the whole id, never a part.
  std::string waited;
  Status read_status;
  std::thread reader([&] { read_status = read_unique_id(path, 128, 5000, &waited); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  REQUIRE(publish_unique_id(path, id).ok());
  reader.join();
  CHECK_MESSAGE(read_status.ok(), read_status.message());
  CHECK(waited == id);
  std::remove(path.c_str());
}

TEST_CASE("mesh axis splits") {
  std::vector<int> sizes = {2, 3, 4};
  AxisSplit s;
  // linear 17 = (1, 1, 1): 1*12 + 1*4 + 1.
  REQUIRE(axis_split(sizes, 17, 0, &s).ok());
  CHECK(s.key == 1);
  CHECK(s.color == 1 * 4 + 1);  // (j, k) = (1, 1) over [3, 4]
  REQUIRE(axis_split(sizes, 17, 1, &s).ok());
  CHECK(s.key == 1);
  CHECK(s.color == 1 * 4 + 1);  // (i, k) = (1, 1) over [2, 4]
  REQUIRE(axis_split(sizes, 17, 2, &s).ok());
  CHECK(s.key == 1);
  CHECK(s.color == 1 * 3 + 1);                 // (i, j) = (1, 1) over [2, 3]
  REQUIRE(axis_split(sizes, 23, 2, &s).ok());  // (1, 2, 3)
  CHECK(s.key == 3);
  CHECK(s.color == 1 * 3 + 2);
  // Every group of an axis holds each key once.
  for (int axis = 0; axis < 3; ++axis) {
    std::map<int, std::set<int>> groups;
    for (int l = 0; l < 24; ++l) {
      REQUIRE(axis_split(sizes, l, axis, &s).ok());
      CHECK(groups[s.color].insert(s.key).second);
    }
    CHECK(static_cast<int>(groups.size()) == 24 / sizes[static_cast<size_t>(axis)]);
  }
  CHECK(contains(axis_split(sizes, 24, 0, &s).message(), "out of range"));
  CHECK(contains(axis_split(sizes, 0, 3, &s).message(), "axis 3 out of range"));
  CHECK(contains(axis_split({2, 0}, 0, 0, &s).message(), ">= 1"));
  CHECK(contains(axis_split({65536, 65536}, 0, 0, &s).message(), "below 2^31"));
}

TEST_CASE("fold kernels: names, avg scale, NVRTC compile for sm_80, sm_90, sm_100") {
  CHECK(fold_kernel_name(LibDtype::kBF16, ReduceOp::kAvg) == "tsr_fold_bf16_avg");
  CHECK(fold_kernel_name(LibDtype::kF8E4M3, ReduceOp::kSum) == "tsr_fold_e4m3_sum");
  for (LibDtype t : {LibDtype::kF32, LibDtype::kBF16, LibDtype::kF16, LibDtype::kI32,
                     LibDtype::kF8E4M3, LibDtype::kF8E5M2}) {
    for (ReduceOp op :
         {ReduceOp::kSum, ReduceOp::kProd, ReduceOp::kMax, ReduceOp::kMin, ReduceOp::kAvg}) {
      CHECK(!fold_kernel_name(t, op).empty());
    }
  }
  // round_T(1/n), values from ml_dtypes.
  CHECK(avg_scale(LibDtype::kBF16, 3) == 0.333984375f);
  CHECK(avg_scale(LibDtype::kF16, 3) == 0.333251953125f);
  CHECK(avg_scale(LibDtype::kF16, 7) == 0.142822265625f);
  CHECK(avg_scale(LibDtype::kBF16, 7) == 0.142578125f);
  CHECK(avg_scale(LibDtype::kF16, 20000) == 5.0008296966552734e-05f);  // f16 subnormal
  CHECK(avg_scale(LibDtype::kF32, 3) == 1.0f / 3.0f);
  CHECK(avg_scale(LibDtype::kF8E4M3, 3) == 0.34375f);
  CHECK(avg_scale(LibDtype::kF8E5M2, 3) == 0.3125f);
  CHECK(avg_scale(LibDtype::kF8E4M3, 100) == 0.009765625f);  // e4m3 subnormal
  CHECK(avg_scale(LibDtype::kF8E4M3, 3000) == 0.0f);         // below half the smallest
  CHECK(avg_scale(LibDtype::kF8E5M2, 100000) == 1.52587890625e-05f);
  for (int sm : {80, 90, 100}) {
    tessera::cuda::NvrtcOutput out =
        tessera::cuda::nvrtc_compile(fold_kernel_source(), "fold.cu", sm, {});
    CHECK_MESSAGE(out.ok, out.error);
    CHECK(out.cubin_bytes > 0);
    // Every kernel fold() looks up is in the cubin's symbol table.
    for (LibDtype t : {LibDtype::kF32, LibDtype::kBF16, LibDtype::kF16, LibDtype::kI32,
                       LibDtype::kF8E4M3, LibDtype::kF8E5M2}) {
      for (ReduceOp op :
           {ReduceOp::kSum, ReduceOp::kProd, ReduceOp::kMax, ReduceOp::kMin, ReduceOp::kAvg}) {
        CHECK_MESSAGE(contains(out.cubin, fold_kernel_name(t, op) + '\0'), fold_kernel_name(t, op));
      }
    }
  }
  ReduceOp op{};
  CHECK(parse_reduce_op("avg", &op));
  CHECK(op == ReduceOp::kAvg);
  CHECK(!parse_reduce_op("mean", &op));
}

TEST_CASE("library hook: what default mode hands to the libraries") {
  LibraryContext ctx;
  static char dummy[16];
  LibTensor a{"bf16", {64, 16}, dummy}, b{"bf16", {16, 32}, dummy}, c{"f32", {64, 32}, dummy};
  LibResult r = try_library_kernel(ctx, "tessera.add", {}, {a, b}, c, false, nullptr);
  CHECK(r.outcome == LibOutcome::kNotHandled);
  r = try_library_kernel(ctx, "tessera.matmul", {}, {a, b}, c, true, nullptr);
  CHECK(r.outcome == LibOutcome::kNotHandled);
  CHECK(contains(r.message, "deterministic mode"));
  LibAttrs policy;
  policy.has_numeric_policy = true;
  r = try_library_kernel(ctx, "tessera.matmul", policy, {a, b}, c, false, nullptr);
  CHECK(contains(r.message, "numeric_policy"));
  LibTensor f8a{"f8E4M3FN", {64, 16}, dummy}, f8b{"f8E4M3FN", {16, 32}, dummy};
  LibAttrs ta;
  ta.transpose_a = true;
  LibTensor f8at{"f8E4M3FN", {16, 64}, dummy};
  r = try_library_kernel(ctx, "tessera.matmul", ta, {f8at, f8b}, c, false, nullptr);
  CHECK(r.outcome == LibOutcome::kNotHandled);
  CHECK(contains(r.message, "TN layout"));
  LibTensor f64{"f64", {64, 16}, dummy};
  r = try_library_kernel(ctx, "tessera.matmul", {}, {f64, b}, c, false, nullptr);
  CHECK(contains(r.message, "element type f64 has no library"));
  LibTensor b3{"bf16", {2, 16, 32}, dummy}, a3{"bf16", {3, 64, 16}, dummy};
  r = try_library_kernel(ctx, "tessera.matmul", {}, {a3, b3}, LibTensor{"f32", {3, 64, 32}, dummy},
                         false, nullptr);
  CHECK(contains(r.message, "batch dims"));
  LibTensor q{"f32", {1, 2, 8, 64}, dummy};
  r = try_library_kernel(ctx, "tessera.flash_attn", {}, {q, q, q}, q, false, nullptr);
  CHECK(contains(r.message, "unsupported element type f32"));
  if (!has_device()) {
    // A library case on a machine without a device: a clean failure naming the call.
    r = try_library_kernel(ctx, "tessera.matmul", {}, {a, b}, c, false, nullptr);
    CHECK(r.outcome == LibOutcome::kFailed);
    MESSAGE("matmul without a device: ", r.message);
    CHECK((contains(r.message, "cudaGetDevice") || contains(r.message, "cublasLtCreate") ||
           contains(r.message, "cudaMalloc")));
    LibTensor qb{"bf16", {1, 2, 8, 64}, dummy};
    r = try_library_kernel(ctx, "tessera.flash_attn", {}, {qb, qb, qb}, qb, false, nullptr);
    CHECK(r.outcome == LibOutcome::kFailed);
    MESSAGE("attention without a device: ", r.message);
    CHECK((contains(r.message, "cudaGetDevice") || contains(r.message, "cudnnCreate")));
  }
}

TEST_CASE("no device: handles, meshes and kernels fail with the call's name") {
  if (has_device()) return;
  std::unique_ptr<CublasLt> lt;
  Status s = CublasLt::create(1 << 20, &lt);
  MESSAGE("CublasLt::create: ", s.message());
  CHECK(!s.ok());
  CHECK((contains(s.message(), "cublasLtCreate returned") ||
         contains(s.message(), "cudaMalloc returned")));
  std::unique_ptr<CudnnSdpa> dnn;
  s = CudnnSdpa::create(&dnn);
  MESSAGE("CudnnSdpa::create: ", s.message());
  CHECK(contains(s.message(), "cudnnCreate returned CUDNN_STATUS_"));
  std::unique_ptr<NcclMesh> mesh;
  s = NcclMesh::create_local({2}, {0, 1}, &mesh);
  MESSAGE("NcclMesh::create_local: ", s.message());
  CHECK(contains(s.message(), " returned "));
  CHECK(contains(NcclMesh::create_local({2}, {0}, &mesh).message(), "1 devices for a mesh of 2"));
  LaunchEnv env;
  env.world = 3;
  CHECK(contains(NcclMesh::create_distributed({2}, env, "/tmp/x", 10, &mesh).message(),
                 "needs 2 processes, the launcher started 3"));
  std::unique_ptr<FoldKernels> fold;
  s = FoldKernels::load(90, &fold);
  MESSAGE("FoldKernels::load: ", s.message());
  CHECK(contains(s.message(), "cudaLibraryLoadData returned"));
  CHECK(contains(nccl_text("ncclAllReduce", 2), "ncclAllReduce returned"));
  CHECK(contains(cublas_text("cublasLtMatmul", 15), "CUBLAS_STATUS_NOT_SUPPORTED"));
  CHECK(contains(cudnn_text("cudnnCreate", 1001),
                 "cudnnCreate returned CUDNN_STATUS_NOT_INITIALIZED"));
}

namespace {

// Runs one fold on the device: `ranks` blocks of `count` elements of T, returns the result.
template <typename T>
std::vector<T> device_fold(FoldKernels& k, LibDtype t, ReduceOp op, const std::vector<T>& in,
                           int ranks) {
  size_t count = in.size() / static_cast<size_t>(ranks);
  void* d_in = nullptr;
  void* d_out = nullptr;
  REQUIRE(cudaMalloc(&d_in, in.size() * sizeof(T)) == cudaSuccess);
  REQUIRE(cudaMalloc(&d_out, count * sizeof(T)) == cudaSuccess);
  REQUIRE(cudaMemcpy(d_in, in.data(), in.size() * sizeof(T), cudaMemcpyHostToDevice) ==
          cudaSuccess);
  Status s = k.fold(t, op, d_in, d_out, static_cast<int64_t>(count), ranks, nullptr);
  CHECK_MESSAGE(s.ok(), s.message());
  std::vector<T> out(count);
  REQUIRE(cudaMemcpy(out.data(), d_out, count * sizeof(T), cudaMemcpyDeviceToHost) == cudaSuccess);
  (void)cudaFree(d_in);
  (void)cudaFree(d_out);
  return out;
}

uint32_t bits(float f) {
  uint32_t u = 0;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

TEST_CASE("device: the fold kernel rounds every step in rank order (hand-derived values)") {
  if (!has_device()) {
    MESSAGE("no device: the fold kernel's results are checked on a GPU only");
    return;
  }
  int major = 0, minor = 0;
  REQUIRE(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) == cudaSuccess);
  REQUIRE(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0) == cudaSuccess);
  std::unique_ptr<FoldKernels> k;
  Status s = FoldKernels::load(major * 10 + minor, &k);
  REQUIRE_MESSAGE(s.ok(), s.message());
  // bf16, 3 ranks, element 0: 1 + 2^-8 = 1.00390625 is a tie between 1 and 1 + 2^-7 -> 1 (even),
  // twice; summing in f32 first would give 1 + 2^-7. Element 1: 3 + 5 + 7 = 15 exactly.
  // bf16 bits: 1 = 0x3f80, 2^-8 = 0x3b80, 3 = 0x4040, 5 = 0x40a0, 7 = 0x40e0, 15 = 0x4170.
  std::vector<uint16_t> b16 = {0x3f80, 0x4040, 0x3b80, 0x40a0, 0x3b80, 0x40e0};
  auto r = device_fold(*k, LibDtype::kBF16, ReduceOp::kSum, b16, 3);
  CHECK(r[0] == 0x3f80);
  CHECK(r[1] == 0x4170);
  // f32 max/min: max(-0, +0) = +0, min(-0, +0) = -0, NaN wins.
  float nan = std::nanf("");
  std::vector<float> f = {-0.0f, 1.0f, 0.0f, nan};
  auto mx = device_fold(*k, LibDtype::kF32, ReduceOp::kMax, f, 2);
  CHECK(bits(mx[0]) == 0x00000000u);
  CHECK(std::isnan(mx[1]));
  auto mn = device_fold(*k, LibDtype::kF32, ReduceOp::kMin, f, 2);
  CHECK(bits(mn[0]) == 0x80000000u);
  // f32 sum order: (1e8 + 1) + -1e8 = 0 in f32 (1e8 + 1 rounds to 1e8); another order gives 1.
  std::vector<float> order = {1e8f, 1.0f, -1e8f};
  CHECK(device_fold(*k, LibDtype::kF32, ReduceOp::kSum, order, 3)[0] == 0.0f);
  // f32 avg over 3: round(1/3) = 0x3eaaaaab; each input times it, then summed in order.
  std::vector<float> avg = {3.0f, 3.0f, 3.0f};
  float third = 1.0f / 3.0f, each = 3.0f * third;
  CHECK(device_fold(*k, LibDtype::kF32, ReduceOp::kAvg, avg, 3)[0] == (each + each) + each);
  // fp8 (ml_dtypes' encodings): e4m3fn 448 + 16 = 464 is a tie between 448 (0x7e) and 480 ->
  // 448 (even); 448 + 32 = 480 overflows -> NaN (0x7f). e5m2 57344 (0x7b) + 4096 (0x6c) = 61440
  // ties to 65536 -> infinity (0x7c). 1 + 2^-6 + 2^-6 in e4m3 (quantum 2^-3 at 1): 1 each step.
  std::vector<uint8_t> e4 = {0x7e, 0x7e, 0x38, 0x58, 0x60, 0x08};
  auto r4 = device_fold(*k, LibDtype::kF8E4M3, ReduceOp::kSum, e4, 2);
  CHECK(r4[0] == 0x7e);
  CHECK(r4[1] == 0x7f);
  std::vector<uint8_t> one_small = {0x38, 0x08, 0x08};  // 1, 2^-6, 2^-6
  CHECK(device_fold(*k, LibDtype::kF8E4M3, ReduceOp::kSum, one_small, 3)[0] == 0x38);
  std::vector<uint8_t> e5 = {0x7b, 0x6c};
  CHECK(device_fold(*k, LibDtype::kF8E5M2, ReduceOp::kSum, e5, 2)[0] == 0x7c);
  // i32 sum wraps; avg truncates toward zero: (-7 + 0 + 0) / 3 = -2.
  std::vector<int> i = {2147483647, -7, 1, 0, 0, 0};
  auto si = device_fold(*k, LibDtype::kI32, ReduceOp::kSum, i, 3);
  CHECK(si[0] == -2147483647 - 1);
  CHECK(device_fold(*k, LibDtype::kI32, ReduceOp::kAvg, i, 3)[1] == -2);
}

TEST_CASE("transpose kernel: NVRTC compile for sm_80, sm_90, sm_100; no device; on a device") {
  for (int sm : {80, 90, 100}) {
    tessera::cuda::NvrtcOutput out =
        tessera::cuda::nvrtc_compile(transpose_kernel_source(), "transpose.cu", sm, {});
    CHECK_MESSAGE(out.ok, out.error);
    CHECK(contains(out.cubin, std::string("tsr_transpose_u8") + '\0'));
  }
  std::unique_ptr<TransposeKernel> k;
  if (!has_device()) {
    CHECK(contains(TransposeKernel::load(90, &k).message(), "cudaLibraryLoadData returned"));
    return;
  }
  int sm = 0;
  REQUIRE(device_sm(0, &sm).ok());
  REQUIRE(TransposeKernel::load(sm, &k).ok());
  // 2 matrices of 37 x 45 (tiles with ragged edges): out[z][c][r] = in[z][r][c].
  const int64_t z = 2, rows = 37, cols = 45, n = z * rows * cols;
  std::vector<uint8_t> in(n), out(n);
  for (int64_t i = 0; i < n; ++i) in[i] = static_cast<uint8_t>(i * 31 + 7);
  void *d_in = nullptr, *d_out = nullptr;
  REQUIRE(cudaMalloc(&d_in, n) == cudaSuccess);
  REQUIRE(cudaMalloc(&d_out, n) == cudaSuccess);
  REQUIRE(cudaMemcpy(d_in, in.data(), n, cudaMemcpyHostToDevice) == cudaSuccess);
  Status s = k->transpose_u8(d_in, d_out, z, rows, cols, nullptr);
  REQUIRE_MESSAGE(s.ok(), s.message());
  REQUIRE(cudaMemcpy(out.data(), d_out, n, cudaMemcpyDeviceToHost) == cudaSuccess);
  int bad = 0;
  for (int64_t b = 0; b < z; ++b) {
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < cols; ++c) {
        bad += out[b * rows * cols + c * rows + r] != in[b * rows * cols + r * cols + c];
      }
    }
  }
  CHECK(bad == 0);
  (void)cudaFree(d_in);
  (void)cudaFree(d_out);
}
