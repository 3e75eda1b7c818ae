// kernel_signature(): the parameter list the runtime marshals (pointers, then each memref's
// dynamic dimensions, scalars by value), checked against expectations written by hand from
// docs/cuda.md and against the parameter list generate_kernel() prints.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "backends/cuda/codegen/codegen.h"
#include "core/support/diagnostics.h"
#include "core/text/parser.h"

using namespace tessera;
using Kind = cuda::KernelParam::Kind;

namespace {

const char* kModule = R"(module {
  func.func @k.1(%a: memref<?x4x?xbf16>, %n: i32, %b: memref<8xf32>, %x: f64, %p: i1) {
    return
  }
  func.func @main(%a: tensor<2x4x3xbf16>, %n: i32, %x: f64, %p: i1) -> tensor<8xf32> {
    %b = tessera_nvidia.launch %a, %n, %x, %p {callee = @k.1, grid = [1], block = [32]}
        : (tensor<2x4x3xbf16>, i32, f64, i1) -> tensor<8xf32>
    return %b : tensor<8xf32>
  }
})";

}  // namespace

TEST_CASE("kernel_signature: pointers, dynamic dims in order, scalars by value") {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(kModule, "sig.mlir", sm, diag);
  REQUIRE_MESSAGE(m, diag.render());
  std::vector<const ir::Op*> ks = cuda::launched_kernels(*m);
  REQUIRE(ks.size() == 1);
  cuda::KernelSignature sig = cuda::kernel_signature(*ks[0]);
  CHECK(sig.symbol == "tsr_k_1");
  struct Want {
    Kind kind;
    size_t arg;
    int dim;
    size_t bytes;
    const char* c_type;
    const char* name;
  };
  const Want want[] = {
      {Kind::pointer, 0, -1, 8, "__nv_bfloat16*", "v0"},
      {Kind::dim, 0, 0, 8, "tsr::i64", "v0_dim0"},
      {Kind::dim, 0, 2, 8, "tsr::i64", "v0_dim2"},
      {Kind::scalar, 1, -1, 4, "tsr::i32", "v1"},
      {Kind::pointer, 2, -1, 8, "float*", "v2"},
      {Kind::scalar, 3, -1, 8, "double", "v3"},
      {Kind::scalar, 4, -1, 1, "bool", "v4"},
  };
  REQUIRE(sig.params.size() == std::size(want));
  std::string head = "extern \"C\" __global__ void tsr_k_1(";
  for (size_t i = 0; i < sig.params.size(); ++i) {
    const cuda::KernelParam& p = sig.params[i];
    INFO("parameter " << i);
    CHECK(p.kind == want[i].kind);
    CHECK(p.arg == want[i].arg);
    CHECK(p.dim == want[i].dim);
    CHECK(p.bytes == want[i].bytes);
    CHECK(p.c_type == want[i].c_type);
    CHECK(p.name == want[i].name);
    head += std::string(i ? ", " : "") + want[i].c_type + " " + want[i].name;
  }
  std::string text = cuda::generate_kernel(*ks[0], cuda::CodegenOptions{});
  CHECK(text.rfind(head + ") {\n", 0) == 0);
}

TEST_CASE("kernel_signature: fp6 / fp4 / e8m0 scalars are 4-byte floats, unsigned as stored") {
  const char* text = R"(module {
  func.func @k(%a: f6E2M3FN, %b: f4E2M1FN, %c: f8E8M0FNU, %d: ui16, %e: memref<4xf6E3M2FN>) {
    return
  }
  func.func @main(%a: f6E2M3FN, %b: f4E2M1FN, %c: f8E8M0FNU, %d: ui16) -> tensor<4xf6E3M2FN> {
    %r = tessera_nvidia.launch %a, %b, %c, %d {callee = @k, grid = [1], block = [32]}
        : (f6E2M3FN, f4E2M1FN, f8E8M0FNU, ui16) -> tensor<4xf6E3M2FN>
    return %r : tensor<4xf6E3M2FN>
  }
})";
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(text, "sig2.mlir", sm, diag);
  REQUIRE_MESSAGE(m, diag.render());
  std::vector<const ir::Op*> ks = cuda::launched_kernels(*m);
  REQUIRE(ks.size() == 1);
  cuda::KernelSignature sig = cuda::kernel_signature(*ks[0]);
  REQUIRE(sig.params.size() == 5);
  const size_t bytes[] = {4, 4, 4, 2, 8};
  const char* types[] = {"float", "float", "float", "tsr::u16", "tsr::f6e3m2*"};
  for (size_t i = 0; i < 5; ++i) {
    INFO("parameter " << i);
    CHECK(sig.params[i].bytes == bytes[i]);
    CHECK(sig.params[i].c_type == types[i]);
  }
}
