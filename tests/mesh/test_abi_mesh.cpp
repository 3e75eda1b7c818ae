// Mesh programs through the plugin ABI: the built-in reference backend runs per-rank lists.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
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

const char* kProg = R"(module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 2]}} {
  func.func @main(%x: tensor<2xi32>) -> (tensor<2xi32>, tensor<4xi32>) {
    %s = tessera.all_reduce %x {axes = ["tp"], op = "sum"} : (tensor<2xi32>) -> tensor<2xi32>
    %g = tessera.all_gather %x {axes = ["dp"], dim = 0} : (tensor<2xi32>) -> tensor<4xi32>
    return %s, %g : tensor<2xi32>, tensor<4xi32>
  }
})";

HostTensor i32(std::vector<int32_t> v) {
  HostTensor t;
  t.dtype = DType::i32;
  t.shape = {static_cast<int64_t>(v.size())};
  t.data.resize(v.size() * 4);
  std::memcpy(t.data.data(), v.data(), t.data.size());
  return t;
}

std::vector<int32_t> values(const HostTensor& t) {
  std::vector<int32_t> v(t.data.size() / 4);
  std::memcpy(v.data(), t.data.data(), t.data.size());
  return v;
}

plugins::Backend reference() {
  static plugins::Registry reg;
  reg.register_builtin("reference", &tessera_reference_get_api_v1);
  return plugins::Backend::create(reg.open("reference"));
}

}  // namespace

TEST_CASE("reference backend runs a 2x2 mesh through execute with per-rank lists") {
  plugins::Backend b = reference();
  CHECK(b.capabilities().max_mesh_size >= 72);
  plugins::CompileOptions o;
  o.num_devices = 4;
  auto exe = b.compile(kProg, o);
  // Rank r = (dp, tp) = (r / 2, r % 2) holds {10 r, 10 r + 1}.
  std::vector<std::vector<HostTensor>> in;
  for (int r = 0; r < 4; ++r) in.push_back({i32({10 * r, 10 * r + 1})});
  auto out = b.run_mesh(exe, in);
  REQUIRE(out.size() == 4);
  // all_reduce over tp pairs ranks {0, 1} and {2, 3}; all_gather over dp pairs {0, 2} and {1, 3}.
  CHECK(values(out[0][0]) == std::vector<int32_t>{10, 12});
  CHECK(values(out[3][0]) == std::vector<int32_t>{50, 52});
  CHECK(values(out[1][1]) == std::vector<int32_t>{10, 11, 30, 31});
  CHECK(values(out[2][1]) == std::vector<int32_t>{0, 1, 20, 21});
}

TEST_CASE("mesh errors cross the ABI as errors, not crashes") {
  plugins::Backend b = reference();
  plugins::CompileOptions o;
  o.num_devices = 4;
  auto exe = b.compile(kProg, o);
  std::vector<std::vector<HostTensor>> in;
  for (int r = 0; r < 4; ++r) in.push_back({i32({1, 2})});
  in[3] = {i32({1, 2, 3})};  // rank 3 disagrees with rank 2 on the shape
  CHECK_THROWS_WITH(b.run_mesh(exe, in), doctest::Contains("tensor<2xi32>"));
}
