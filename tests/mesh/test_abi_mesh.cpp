// Mesh programs through the plugin ABI: the built-in reference backend runs per-rank lists. Also
// the per-rank output buffers collectives allocate (Tensor::slices).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <utility>

#include <malloc.h>

#include "backends/reference/reference_backend.h"
#include "core/support/error.h"
#include "interp/mesh/collectives.h"
#include "interp/tensor.h"
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

namespace {

using tessera::interp::Tensor;
namespace im = tessera::interp::mesh;

/// Fills t with `seed * 1000 + index` (i32).
void fill_i32(Tensor& t, int32_t seed) {
  for (int64_t k = 0; k < t.numel(); ++k)
    t.data<int32_t>()[k] = seed * 1000 + static_cast<int32_t>(k);
}

bool holds_i32(const Tensor& t, int32_t seed) {
  for (int64_t k = 0; k < t.numel(); ++k)
    if (t.data<int32_t>()[k] != seed * 1000 + static_cast<int32_t>(k)) return false;
  return true;
}

/// Bytes the heap has handed out and not taken back (glibc), or 0 elsewhere.
int64_t heap_in_use() {
#ifdef __GLIBC__
  return static_cast<int64_t>(mallinfo2().uordblks);
#else
  return 0;
#endif
}

}  // namespace

TEST_CASE("Tensor::slices are 64-byte aligned, disjoint, and keep their allocation alive") {
  // 210 i32 = 840 bytes: not a multiple of 64, so a packed layout would misalign slices. (Above
  // glibc's tcache sizes, so that freeing the block shows in the heap statistics.)
  std::vector<Tensor> s = Tensor::slices(DType::i32, {3, 70}, 5);
  REQUIRE(s.size() == 5);
  for (size_t k = 0; k < s.size(); ++k) {
    CHECK(s[k].is_slice());
    CHECK(s[k].nbytes() == 840);
    CHECK(s[k].shape() == std::vector<int64_t>{3, 70});
    CHECK(reinterpret_cast<uintptr_t>(s[k].bytes()) % 64 == 0);
    for (size_t j = 0; j < k; ++j) {  // [bytes, bytes + nbytes) of two slices never meet
      const std::byte *a = s[j].bytes(), *b = s[k].bytes();
      CHECK((a + s[j].nbytes() <= b || b + s[k].nbytes() <= a));
    }
    fill_i32(s[k], static_cast<int32_t>(k));
  }
  for (size_t k = 0; k < s.size(); ++k) CHECK(holds_i32(s[k], static_cast<int32_t>(k)));
  // A slice is never offered for recycling: the Graph IR buffer pool would pin the whole block.
  CHECK_FALSE(s[2].sole_owner());
  CHECK(s[2].view_as({210}).is_slice());
  CHECK_FALSE(Tensor(DType::i32, {3, 7}).is_slice());
  CHECK(Tensor(DType::i32, {3, 7}).sole_owner());

  // One slice (a view of it, even) outlives the others and the vector: the block stays.
  Tensor kept = s[3].view_as({210});
  const int64_t before = heap_in_use();
  s.clear();
  const int64_t dropped_others = before - heap_in_use();
  // Allocations of the block's size: had the block been freed, they would reuse and overwrite it.
  std::vector<Tensor> reuse;
  for (int k = 0; k < 4; ++k) {
    reuse.emplace_back(DType::i32, std::vector<int64_t>{5 * 224});
    fill_i32(reuse.back(), 99);
  }
  CHECK(holds_i32(kept, 3));
  CHECK_FALSE(kept.sole_owner());  // the last user of its block, but still not recyclable
  const int64_t with_kept = heap_in_use();
  kept = Tensor();
  const int64_t freed = with_kept - heap_in_use();
#ifdef __GLIBC__
  CHECK(dropped_others < 5 * 896);  // the shapes of four slices, not the 5 x 896-byte block
  CHECK(freed >= 5 * 896);          // the last slice frees the whole block
#endif
}

TEST_CASE("Tensor::slices of nothing, of empty tensors, and of too many bytes") {
  CHECK(Tensor::slices(DType::f32, {4}, 0).empty());
  std::vector<Tensor> e = Tensor::slices(DType::f32, {0, 3}, 3);
  REQUIRE(e.size() == 3);
  CHECK(e[1].nbytes() == 0);
  CHECK(e[1].bytes() != nullptr);
  CHECK_THROWS_AS(Tensor::slices(DType::f64, {int64_t{1} << 40}, size_t{1} << 30), tessera::Error);
}

TEST_CASE("all_to_all and reduce_scatter write one slice per rank, with the values of a copy") {
  // A 2 x 3 mesh, groups along the second axis: {0, 1, 2} and {3, 4, 5}. Every rank holds a 6 x 3
  // i32 tensor. (split, concat) = (0, 0) moves blocks as one run each, (0, 1) as two rows each.
  tessera::mesh::Mesh m{{"a", "b"}, {2, 3}, {}};
  im::Groups g = tessera::mesh::make_groups(m, {1});
  std::vector<Tensor> in;
  for (int32_t r = 0; r < 6; ++r) {
    Tensor t(DType::i32, {6, 3});
    fill_i32(t, r);
    in.push_back(std::move(t));
  }
  for (auto [sd, cd] : {std::pair<size_t, size_t>{0, 0}, {0, 1}, {1, 0}}) {
    CAPTURE(sd);
    CAPTURE(cd);
    std::vector<int64_t> box = {6, 3};
    box[sd] /= 3;
    std::vector<int64_t> shape = box;
    shape[cd] *= 3;
    std::vector<Tensor> out =
        im::all_to_all(g, static_cast<int64_t>(sd), static_cast<int64_t>(cd), in);
    REQUIRE(out.size() == 6);
    for (size_t r = 0; r < 6; ++r) {
      const auto& members = g.members[static_cast<size_t>(g.group_of[r])];
      const int64_t i = g.rank_in_group[r];
      REQUIRE(out[r].shape() == shape);
      CHECK(out[r].is_slice());
      CHECK(reinterpret_cast<uintptr_t>(out[r].bytes()) % 64 == 0);
      // Output element c = element c' of group rank j's input, where j = c[cd] / box[cd],
      // c'[cd] = c[cd] % box[cd] and c'[sd] = c[sd] + i * box[sd] (after that wrap).
      for (int64_t x = 0; x < shape[0]; ++x)
        for (int64_t y = 0; y < shape[1]; ++y) {
          int64_t c[2] = {x, y};
          const int64_t j = c[cd] / box[cd];
          c[cd] %= box[cd];
          c[sd] += i * box[sd];
          const Tensor& src = in[static_cast<size_t>(members[static_cast<size_t>(j)])];
          CHECK(out[r].data<int32_t>()[x * shape[1] + y] == src.data<int32_t>()[c[0] * 3 + c[1]]);
        }
    }
  }
  std::vector<Tensor> rs = im::reduce_scatter(g, im::ReduceOp::sum, 0, in);
  REQUIRE(rs.size() == 6);
  for (size_t r = 0; r < 6; ++r) {
    const auto& members = g.members[static_cast<size_t>(g.group_of[r])];
    const int64_t i = g.rank_in_group[r];
    REQUIRE(rs[r].shape() == std::vector<int64_t>{2, 3});
    CHECK(rs[r].is_slice());
    for (int64_t e = 0; e < 6; ++e) {
      int32_t sum = 0;
      for (int64_t q : members) sum += in[static_cast<size_t>(q)].data<int32_t>()[i * 6 + e];
      CHECK(rs[r].data<int32_t>()[e] == sum);
    }
  }
}
