// Session::bind_values: tensors in memory bind by the rules of `--input` (docs/cli.md, "Inputs
// and outputs"): name, %name or position, NAME@R per rank, each parameter once, the dtype rule.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/support/error.h"
#include "interp/session.h"
#include "interp/session/bind.h"

using namespace tessera;
using interp::HostTensor;
using interp::NamedTensor;

namespace {

HostTensor f32(std::vector<float> v) {
  HostTensor t;
  t.dtype = DType::f32;
  t.shape = {static_cast<int64_t>(v.size())};
  t.data.resize(v.size() * 4);
  std::memcpy(t.data.data(), v.data(), t.data.size());
  return t;
}

std::vector<float> values(const interp::Tensor& t) {
  std::vector<float> v(static_cast<size_t>(t.numel()));
  std::memcpy(v.data(), t.bytes(), v.size() * 4);
  return v;
}

const char* kSub = R"(func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = tessera.sub %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
})";

interp::Session session(const char* text) {
  interp::RunOptions ro;
  ro.source_name = "prog.mlir";
  return interp::Session(text, ro);
}

}  // namespace

TEST_CASE("bind_values: by name, %name and position, in any order") {
  interp::Session s = session(kSub);
  for (auto names : std::vector<std::pair<std::string, std::string>>{
           {"a", "b"}, {"%a", "%b"}, {"0", "1"}, {"a", "1"}}) {
    CAPTURE(names.first);
    // b first: binding order never matters, only the names.
    auto args = s.bind_values({{names.second, f32({1, 2})}, {names.first, f32({10, 20})}});
    REQUIRE(args.size() == 1);
    auto out = s.run(args);
    CHECK(values(out[0][0]) == std::vector<float>{9, 18});  // a - b, by hand
  }
}

TEST_CASE("bind_values: the --input errors, word for word") {
  interp::Session s = session(kSub);
  auto usage = [&](std::vector<NamedTensor> v) {
    try {
      s.bind_values(v);
    } catch (const interp::UsageError& e) {
      return e.message;
    }
    return std::string("no error");
  };
  CHECK(usage({{"c", f32({1, 2})}, {"b", f32({1, 2})}}).find("not a parameter of @main") !=
        std::string::npos);
  CHECK(usage({{"a", f32({1, 2})}, {"0", f32({1, 2})}}).find("bound twice") != std::string::npos);
  CHECK(usage({{"a", f32({1, 2})}}).find("missing --input for parameter '%b'") !=
        std::string::npos);
  CHECK(usage({{"a@1", f32({1, 2})}}).find("need a module with a tessera.mesh") !=
        std::string::npos);
  // The dtype rule: float64 data never binds a f32 parameter (no silent conversion).
  HostTensor d;
  d.dtype = DType::f64;
  d.shape = {2};
  d.data.resize(16);
  CHECK_THROWS_WITH_AS(s.bind_values({{"a", d}, {"b", f32({1, 2})}}),
                       doctest::Contains("the tensor holds float64 data"), Error);
  CHECK_THROWS_WITH_AS(s.bind_values({{"a", f32({1, 2, 3})}, {"b", f32({1, 2})}}),
                       doctest::Contains("input #0 ('%a') has type tensor<3xf32>"), Error);
}

TEST_CASE("bind_values: a mesh program splits global tensors and takes per-rank ones") {
  const char* prog = R"(module attributes {tessera.mesh = {axes = ["tp"], shape = [2]}} {
  func.func @main(%x: tensor<2xf32> {tessera.shard = {partition = [0], mesh_axes = ["tp"]}},
                  %y: tensor<1xf32>) -> tensor<2xf32> {
    return %x : tensor<2xf32>
  }
})";
  interp::Session s = session(prog);
  REQUIRE(s.num_ranks() == 2);
  auto args = s.bind_values({{"x", f32({1, 2, 3, 4})}, {"y@0", f32({5})}, {"y@1", f32({6})}});
  REQUIRE(args.size() == 2);
  CHECK(values(args[0][0]) == std::vector<float>{1, 2});  // rank 0 holds the first half
  CHECK(values(args[1][0]) == std::vector<float>{3, 4});
  CHECK(values(args[0][1]) == std::vector<float>{5});
  CHECK(values(args[1][1]) == std::vector<float>{6});
  CHECK_THROWS_AS(s.bind_values({{"x", f32({1, 2, 3, 4})}, {"y@0", f32({5})}}), interp::UsageError);
}
