// The reference backend compiles once: compile parses and verifies the module (errors surface
// there, with their diagnostics), execute runs what compile produced.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>

#include "backends/reference/reference_backend.h"
#include "core/support/error.h"
#include "plugins/backend.h"
#include "plugins/loader.h"

using namespace tessera;
using plugins::HostTensor;

namespace {

plugins::Backend reference() {
  static plugins::Registry reg;
  reg.register_builtin("reference", &tessera_reference_get_api_v1);
  return plugins::Backend::create(reg.open("reference"));
}

HostTensor f32(std::vector<float> v) {
  HostTensor t;
  t.dtype = DType::f32;
  t.shape = {static_cast<int64_t>(v.size())};
  t.data.resize(v.size() * 4);
  std::memcpy(t.data.data(), v.data(), t.data.size());
  return t;
}

std::vector<float> values(const HostTensor& t) {
  std::vector<float> v(t.data.size() / 4);
  std::memcpy(v.data(), t.data.data(), t.data.size());
  return v;
}

}  // namespace

// Before, compile only counted the entry's results (a parse); a module that parses but breaks
// a constraint compiled fine and failed at every execute instead.
TEST_CASE("reference compile: a module the verifier refuses fails at compile with its diagnostic") {
  plugins::Backend b = reference();
  plugins::CompileOptions o;
  o.source_name = "bad.mlir";
  const char* bad = R"(func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %r = tessera.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
})";
  CHECK_THROWS_WITH_AS(b.compile(bad, o), doctest::Contains("bad.mlir:2:"), plugins::BackendError);
}

TEST_CASE("reference compile: one executable runs many times, generic form included") {
  plugins::Backend b = reference();
  // Generic form, two results: the count comes from the parsed module.
  const char* prog = R"("builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: tensor<2xf32>):
    %r = "tessera.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "func.return"(%r, %a) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {sym_name = "main", function_type = (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)} : () -> ()
}) : () -> ())";
  plugins::Executable exe = b.compile(prog, {});
  for (float k = 1; k <= 3; ++k) {
    auto out = b.run(exe, {f32({k, -k})});
    REQUIRE(out.size() == 2);
    CHECK(values(out[0]) == std::vector<float>{2 * k, -2 * k});
    CHECK(values(out[1]) == std::vector<float>{k, -k});
  }
}

TEST_CASE("reference compile: an unknown entry fails at compile, naming it") {  // (as before)
  plugins::Backend b = reference();
  plugins::CompileOptions o;
  o.entry = "nope";
  CHECK_THROWS_WITH_AS(b.compile("func.func @main() {\n  return\n}\n", o),
                       doctest::Contains("nope"), plugins::BackendError);
}
