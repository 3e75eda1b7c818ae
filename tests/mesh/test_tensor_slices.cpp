// The per-rank output buffers collectives allocate: Tensor::slices of one allocation, and the
// collectives that write them (interp/tensor.h, interp/mesh/collectives.cpp).
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <utility>

#include <malloc.h>

#include "core/support/error.h"
#include "interp/mesh/collectives.h"
#include "interp/tensor.h"

using namespace tessera;

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

// glibc's mallinfo2 counts the heap only where glibc's malloc serves it: not under ASan, whose
// allocator replaces it.
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
#define TESSERA_GLIBC_HEAP 1
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#undef TESSERA_GLIBC_HEAP
#endif
#endif
#endif

/// Bytes the heap has handed out and not taken back (glibc), or 0 elsewhere.
int64_t heap_in_use() {
#ifdef TESSERA_GLIBC_HEAP
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
#ifdef TESSERA_GLIBC_HEAP
  CHECK(dropped_others < 5 * 896);  // the shapes of four slices, not the 5 x 896-byte block
  CHECK(freed >= 5 * 896);          // the last slice frees the whole block
#else
  (void)dropped_others;
  (void)freed;
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
  for (auto dims : {std::pair<size_t, size_t>{0, 0}, {0, 1}, {1, 0}}) {
    const size_t sd = dims.first, cd = dims.second;  // CAPTURE's lambda cannot take bindings
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
