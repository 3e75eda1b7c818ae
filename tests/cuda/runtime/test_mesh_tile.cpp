// Tile IR collectives on the CUDA backend without a device (runtime/mesh_tile.h): every case of
// conformance/cases/tile/collectives.mlir split at its collectives, planned and run on host
// memory (pieces on the interpreter, collectives as the plan's copies and folds) against the
// case's expectations (numpy / ml_dtypes / JAX, conformance/gen/tile_collectives.py); a
// hand-derived kernel that computes after its collective; and the kernels the split refuses.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/mesh_kernels.h"
#include "backends/cuda/runtime/mesh_plan.h"
#include "conformance/lib/case_file.h"

namespace tc = tessera::cuda;
using tessera::DType;
using tessera::interp::HostTensor;

namespace {

tc::MeshCompile generate_only() {
  tc::MeshCompile mc;
  mc.sm = 90;
  mc.deterministic = true;
  mc.generate_only = true;
  return mc;
}

/// A mesh of 4 ranks ("x") launching @k on an 8-element f32 tensor (grid 2 x 4 tiles).
std::string launch_module(const std::string& kernel_body) {
  return "module attributes {tessera.mesh = {axes = [\"x\"], shape = [4]}} {\n"
         "  func.func @k(%x: memref<8xf32>, %y: memref<8xf32>) {\n"
         "    %i = tile.linear_id : index\n" +
         kernel_body +
         "    return\n  }\n"
         "  func.func @main(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
         "    %r = tile.launch %a {callee = @k, grid = [2], tiles = 4, lanes = 32} : "
         "(tensor<8xf32>) -> tensor<8xf32>\n"
         "    return %r : tensor<8xf32>\n  }\n}\n";
}

int refusal(const std::string& text, std::string* msg) {
  tc::MeshCompile mc = generate_only();
  try {
    (void)tc::mesh_plan_from_text(text, "tile.mlir", "main", 4, &mc);
  } catch (const tc::Failure& f) {
    *msg = f.what();
    return f.code();
  }
  return 0;
}

}  // namespace

TEST_CASE("tile collectives: every conformance case, split and run on host memory") {
  tc::MeshCompile mc = generate_only();
  int ran = 0, pieces = 0;
  for (const tessera::conform::Case& c : tessera::conform::load_case_file(
           std::string(TESSERA_SOURCE_DIR) + "/conformance/cases/tile/collectives.mlir")) {
    CAPTURE(c.name);
    REQUIRE(c.ranks > 1);
    tc::MeshPlan p = tc::mesh_plan_from_text(c.program, c.name, c.entry, c.ranks, &mc);
    for (const tc::MeshStep& s : p.steps)
      if (s.compute) {
        ++pieces;
        CHECK(!s.host_text.empty());
        CHECK(!s.compute->kernel_sources.empty());  // generated for sm_90
      }
#ifdef TESSERA_CUDA_HAVE_LIBS
    (void)tc::mesh_plan_kernels(p);  // every fold has a fold kernel
#endif
    auto got = tc::run_mesh_plan_on_host(p, c.rank_inputs);
    REQUIRE(got.size() == c.rank_expected.size());
    for (size_t r = 0; r < got.size(); ++r) {
      REQUIRE(got[r].size() == c.rank_expected[r].size());
      for (size_t k = 0; k < got[r].size(); ++k) {
        auto cmp = tessera::conform::compare(got[r][k], c.rank_expected[r][k], c.rule);
        CAPTURE(r);
        CAPTURE(k);
        CHECK_MESSAGE(cmp.ok, cmp.message);
      }
    }
    ++ran;
  }
  CHECK(ran == 41);
  CHECK(pieces == 8);  // all_reduce and collective_broadcast cases store before the collective
}

TEST_CASE("tile collectives: a kernel that computes after its collective continues from it") {
  // y = x; all_reduce(y); y = 3 * y. Rank r holds x[e] = 8r + e, so the sum over the 4 ranks is
  // 48 + 4e and the result 144 + 12e on every rank (hand-derived). %i and %c cross the collective
  // and are recomputed; the second piece starts from the all_reduce's result.
  const std::string text = launch_module(
      "    %c = arith.constant {value = 3.0 : f32} : f32\n"
      "    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32\n"
      "    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()\n"
      "    tile.all_reduce %y {axes = [\"x\"], op = \"sum\"} : (memref<8xf32>) -> ()\n"
      "    %w = tile.load %y, %i : (memref<8xf32>, index) -> f32\n"
      "    %s = arith.mulf %w, %c : f32\n"
      "    tile.store %s, %y, %i : (f32, memref<8xf32>, index) -> ()\n");
  tc::MeshCompile mc = generate_only();
  tc::MeshPlan p = tc::mesh_plan_from_text(text, "tile.mlir", "main", 4, &mc);
  REQUIRE(p.steps.size() == 4);  // zeroed results, piece, all_reduce, piece
  CHECK(p.steps[0].results.size() == 1);
  CHECK((p.steps[0].copies.empty() && p.steps[0].folds.empty() && !p.steps[0].compute));
  REQUIRE(p.steps[1].compute);
  CHECK(p.steps[2].op == "tile.all_reduce");
  CHECK(p.steps[2].folds.size() == 4);
  CHECK(p.steps[2].folds[0].src_slot == p.steps[1].results[0]);
  REQUIRE(p.steps[3].compute);
  // The second piece reads the all_reduce's result and starts its own result from it.
  CHECK(p.steps[3].operands == std::vector<int>{0, p.steps[2].results[0]});
  const auto& launch = p.steps[3].compute->plan.steps;
  int launches = 0;
  for (const tc::LaunchStep& s : launch)
    if (!s.copy && !s.empty) {
      ++launches;
      CHECK(s.init_from.size() == 1);
      CHECK(s.init_from[0] == s.operands[1]);
    }
  CHECK(launches == 1);
  CHECK(p.steps[3].host_text.find("arith.constant") != std::string::npos);  // recomputed
  CHECK(p.steps[3].host_text.find("tile.all_reduce") == std::string::npos);
  CHECK(p.steps[3].host_text.find("%tsr_prev0") != std::string::npos);
  std::vector<std::vector<HostTensor>> in(4);
  for (int r = 0; r < 4; ++r) {
    std::vector<float> x(8);
    for (int e = 0; e < 8; ++e) x[e] = static_cast<float>(8 * r + e);
    HostTensor t{DType::f32, {8}, std::vector<std::byte>(32)};
    std::memcpy(t.data.data(), x.data(), 32);
    in[r].push_back(t);
  }
  auto got = tc::run_mesh_plan_on_host(p, in);
  for (int r = 0; r < 4; ++r) {
    CAPTURE(r);
    std::vector<float> y(8);
    std::memcpy(y.data(), got[r][0].data.data(), 32);
    for (int e = 0; e < 8; ++e) CHECK(y[e] == static_cast<float>(144 + 12 * e));
  }
}

TEST_CASE("tile collectives: kernels the split refuses, with the reason at the op") {
  std::string msg;
  SUBCASE("a collective inside an scf.for") {
    const std::string text = launch_module(
        "    %c0 = arith.constant {value = 0 : index} : index\n"
        "    %c1 = arith.constant {value = 1 : index} : index\n"
        "    %c2 = arith.constant {value = 2 : index} : index\n"
        "    \"scf.for\"(%c0, %c2, %c1) ({\n"
        "    ^bb0(%it: index):\n"
        "      tile.all_reduce %y {axes = [\"x\"], op = \"sum\"} : (memref<8xf32>) -> ()\n"
        "      \"scf.yield\"() : () -> ()\n"
        "    }) : (index, index, index) -> ()\n");
    CHECK(refusal(text, &msg) == TESSERA_ERROR_UNIMPLEMENTED);
    CHECK_MESSAGE(msg.find("tile.mlir:9:") != std::string::npos, msg);
    CHECK(msg.find("inside 'scf.for'") != std::string::npos);
  }
  SUBCASE("a loaded value used across the collective") {
    const std::string text = launch_module(
        "    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32\n"
        "    tile.all_reduce %y {axes = [\"x\"], op = \"sum\"} : (memref<8xf32>) -> ()\n"
        "    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()\n");
    CHECK(refusal(text, &msg) == TESSERA_ERROR_UNIMPLEMENTED);
    CHECK_MESSAGE(msg.find("tile.mlir:6:") != std::string::npos, msg);  // the store that uses it
    CHECK(msg.find("'tile.load' (tile.mlir:4:") != std::string::npos);
    CHECK(msg.find("across the tile collective at tile.mlir:5:") != std::string::npos);
  }
  SUBCASE("a collective that writes an operand of the launch") {
    const std::string text = launch_module(
        "    tile.all_reduce %x {axes = [\"x\"], op = \"sum\"} : (memref<8xf32>) -> ()\n");
    const int code = refusal(text, &msg);
    CHECK(code == TESSERA_ERROR_INVALID_ARGUMENT);
    CHECK(msg.find("tcoll_run_c2") != std::string::npos);
  }
  SUBCASE("without a compiler for the pieces") {
    const std::string text = launch_module(
        "    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32\n"
        "    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()\n");
    try {
      (void)tc::mesh_plan_from_text(text, "tile.mlir", "main", 4);
      FAIL("planned without a compiler");
    } catch (const tc::Failure& f) {
      CHECK(f.code() == TESSERA_ERROR_UNIMPLEMENTED);
    }
  }
}
