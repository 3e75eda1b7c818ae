// The mesh plan without a device (runtime/mesh_plan.h): the rank -> GPU mapping, hand-derived
// plans of small collectives (which steps, which copies and folds, which buffers), the errors,
// and every case of conformance/cases/mesh run through the plan on host memory against the
// case's expectations (numpy / ml_dtypes / JAX, conformance/gen/mesh_collectives.py).
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "backends/cuda/runtime/cubin_cache.h"
#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/mesh_kernels.h"
#include "backends/cuda/runtime/mesh_plan.h"
#include "conformance/lib/case_file.h"
#include "core/support/diagnostics.h"
#include "core/text/parser.h"

namespace tc = tessera::cuda;
using tessera::DType;

namespace {

std::string module(const std::string& mesh, const std::string& sig, const std::string& body) {
  return "module attributes {tessera.mesh = " + mesh + "} {\n  func.func @main" + sig + " {\n" +
         body + "  }\n}\n";
}

tc::MeshPlan plan_of(const std::string& text, int64_t ranks) {
  return tc::mesh_plan_from_text(text, "mesh.mlir", "main", ranks);
}

int code_of(const std::string& text, int64_t ranks, std::string* msg) {
  try {
    (void)plan_of(text, ranks);
  } catch (const tc::Failure& f) {
    *msg = f.what();
    return f.code();
  }
  return 0;
}

bool same(const tc::MeshCopy& c, std::initializer_list<int64_t> v) {
  const std::vector<int64_t> want(v);
  const std::vector<int64_t> got{c.src_rank, c.dst_rank, c.src_slot, c.dst_slot,  c.src_elem,
                                 c.dst_elem, c.count,    c.rows,     c.src_pitch, c.dst_pitch};
  return got == want;
}

}  // namespace

TEST_CASE("mesh: rank r runs on GPU r % G") {
  CHECK(tc::rank_device(0, 1) == 0);
  CHECK(tc::rank_device(71, 1) == 0);
  CHECK(tc::rank_device(5, 8) == 5);
  CHECK(tc::rank_device(13, 8) == 5);
  CHECK(tc::rank_device(7, 3) == 1);
  CHECK_THROWS_AS(tc::rank_device(-1, 2), tc::Failure);
  CHECK_THROWS_AS(tc::rank_device(3, 0), tc::Failure);
}

TEST_CASE("mesh plan: all_gather along dim 0 copies whole shards") {
  auto p = plan_of(module(R"({axes = ["x"], shape = [4]})", "(%a: tensor<2xf32>) -> tensor<8xf32>",
                          "    %r = \"tessera.all_gather\"(%a) {axes = [\"x\"], dim = 0} : "
                          "(tensor<2xf32>) -> tensor<8xf32>\n    return %r : tensor<8xf32>\n"),
                   4);
  REQUIRE(p.steps.size() == 1);
  const tc::MeshStep& s = p.steps[0];
  CHECK(s.op == "tessera.all_gather");
  CHECK(s.nccl_axis == -2);
  CHECK(s.results == std::vector<int>{1});
  CHECK(s.result_types[0].shape == std::vector<int64_t>{8});
  CHECK(s.folds.empty());
  REQUIRE(s.copies.size() == 16);  // every rank gets the 4 shards, one copy each
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t m = 0; m < 4; ++m)
      CHECK(same(s.copies[static_cast<size_t>(r * 4 + m)], {m, r, 0, 1, 0, 2 * m, 2, 1, 0, 0}));
  CHECK(p.returns == std::vector<int>{1});
}

TEST_CASE("mesh plan: all_gather along dim 1 is one strided copy per shard") {
  auto p =
      plan_of(module(R"({axes = ["x"], shape = [2]})", "(%a: tensor<3x2xi32>) -> tensor<3x4xi32>",
                     "    %r = \"tessera.all_gather\"(%a) {axes = [\"x\"], dim = 1} : "
                     "(tensor<3x2xi32>) -> tensor<3x4xi32>\n    return %r : tensor<3x4xi32>\n"),
              2);
  const tc::MeshStep& s = p.steps.at(0);
  REQUIRE(s.copies.size() == 4);
  // rank 1 receives rank 0's shard in columns 0-1: 3 rows of 2, pitches 2 (src) and 4 (dst).
  CHECK(same(s.copies[2], {0, 1, 0, 1, 0, 0, 2, 3, 2, 4}));
  CHECK(same(s.copies[3], {1, 1, 0, 1, 0, 2, 2, 3, 2, 4}));
}

TEST_CASE("mesh plan: all_reduce over one axis folds each group in group-rank order") {
  auto p = plan_of(
      module(R"({axes = ["dp", "tp"], shape = [2, 3]})", "(%a: tensor<5xbf16>) -> tensor<5xbf16>",
             "    %r = \"tessera.all_reduce\"(%a) {axes = [\"tp\"], op = \"max\"} : "
             "(tensor<5xbf16>) -> tensor<5xbf16>\n    return %r : tensor<5xbf16>\n"),
      6);
  const tc::MeshStep& s = p.steps.at(0);
  CHECK(s.copies.empty());
  CHECK(s.nccl_axis == 1);  // NCCL may run it over the tp communicator (default mode)
  CHECK(p.mesh_shape == std::vector<int64_t>{2, 3});
  REQUIRE(s.folds.size() == 6);
  for (int64_t r = 0; r < 6; ++r) {
    const tc::MeshFold& f = s.folds[static_cast<size_t>(r)];
    CHECK(f.dst_rank == r);
    CHECK(f.op == tessera::interp::mesh::ReduceOp::max);
    CHECK(f.dtype == DType::bf16);
    CHECK((f.src_slot == 0 && f.dst_slot == 1 && f.src_elem == 0 && f.dst_elem == 0));
    CHECK(f.count == 5);
    const int64_t b = r / 3 * 3;
    CHECK(f.members == std::vector<int64_t>{b, b + 1, b + 2});
  }
}

TEST_CASE("mesh plan: reduce_scatter folds block r of every member") {
  auto p = plan_of(module(R"({axes = ["x"], shape = [2]})", "(%a: tensor<4xf32>) -> tensor<2xf32>",
                          "    %r = \"tessera.reduce_scatter\"(%a) {axes = [\"x\"], op = \"sum\", "
                          "dim = 0} : (tensor<4xf32>) -> tensor<2xf32>\n"
                          "    return %r : tensor<2xf32>\n"),
                   2);
  const tc::MeshStep& s = p.steps.at(0);
  REQUIRE(s.folds.size() == 2);
  CHECK((s.folds[0].dst_rank == 0 && s.folds[0].src_elem == 0 && s.folds[0].count == 2));
  CHECK((s.folds[1].dst_rank == 1 && s.folds[1].src_elem == 2 && s.folds[1].count == 2));
  CHECK(s.folds[1].members == std::vector<int64_t>{0, 1});
}

TEST_CASE("mesh plan: ppermute, axis_index and send/recv") {
  auto p = plan_of(
      module(R"({axes = ["x"], shape = [4]})",
             "(%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>, tensor<3xf32>)",
             "    %q = \"tessera.ppermute\"(%a) {axes = [\"x\"], pairs = [[0, 1], [1, 2], [2, 3]]} "
             ": (tensor<3xf32>) -> tensor<3xf32>\n"
             "    %i = \"tessera.axis_index\"() {axes = [\"x\"]} : () -> tensor<i32>\n"
             "    \"tessera.send\"(%a) {axes = [\"x\"], pairs = [[3, 0]], channel = 2} : "
             "(tensor<3xf32>) -> ()\n"
             "    %v = \"tessera.recv\"() {axes = [\"x\"], pairs = [[3, 0]], channel = 2} : () -> "
             "tensor<3xf32>\n"
             "    return %q, %i, %v : tensor<3xf32>, tensor<i32>, tensor<3xf32>\n"),
      4);
  REQUIRE(p.steps.size() == 3);
  const tc::MeshStep& q = p.steps[0];
  REQUIRE(q.copies.size() == 3);  // rank 0 is no destination: it keeps zeros
  for (int64_t k = 0; k < 3; ++k)
    CHECK(same(q.copies[static_cast<size_t>(k)], {k, k + 1, 0, 1, 0, 0, 3, 1, 0, 0}));
  const tc::MeshStep& i = p.steps[1];
  REQUIRE(i.consts.size() == 4);
  for (int32_t r = 0; r < 4; ++r) {
    int32_t v = -1;
    REQUIRE(i.consts[static_cast<size_t>(r)].bytes.size() == 4);
    std::memcpy(&v, i.consts[static_cast<size_t>(r)].bytes.data(), 4);
    CHECK(v == r);
  }
  const tc::MeshStep& v = p.steps[2];
  CHECK(v.op == "tessera.recv");
  REQUIRE(v.copies.size() == 1);
  CHECK(same(v.copies[0], {3, 0, 0, 3, 0, 0, 3, 1, 0, 0}));
  CHECK(p.returns == std::vector<int>{1, 2, 3});
}

TEST_CASE("mesh plan: refusals") {
  std::string msg;
  const std::string add =
      module(R"({axes = ["x"], shape = [2]})", "(%a: tensor<3xf32>) -> tensor<3xf32>",
             "    %r = \"tessera.add\"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
             "    return %r : tensor<3xf32>\n");
  CHECK(code_of(add, 2, &msg) == TESSERA_ERROR_UNIMPLEMENTED);  // no compiler for compute ops
  CHECK(msg.find("mesh.mlir:3:") != std::string::npos);
  CHECK(msg.find("no compiler for compute ops") != std::string::npos);
  const std::string gather =
      module(R"({axes = ["x"], shape = [2]})", "(%a: tensor<3xf32>) -> tensor<6xf32>",
             "    %r = \"tessera.all_gather\"(%a) {axes = [\"x\"], dim = 0} : (tensor<3xf32>) -> "
             "tensor<6xf32>\n    return %r : tensor<6xf32>\n");
  CHECK(code_of(gather, 4, &msg) == TESSERA_ERROR_INVALID_ARGUMENT);
  CHECK(msg.find("mesh has 2 ranks; num_devices is 4") != std::string::npos);
  const std::string recv =
      module(R"({axes = ["x"], shape = [2]})", "() -> tensor<3xf32>",
             "    %v = \"tessera.recv\"() {axes = [\"x\"], pairs = [[0, 1]], channel = 0} : () -> "
             "tensor<3xf32>\n    return %v : tensor<3xf32>\n");
  CHECK(code_of(recv, 2, &msg) == TESSERA_ERROR_INVALID_ARGUMENT);
  CHECK(msg.find("has no matching send") != std::string::npos);
  CHECK(code_of("module {", 2, &msg) == TESSERA_ERROR_INVALID_ARGUMENT);
  const std::string big = module(
      R"({axes = ["x"], shape = [2]})", "(%a: tensor<16777216xf32>) -> tensor<16777216xf32>",
      "    %r = \"tessera.ppermute\"(%a) {axes = [\"x\"], pairs = [[0, 1]]} : "
      "(tensor<16777216xf32>) -> tensor<16777216xf32>\n    return %r : tensor<16777216xf32>\n");
  CHECK(code_of(big, 2, &msg) == TESSERA_ERROR_UNIMPLEMENTED);
  CHECK(msg.find("at most 16777216 elements") != std::string::npos);
}

TEST_CASE("mesh plan: calls that double at every level stop at the step limit") {
  // @f0 calls @f1 twice, ..., @f17 all_reduces: 2^17 all_reduce steps after inlining.
  std::string text = "module attributes {tessera.mesh = {axes = [\"x\"], shape = [2]}} {\n";
  const std::string t = "tensor<1xf32>";
  for (int k = 0; k < 17; ++k) {
    const std::string next = "@f" + std::to_string(k + 1);
    text += "  func.func @f" + std::to_string(k) + "(%a: " + t + ") -> " + t + " {\n" +
            "    %b = \"func.call\"(%a) {callee = " + next + "} : (" + t + ") -> " + t + "\n" +
            "    %c = \"func.call\"(%b) {callee = " + next + "} : (" + t + ") -> " + t + "\n" +
            "    return %c : " + t + "\n  }\n";
  }
  text += "  func.func @f17(%a: " + t + ") -> " + t + " {\n    %r = \"tessera.all_reduce\"(%a) " +
          "{axes = [\"x\"], op = \"sum\"} : (" + t + ") -> " + t + "\n    return %r : " + t +
          "\n  }\n";
  text += "  func.func @main(%a: " + t + ") -> " + t +
          " {\n    %r = \"func.call\"(%a) {callee = " + "@f0} : (" + t + ") -> " + t +
          "\n    return %r : " + t + "\n  }\n}\n";
  std::string msg;
  CHECK(code_of(text, 2, &msg) == TESSERA_ERROR_UNIMPLEMENTED);
  CHECK(msg.find("would exceed 65536 steps") != std::string::npos);
}

TEST_CASE("mesh plan: every conformance mesh case, run on host memory, gives the expected bits") {
  int ran = 0;
  for (const std::string& file : tessera::conform::find_case_files(std::string(TESSERA_SOURCE_DIR) +
                                                                   "/conformance/cases/mesh")) {
    for (const tessera::conform::Case& c : tessera::conform::load_case_file(file)) {
      CAPTURE(c.file);
      CAPTURE(c.name);
      REQUIRE(c.ranks > 1);
      tc::MeshPlan p = tc::mesh_plan_from_text(c.program, c.name, c.entry, c.ranks);
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
  }
  CHECK(ran == 139);
}

TEST_CASE("mesh plan: a compute op alone as a program") {
  const std::string text =
      module(R"({axes = ["x"], shape = [2]})", "(%a: tensor<3xf32>) -> tensor<3xf32>",
             "    %s = \"tessera.add\"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
             "    return %s : tensor<3xf32>\n");
  tessera::SourceManager sm;
  tessera::DiagnosticEngine diag(&sm);
  auto m = tessera::text::parse_module(text, "mesh.mlir", sm, diag);
  REQUIRE(m);
  const tessera::ir::Op* f = m->lookup_func("main");
  REQUIRE(f);
  const tessera::ir::Op& add = *f->regions[0].front().ops.front();
  auto prog = tc::op_as_program(add);
  REQUIRE(prog);
  CHECK(*prog ==
        "module {\n  func.func @main(%m0: tensor<3xf32>, %m1: tensor<3xf32>) -> tensor<3xf32> {\n"
        "    %s = \"tessera.add\"(%m0, %m1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
        "    return %s : tensor<3xf32>\n  }\n}\n");
}

TEST_CASE("mesh plan: compute ops compiled per op (NVRTC, sm_90), collectives around them") {
  tc::CubinCache cache("");
  tc::MeshCompile mc;
  mc.sm = 90;
  mc.deterministic = true;
  mc.cache = &cache;
  const std::string text = module(
      R"({axes = ["x"], shape = [4]})", "(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<16xf32>)",
      "    %s = \"tessera.add\"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
      "    %r = \"tessera.all_reduce\"(%s) {axes = [\"x\"], op = \"sum\"} : (tensor<4xf32>) -> "
      "tensor<4xf32>\n"
      "    %g = \"tessera.all_gather\"(%s) {axes = [\"x\"], dim = 0} : (tensor<4xf32>) -> "
      "tensor<16xf32>\n"
      "    return %r, %g : tensor<4xf32>, tensor<16xf32>\n");
  tc::MeshPlan p = tc::mesh_plan_from_text(text, "mesh.mlir", "main", 4, &mc);
  REQUIRE(p.steps.size() == 3);
  const tc::MeshStep& c = p.steps[0];
  REQUIRE(c.compute);
  CHECK(c.op == "tessera.add");
  CHECK(c.operands == std::vector<int>{0, 0});
  CHECK(c.results == std::vector<int>{1});
  // The add's Target IR (tessera-interp lower --to target): reshape, reshape to 1x4, the launch,
  // reshape back.
  const auto& st = c.compute->plan.steps;
  REQUIRE(st.size() == 4);
  CHECK((st[0].copy && st[1].copy && !st[2].copy && st[3].copy));
  CHECK(st[2].symbol == "tsr_main_g0_kernel");  // kernel_symbol of @main_g0_kernel
  CHECK(st[2].operands == std::vector<int>{2, 3});
  CHECK(!c.compute->cubin.image.empty());
  CHECK(c.copies.empty());
  CHECK(p.steps[1].folds.size() == 4);  // the all_reduce reads the add's result slot
  CHECK(p.steps[1].nccl_axis == -1);    // the whole (one-axis) mesh
  CHECK(p.steps[1].folds[0].src_slot == 1);
  CHECK(p.steps[2].copies.size() == 16);
  CHECK(p.returns == std::vector<int>{2, 3});
  std::string msg;
  try {
    (void)tc::run_mesh_plan_on_host(
        p, std::vector<std::vector<tessera::interp::HostTensor>>(
               4, {tessera::interp::HostTensor{DType::f32, {4}, std::vector<std::byte>(16)}}));
  } catch (const tc::Failure& f) {
    msg = f.what();
  }
  CHECK(msg.find("a compute step needs a device") != std::string::npos);
  // An op the per-op compile cannot lower is UNIMPLEMENTED at its location (the runner skips).
  const std::string pow_op =
      module(R"({axes = ["x"], shape = [2]})",
             "(%a: tensor<4x4xf32>, %k: tensor<1x4x4xf32>) -> tensor<4x4xf32>",
             "    %c = \"tessera.diffusion_block_step\"(%a, %k, %k) {num_denoise_layers = 1 : i64, "
             "num_attention_heads = 1 : i64, num_kv_heads = 1 : i64, head_dim = 4 : i64} : "
             "(tensor<4x4xf32>, tensor<1x4x4xf32>, tensor<1x4x4xf32>) -> tensor<4x4xf32>\n"
             "    return %c : tensor<4x4xf32>\n");
  try {
    (void)tc::mesh_plan_from_text(pow_op, "mesh.mlir", "main", 2, &mc);
    FAIL("diffusion_block_step planned");
  } catch (const tc::Failure& f) {
    CHECK(f.code() == TESSERA_ERROR_UNIMPLEMENTED);
    CHECK(std::string(f.what()).find("mesh.mlir:3:") != std::string::npos);
    CHECK(std::string(f.what()).find("compiled alone") != std::string::npos);
  }
}

TEST_CASE("mesh plan: generate-only plans carry each compute op's kernels (compile-only check)") {
  tc::MeshCompile mc;  // no cache: nothing is compiled
  mc.sm = 80;
  mc.deterministic = true;
  mc.generate_only = true;
  const std::string text = module(
      R"({axes = ["x"], shape = [4]})", "(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)",
      "    %s = \"tessera.add\"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
      "    %t = \"tessera.add\"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
      "    %r = \"tessera.all_reduce\"(%s) {axes = [\"x\"], op = \"max\"} : (tensor<4xf32>) -> "
      "tensor<4xf32>\n"
      "    return %r, %t : tensor<4xf32>, tensor<4xf32>\n");
  tc::MeshPlan p = tc::mesh_plan_from_text(text, "mesh.mlir", "main", 4, &mc);
  REQUIRE(p.steps.size() == 3);
  REQUIRE(p.steps[0].compute);
  CHECK(p.steps[0].compute->cubin.image.empty());  // generated, not compiled
  REQUIRE(p.steps[0].compute->kernel_sources.size() == 1);
  CHECK(p.steps[0].compute->kernel_sources[0].find("__global__") != std::string::npos);
  // Each kernel text is in the program's source, after the prelude.
  CHECK(p.steps[0].compute->cuda_source.find(p.steps[0].compute->kernel_sources[0]) !=
        std::string::npos);
#ifdef TESSERA_CUDA_HAVE_LIBS
  tc::MeshPlanKernels k = tc::mesh_plan_kernels(p);
  CHECK(k.compute_steps == 2);
  CHECK(k.collective_steps == 1);
  CHECK(k.compute_kernels.size() == 1);  // the two adds are one program, one kernel
  CHECK(k.folds == 4);
  CHECK(k.fold_kernels == std::vector<std::string>{"tsr_fold_f32_max"});
  CHECK(!k.fold_source.empty());
  CHECK(tc::summarize(p, k) ==
        "3 steps: 2 compute (1 distinct kernels), 1 collective (0 copies, 4 folds by the fold "
        "kernels, 0 constants)");
#else  // without backends/cuda/libs a fold has no kernel: refused as the executor refuses it
  CHECK_THROWS_AS((void)tc::mesh_plan_kernels(p), tc::Failure);
#endif
  // A fold the fold kernels lack (f64) is refused as the executor refuses it.
  const std::string f64 = module(
      R"({axes = ["x"], shape = [2]})", "(%a: tensor<4xf64>) -> tensor<4xf64>",
      "    %r = \"tessera.all_reduce\"(%a) {axes = [\"x\"], op = \"sum\"} : (tensor<4xf64>) -> "
      "tensor<4xf64>\n"
      "    return %r : tensor<4xf64>\n");
  try {
    (void)tc::mesh_plan_kernels(tc::mesh_plan_from_text(f64, "mesh.mlir", "main", 2, &mc));
    FAIL("an f64 fold was accepted");
  } catch (const tc::Failure& f) {
    CHECK(f.code() == TESSERA_ERROR_UNIMPLEMENTED);
    CHECK(std::string(f.what()).find("mesh.mlir:3:") != std::string::npos);
  }
}
