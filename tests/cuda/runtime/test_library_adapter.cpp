// The default mode's library adapter without a device (built with backends/cuda/libs only): which
// host ops map to libs::try_library_kernel and with what attributes (read off the programs below
// and graph_ops.def), the plan a bf16 matmul gets (no generated kernel: the library is its only
// path; deterministic mode refuses it), and enqueue's outcomes through a fake library entry.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "backends/cuda/runtime/compile.h"
#include "backends/cuda/runtime/executor.h"
#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/library_adapter.h"

namespace tc = tessera::cuda;
namespace tl = tessera::cuda::libs;
using tessera::DType;

namespace {

// A bf16 matmul with a bf16 result: no generated kernel (the GEMM template lowers bf16 inputs
// with an f32 result only; docs/ops/schedule/lowering.md).
const char* kMatmulBf16 = R"(module {
  func.func @main(%a: tensor<8x40xbf16>, %b: tensor<40x12xbf16>) -> tensor<8x12xbf16> {
    %0 = "tessera.matmul"(%a, %b) : (tensor<8x40xbf16>, tensor<40x12xbf16>) -> tensor<8x12xbf16>
    return %0 : tensor<8x12xbf16>
  }
}
)";

const char* kMatmulF32TransposeB = R"(module {
  func.func @main(%a: tensor<4x8xf32>, %b: tensor<5x8xf32>) -> tensor<4x5xf32> {
    %0 = "tessera.matmul"(%a, %b) {transpose_b = true} : (tensor<4x8xf32>, tensor<5x8xf32>) -> tensor<4x5xf32>
    return %0 : tensor<4x5xf32>
  }
}
)";

const char* kAttention = R"(module {
  func.func @main(%q: tensor<1x2x16x8xbf16>, %k: tensor<1x2x16x8xbf16>, %v: tensor<1x2x16x8xbf16>) -> tensor<1x2x16x8xbf16> {
    %0 = "tessera.flash_attn"(%q, %k, %v) {causal = true, scale = 0.125 : f64} : (tensor<1x2x16x8xbf16>, tensor<1x2x16x8xbf16>, tensor<1x2x16x8xbf16>) -> tensor<1x2x16x8xbf16>
    return %0 : tensor<1x2x16x8xbf16>
  }
}
)";

const char* kAdd = R"(module {
  func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "tessera.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
)";

/// What library_call_for answered for each host op the plan builder offered (a spy hook).
std::vector<std::pair<std::string, std::optional<tc::LibraryCall>>> g_offered;

std::shared_ptr<const tc::LibraryKernel> spy(const tessera::ir::Op& op, int sm) {
  g_offered.emplace_back(op.name, tc::library_call_for(op));
  return tc::libs_library_kernel(op, sm);
}

tc::CompiledProgram compile(const char* text, bool deterministic = false,
                            const tc::LibraryHooks* hooks = nullptr) {
  tc::CompileRequest r;
  r.text = text;
  r.source_name = "adapter.mlir";
  r.sm = 90;
  r.deterministic = deterministic;
  if (hooks != nullptr) r.library = hooks;
  return tc::compile_program(r, tc::CubinCache(""));
}

/// A fake libs::try_library_kernel: records its arguments, answers `g_answer`.
struct Seen {
  std::string op;
  tl::LibAttrs attrs;
  std::vector<tl::LibTensor> in;
  tl::LibTensor out;
  bool deterministic = true;
  void* stream = nullptr;
  int calls = 0;
} g_seen;
tl::LibResult g_answer;

tl::LibResult fake_entry(tl::LibraryContext&, const std::string& op, const tl::LibAttrs& attrs,
                         const std::vector<tl::LibTensor>& in, const tl::LibTensor& out,
                         bool deterministic, cudaStream_t stream) {
  g_seen = {op, attrs, in, out, deterministic, stream, g_seen.calls + 1};
  return g_answer;
}

tc::DeviceTensor tensor(DType t, std::vector<int64_t> shape) {
  tc::DeviceTensor d;
  d.dtype = t;
  d.shape = std::move(shape);
  return d;  // no device memory: the fake entry reads only types and shapes
}

}  // namespace

TEST_CASE(
    "a bf16 -> bf16 Graph matmul stays whole in default mode: the library takes the Graph op") {
  static constexpr tc::LibraryHooks kSpy{&spy};
  g_offered.clear();
  tc::CompiledProgram p = compile(kMatmulBf16, false, &kSpy);
  REQUIRE(g_offered.size() == 1);
  CHECK(g_offered[0].first == "schedule.group");  // the group the lowering left
  REQUIRE(g_offered[0].second.has_value());
  CHECK(g_offered[0].second->op_name == "tessera.matmul");
  CHECK_FALSE(g_offered[0].second->has_fallback);
  REQUIRE(p.plan.steps.size() == 1);
  REQUIRE(p.plan.steps[0].library != nullptr);
  CHECK(p.plan.steps[0].library->name().find("tessera.matmul") != std::string::npos);
  CHECK(p.plan.steps[0].symbol.empty());
  CHECK(p.plan.steps[0].operands == std::vector<int>{0, 1});
  CHECK(p.plan.steps[0].result_types[0].dtype == DType::bf16);
  CHECK(p.cubin.image.empty());
  // The build's own hook (library_hooks) does the same.
  tc::CompiledProgram q = compile(kMatmulBf16);
  REQUIRE(q.plan.steps.size() == 1);
  CHECK(q.plan.steps[0].library != nullptr);
  // Deterministic mode: no library; the lowering's kernels run it (a bf16 GEMM with an f32
  // result, then a kernel rounding it to bf16), so the group does not stay whole there.
  tc::CompiledProgram d = compile(kMatmulBf16, true);
  int kernels = 0;
  for (const auto& st : d.plan.steps) {
    CHECK(st.library == nullptr);
    kernels += st.symbol.empty() ? 0 : 1;
  }
  CHECK(kernels == 2);
}

TEST_CASE("attributes reach the library call; a generated kernel stays the fallback") {
  static constexpr tc::LibraryHooks kSpy{&spy};
  g_offered.clear();
  tc::CompiledProgram p = compile(kMatmulF32TransposeB, false, &kSpy);
  REQUIRE(g_offered.size() == 1);
  REQUIRE(g_offered[0].second.has_value());
  const tc::LibraryCall& mm = *g_offered[0].second;
  CHECK(mm.attrs.transpose_b);
  CHECK_FALSE(mm.attrs.transpose_a);
  CHECK_FALSE(mm.attrs.has_numeric_policy);
  CHECK(mm.has_fallback == (g_offered[0].first == "tessera_nvidia.launch"));
  REQUIRE(p.plan.steps.size() == 1);
  CHECK(p.plan.steps[0].library != nullptr);

  g_offered.clear();
  (void)compile(kAttention, false, &kSpy);
  REQUIRE(g_offered.size() == 1);
  REQUIRE(g_offered[0].second.has_value());
  const tc::LibraryCall& at = *g_offered[0].second;
  CHECK(at.op_name == "tessera.flash_attn");
  CHECK(at.attrs.causal);
  REQUIRE(at.attrs.scale.has_value());
  CHECK(*at.attrs.scale == 0.125);

  g_offered.clear();
  tc::CompiledProgram add = compile(kAdd, false, &kSpy);
  REQUIRE(g_offered.size() == 1);  // the add group's launch is offered and declined
  CHECK_FALSE(g_offered[0].second.has_value());
  CHECK(add.plan.steps[0].library == nullptr);
}

TEST_CASE("tessera.scaled_matmul reaches the library with its scale layout") {
  // conformance/cases/graph/scaled_matmul.mlir's MX case: no generated kernel, so a host op.
  const char* mx = R"(module {
  func.func @main(%a: tensor<5x64xf8E4M3FN>, %b: tensor<6x64xf8E4M3FN>, %sa: tensor<5x2xui8>, %sb: tensor<2x6xui8>) -> tensor<5x6xf32> {
    %0 = "tessera.scaled_matmul"(%a, %b, %sa, %sb) {scale_layout = {granularity = "block", block = [1, 32], format = "e8m0"}, transpose_b = true} : (tensor<5x64xf8E4M3FN>, tensor<6x64xf8E4M3FN>, tensor<5x2xui8>, tensor<2x6xui8>) -> tensor<5x6xf32>
    return %0 : tensor<5x6xf32>
  }
}
)";
  static constexpr tc::LibraryHooks kSpy{&spy};
  g_offered.clear();
  tc::CompiledProgram p = compile(mx, false, &kSpy);
  REQUIRE(g_offered.size() == 1);
  REQUIRE(g_offered[0].second.has_value());
  const tc::LibraryCall& c = *g_offered[0].second;
  CHECK(c.op_name == "tessera.scaled_matmul");
  CHECK(c.attrs.scale_block_n == 1);
  CHECK(c.attrs.scale_block_k == 32);
  CHECK(c.attrs.scale_format == "e8m0");
  CHECK(c.attrs.transpose_b);
  CHECK_FALSE(c.attrs.has_batching);
  CHECK_FALSE(c.has_fallback);
  REQUIRE(p.plan.steps.size() == 1);
  CHECK(p.plan.steps[0].library != nullptr);
}

TEST_CASE("enqueue: the library's outcome becomes ran, fallback or a Failure") {
  tc::LibraryCall call;
  call.op_name = "tessera.matmul";
  call.attrs.transpose_a = true;
  auto k = tc::make_library_kernel(call, &fake_entry);
  tc::DeviceTensor a = tensor(DType::bf16, {40, 8}), b = tensor(DType::bf16, {40, 12});
  tc::DeviceTensor c = tensor(DType::f32, {8, 12});
  int stream_tag = 0;
  g_answer = {tl::LibOutcome::kDone, ""};
  CHECK(k->enqueue(&stream_tag, {&a, &b}, {&c}));
  CHECK(g_seen.op == "tessera.matmul");
  CHECK(g_seen.attrs.transpose_a);
  CHECK_FALSE(g_seen.deterministic);  // the hook is default mode only
  CHECK(g_seen.stream == &stream_tag);
  REQUIRE(g_seen.in.size() == 2);
  CHECK(g_seen.in[0].dtype == "bf16");
  CHECK(g_seen.in[1].shape == std::vector<int64_t>{40, 12});
  CHECK(g_seen.out.dtype == "f32");
  CHECK(g_seen.out.shape == std::vector<int64_t>{8, 12});

  // Declined without a generated kernel: UNIMPLEMENTED with the library's reason.
  g_answer = {tl::LibOutcome::kNotHandled, "element type f64 has no library"};
  try {
    k->enqueue(nullptr, {&a, &b}, {&c});
    FAIL("a declined op without a fallback ran");
  } catch (const tc::Failure& f) {
    CHECK(f.code() == TESSERA_ERROR_UNIMPLEMENTED);
    CHECK(std::string(f.what()).find("element type f64 has no library") != std::string::npos);
  }
  // Declined with a generated kernel: false, the executor launches it.
  call.has_fallback = true;
  auto with_fallback = tc::make_library_kernel(call, &fake_entry);
  CHECK_FALSE(with_fallback->enqueue(nullptr, {&a, &b}, {&c}));
  // The library failed: INTERNAL naming the call.
  g_answer = {tl::LibOutcome::kFailed, "cublasLtMatmul: CUBLAS_STATUS_NOT_SUPPORTED"};
  try {
    with_fallback->enqueue(nullptr, {&a, &b}, {&c});
    FAIL("a failed library call returned");
  } catch (const tc::Failure& f) {
    CHECK(f.code() == TESSERA_ERROR_INTERNAL);
    CHECK(std::string(f.what()).find("cublasLtMatmul") != std::string::npos);
  }
  const int calls = g_seen.calls;
  CHECK_THROWS_AS(with_fallback->enqueue(nullptr, {&a, &b}, {}), tc::Failure);  // no result
  CHECK(g_seen.calls == calls);
}
