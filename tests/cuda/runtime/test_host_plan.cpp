// compile_program without a device: lowering, host plan, generator and NVRTC for sm_90. The
// expected plans are read off the Target IR that `tessera-interp lower --to target` prints and
// off docs/ops/target/launch.md (operands bind leading parameters, results trailing ones).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "backends/cuda/runtime/compile.h"
#include "backends/cuda/runtime/failure.h"

namespace tc = tessera::cuda;
using tessera::DType;

namespace {

const char* kAdd = R"(module {
  func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "tessera.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
)";

// diffusion_block_step stays at Schedule IR for good: a structural marker whose layers' weights
// are not operands (docs/ops/graph/diffusion.md), so no kernel computes it. (pow and then
// guided_denoise_region, used here before, lower now.)
const char* kPow = R"(module {
  func.func @main(%a: tensor<4x4xf32>, %k: tensor<1x4x4xf32>) -> tensor<4x4xf32> {
    %0 = "tessera.diffusion_block_step"(%a, %k, %k) {num_denoise_layers = 1 : i64, num_attention_heads = 1 : i64, num_kv_heads = 1 : i64, head_dim = 4 : i64} : (tensor<4x4xf32>, tensor<1x4x4xf32>, tensor<1x4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}
)";

// Target IR already: one launch of a kernel with an fp8 mma.sync (tests/cuda/cuda_gen_test.py).
const char* kMma8 = R"(module {
  func.func @k(%a: memref<512xf8E4M3FN>, %b: memref<512xf8E4M3FN>, %o: memref<128xf32>) {
    %c0 = arith.constant {value = 0 : i32} : () -> i32
    %fa = tessera_nvidia.ld %a, %c0 : (memref<512xf8E4M3FN>, i32) -> vector<16xf8E4M3FN>
    %fb = tessera_nvidia.ld %b, %c0 : (memref<512xf8E4M3FN>, i32) -> vector<8xf8E4M3FN>
    %fc = tessera_nvidia.ld %o, %c0 : (memref<128xf32>, i32) -> vector<4xf32>
    %d = tessera_nvidia.mma_sync %fa, %fb, %fc {shape = "m16n8k32"}
        : (vector<16xf8E4M3FN>, vector<8xf8E4M3FN>, vector<4xf32>) -> vector<4xf32>
    tessera_nvidia.st %d, %o, %c0 : (vector<4xf32>, memref<128xf32>, i32) -> ()
    return
  }
  func.func @main(%a: tensor<512xf8E4M3FN>, %b: tensor<512xf8E4M3FN>) -> tensor<128xf32> {
    %o = tessera_nvidia.launch %a, %b {callee = @k, grid = [3, 2], block = [32]}
        : (tensor<512xf8E4M3FN>, tensor<512xf8E4M3FN>) -> tensor<128xf32>
    return %o : tensor<128xf32>
  }
}
)";

// A Tile IR collective (conformance/cases/tile/collectives.mlir): verifies, does not lower.
const char* kAllReduce =
    R"(module attributes {tessera.mesh = {axes = ["dp", "tp"], shape = [2, 4]}} {
  func.func @k(%x: memref<8xf32>, %y: memref<8xf32>) {
    %i = tile.linear_id : index
    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32
    tile.store %v, %y, %i : (f32, memref<8xf32>, index) -> ()
    tile.all_reduce %y {axes = ["tp"], op = "sum"} : (memref<8xf32>) -> ()
    return
  }
  func.func @main(%a0: tensor<8xf32>) -> tensor<8xf32> {
    %r0 = tile.launch %a0 {callee = @k, grid = [2], tiles = 4, lanes = 32} : (tensor<8xf32>) -> tensor<8xf32>
    return %r0 : tensor<8xf32>
  }
}
)";

tc::CompileRequest request(const char* text, const char* name, bool deterministic = false) {
  tc::CompileRequest r;
  r.text = text;
  r.source_name = name;
  r.sm = 90;
  r.deterministic = deterministic;
  return r;
}

/// The Failure compile_program throws (code and message), or code 0 when it succeeds.
std::pair<int, std::string> failure_of(const tc::CompileRequest& r) {
  try {
    tc::compile_program(r, tc::CubinCache(""));
  } catch (const tc::Failure& f) {
    return {static_cast<int>(f.code()), f.what()};
  }
  return {0, ""};
}

}  // namespace

TEST_CASE("a Graph IR add lowers to one launch with dynamic-dimension parameters") {
  tc::CompiledProgram p = tc::compile_program(request(kAdd, "add.mlir"), tc::CubinCache(""));
  const tc::HostPlan& plan = p.plan;
  REQUIRE(plan.inputs.size() == 2);
  CHECK(plan.inputs[0].dtype == DType::f32);
  CHECK(plan.inputs[0].shape == std::vector<int64_t>{2, 3});
  REQUIRE(plan.steps.size() == 1);
  const tc::LaunchStep& s = plan.steps[0];
  CHECK(s.symbol == "tsr_main_g0_kernel");
  CHECK(s.grid == std::array<unsigned, 3>{1, 1, 1});
  CHECK(s.block == std::array<unsigned, 3>{32, 1, 1});
  CHECK(s.operands == std::vector<int>{0, 1});
  CHECK(s.results == std::vector<int>{2});
  REQUIRE(s.params.size() == 3);  // memref<?x?xf32> x 3: pointer + two extents each
  for (const tc::ParamSpec& ps : s.params) {
    CHECK(ps.memref);
    CHECK(ps.shape == std::vector<int64_t>{-1, -1});
  }
  CHECK(plan.returns == std::vector<int>{2});
  CHECK(p.cuda_source.find("tsr_main_g0_kernel(float* v0, tsr::i64 v0_dim0") != std::string::npos);
  CHECK(p.cubin.image.size() > 0);
  CHECK_FALSE(p.cubin.cache_hit);
}

TEST_CASE("the host reshapes around a rank-3 elementwise launch become device copies") {
  // A rank-3 add runs as one [R, W] = [6, 4] launch between two tessera.reshape host ops
  // (docs/ops/schedule/lowering.md): both are copy steps of the same bytes.
  const char* k3 = R"(module {
  func.func @main(%a: tensor<2x3x4xf32>, %b: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
    %0 = "tessera.add"(%a, %b) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
})";
  tc::CompiledProgram p = tc::compile_program(request(k3, "add3.mlir"), tc::CubinCache(""));
  int copies = 0, launches = 0;
  for (const tc::LaunchStep& s : p.plan.steps) {
    if (s.copy) {
      ++copies;
      CHECK(s.symbol.empty());
      REQUIRE(s.operands.size() == 1);
      REQUIRE(s.result_types.size() == 1);
    } else {
      ++launches;
    }
  }
  CHECK(launches == 1);
  CHECK(copies == 3);  // a and b in as [6, 4], the result out as [2, 3, 4]
  REQUIRE(p.plan.returns.size() == 1);
  const tc::LaunchStep& last = p.plan.steps.back();
  CHECK(last.copy);
  CHECK(last.result_types[0].shape == std::vector<int64_t>{2, 3, 4});
  CHECK(p.plan.returns[0] == last.results[0]);
}

TEST_CASE("a group with an empty result needs no launch: one empty step, nothing compiled") {
  // schedule-to-tile replaces it by an empty tessera.constant; the plan allocates the result
  // (zero bytes) and runs nothing, so no CUDA source and no cubin exist.
  const char* add = R"(module {
  func.func @main(%a: tensor<0x3xf32>, %b: tensor<1x3xf32>) -> tensor<0x3xf32> {
    %0 = "tessera.add"(%a, %b) : (tensor<0x3xf32>, tensor<1x3xf32>) -> tensor<0x3xf32>
    return %0 : tensor<0x3xf32>
  }
})";
  const char* gather = R"(module {
  func.func @main(%src: tensor<6x5xf32>, %idx: tensor<0xi32>) -> tensor<0x5xf32> {
    %0 = "tessera.gather"(%src, %idx) : (tensor<6x5xf32>, tensor<0xi32>) -> tensor<0x5xf32>
    return %0 : tensor<0x5xf32>
  }
})";
  for (const char* text : {add, gather}) {
    for (bool det : {false, true}) {
      tc::CompiledProgram p =
          tc::compile_program(request(text, "empty.mlir", det), tc::CubinCache(""));
      REQUIRE(p.plan.steps.size() == 1);
      const tc::LaunchStep& s = p.plan.steps[0];
      CHECK(s.empty);
      CHECK(s.symbol.empty());
      CHECK(s.operands.empty());
      REQUIRE(s.result_types.size() == 1);
      CHECK(s.result_types[0].shape[0] == 0);
      CHECK(p.plan.returns == s.results);
      CHECK(p.cuda_source.empty());
      CHECK(p.cubin.image.empty());
    }
  }
  // A non-empty result next to the empty one still launches its kernel.
  const char* both = R"(module {
  func.func @main(%a: tensor<0x3xf32>, %b: tensor<2x3xf32>) -> (tensor<0x3xf32>, tensor<2x3xf32>) {
    %0 = "tessera.mul"(%a, %a) : (tensor<0x3xf32>, tensor<0x3xf32>) -> tensor<0x3xf32>
    %1 = "tessera.mul"(%b, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0, %1 : tensor<0x3xf32>, tensor<2x3xf32>
  }
})";
  tc::CompiledProgram p = tc::compile_program(request(both, "both.mlir"), tc::CubinCache(""));
  int empty = 0, launches = 0;
  for (const tc::LaunchStep& s : p.plan.steps) {
    empty += s.empty ? 1 : 0;
    launches += s.symbol.empty() ? 0 : 1;
  }
  CHECK(empty == 1);
  CHECK(launches == 1);
  CHECK(p.cubin.image.size() > 0);
}

TEST_CASE("an op left in the host function is UNIMPLEMENTED with its location") {
  auto [code, msg] = failure_of(request(kPow, "pow.mlir"));
  CHECK(code == TESSERA_ERROR_UNIMPLEMENTED);
  CHECK(msg.find("pow.mlir:3:") != std::string::npos);
  CHECK(msg.find("tessera.diffusion_block_step") != std::string::npos);
  CHECK(msg.find("cannot run tessera.diffusion_block_step: it stays in the host function") !=
        std::string::npos);
  CHECK(msg.find("lowering: no Tile IR lowering for tessera.diffusion_block_step") !=
        std::string::npos);
}

TEST_CASE("a verified module the level pipeline cannot lower is UNIMPLEMENTED") {
  auto [code, msg] = failure_of(request(kAllReduce, "coll.mlir"));
  CHECK(code == TESSERA_ERROR_UNIMPLEMENTED);
  CHECK(msg.find("coll.mlir:6:") != std::string::npos);
  CHECK(msg.find("has no Target IR lowering yet") != std::string::npos);
}

TEST_CASE("a malformed module is INVALID_ARGUMENT with the parser's diagnostic") {
  auto [code, msg] = failure_of(request("module { func.func @main( }", "bad.mlir"));
  CHECK(code == TESSERA_ERROR_INVALID_ARGUMENT);
  CHECK(msg.find("bad.mlir:1:") != std::string::npos);
  auto [code2, msg2] = failure_of(request(kAdd, "add.mlir", false));
  CHECK(code2 == 0);
  tc::CompileRequest r = request(kAdd, "add.mlir");
  r.entry = "nope";
  auto [code3, msg3] = failure_of(r);
  CHECK(code3 == TESSERA_ERROR_INVALID_ARGUMENT);
  CHECK(msg3.find("no function @nope") != std::string::npos);
}

TEST_CASE("Target IR input keeps its launch; deterministic mode emulates mma.sync") {
  tc::CompiledProgram p = tc::compile_program(request(kMma8, "mma8.mlir"), tc::CubinCache(""));
  REQUIRE(p.plan.steps.size() == 1);
  const tc::LaunchStep& s = p.plan.steps[0];
  CHECK(s.symbol == "tsr_k");
  CHECK(s.grid == std::array<unsigned, 3>{3, 2, 1});
  CHECK(s.block == std::array<unsigned, 3>{32, 1, 1});
  REQUIRE(s.result_types.size() == 1);
  CHECK(s.result_types[0].shape == std::vector<int64_t>{128});
  CHECK(s.params[0].dtype == DType::f8e4m3);
  // Deterministic mode emulates mma.sync with the interpreter's sequential f32 chain
  // (backends/cuda/codegen/device/mma_sequential.h) instead of the tensor cores.
  tc::CompiledProgram d =
      tc::compile_program(request(kMma8, "mma8.mlir", true), tc::CubinCache(""));
  auto calls = [](const std::string& src) {
    size_t n = 0;
    for (size_t at = src.find("tsr::mma_seq_sync<"); at != std::string::npos;
         at = src.find("tsr::mma_seq_sync<", at + 1))
      ++n;
    return n;
  };
  CHECK(calls(d.cuda_source) == calls(p.cuda_source) + 1);
}

TEST_CASE("launch grid and block limits are checked at compile (tnv_launch_c2)") {
  std::string big = kMma8;
  big.replace(big.find("block = [32]"), 12, "block = [1024, 2]");
  auto [code, msg] = failure_of(request(big.c_str(), "big.mlir"));
  CHECK(code == TESSERA_ERROR_INVALID_ARGUMENT);
  CHECK(msg.find("(tnv_launch_c2)") != std::string::npos);
}

namespace {

/// A library path that claims tessera.diffusion_block_step (and nothing else), for the hook's
/// plumbing.
class FakeTanh : public tc::LibraryKernel {
 public:
  std::string name() const override { return "fake pow"; }
  bool enqueue(void*, const std::vector<const tc::DeviceTensor*>&,
               const std::vector<const tc::DeviceTensor*>&) const override {
    return true;
  }
};

std::shared_ptr<const tc::LibraryKernel> claim_pow(const tessera::ir::Op& op, int sm) {
  std::vector<const tessera::ir::Op*> ops = tc::grouped_ops(op);
  if (ops.size() != 1 || sm < 80) return nullptr;
  // Claims the group the lowering leaves and the add group it lowers to a launch.
  if (ops[0]->name != "tessera.diffusion_block_step" && ops[0]->name != "tessera.add")
    return nullptr;
  return std::make_shared<FakeTanh>();
}

}  // namespace

TEST_CASE("default mode hands a host op to the library hook; deterministic mode never does") {
  static constexpr tc::LibraryHooks kHooks{&claim_pow};
  tc::CompileRequest r = request(kPow, "pow.mlir");
  CHECK(r.library == &tc::library_hooks());
  const bool has_paths = tc::library_hooks().try_library_kernel != nullptr;
#ifdef TESSERA_CUDA_HAVE_LIBS
  CHECK(has_paths);  // backends/cuda/libs is built: library_adapter.h's hook
#else
  CHECK_FALSE(has_paths);            // this build has no library paths
#endif
  r.library = &kHooks;
  tc::CompiledProgram p = tc::compile_program(r, tc::CubinCache(""));
  REQUIRE(p.plan.steps.size() == 1);
  REQUIRE(p.plan.steps[0].library != nullptr);
  CHECK(p.plan.steps[0].library->name() == "fake pow");
  CHECK(p.plan.steps[0].operands == (std::vector<int>{0, 1, 1}));
  CHECK(p.plan.steps[0].results == std::vector<int>{2});
  CHECK(p.plan.steps[0].result_types[0].shape == std::vector<int64_t>{4, 4});
  CHECK(p.plan.returns == std::vector<int>{2});
  CHECK(p.cubin.image.empty());  // nothing generated, nothing compiled
  r.deterministic = true;
  auto [code, msg] = failure_of(r);
  CHECK(code == TESSERA_ERROR_UNIMPLEMENTED);
  CHECK(msg.find("tessera.diffusion_block_step") != std::string::npos);
}

TEST_CASE("a launch of a lowered group is offered to the library; its kernel stays the fallback") {
  static constexpr tc::LibraryHooks kHooks{&claim_pow};
  tc::CompileRequest r = request(kAdd, "add.mlir");
  r.library = &kHooks;
  tc::CompiledProgram p = tc::compile_program(r, tc::CubinCache(""));
  REQUIRE(p.plan.steps.size() == 1);
  CHECK(p.plan.steps[0].library != nullptr);
  CHECK(p.plan.steps[0].symbol == "tsr_main_g0_kernel");  // the generated fallback
  CHECK(p.cubin.image.size() > 0);
  r.deterministic = true;  // deterministic: no library, the generated kernel only
  tc::CompiledProgram d = tc::compile_program(r, tc::CubinCache(""));
  REQUIRE(d.plan.steps.size() == 1);
  CHECK(d.plan.steps[0].library == nullptr);
}

TEST_CASE("data movement placed around a launch plans as gather launches, not host ops") {
  // Softmax along axis 0 moves the axis last and back (two transposes) and an add broadcasts
  // its [3, 1] operand: before lower_host_movement these stayed host ops the runtime cannot run
  // ("cannot run tessera.transpose"); now each is a gather kernel's launch
  // (docs/ops/schedule/lowering.md, "Data movement around launches").
  const char* sm = R"(module {
  func.func @main(%x: tensor<5x7xf32>, %a: tensor<3x1xf32>, %b: tensor<3x4xf32>)
      -> (tensor<5x7xf32>, tensor<3x4xf32>) {
    %s = "tessera.softmax"(%x) {axis = 0} : (tensor<5x7xf32>) -> tensor<5x7xf32>
    %t = "tessera.add"(%a, %b) : (tensor<3x1xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    return %s, %t : tensor<5x7xf32>, tensor<3x4xf32>
  }
})";
  tc::CompiledProgram p = tc::compile_program(request(sm, "move.mlir"), tc::CubinCache(""));
  std::vector<std::string> symbols;
  for (const tc::LaunchStep& s : p.plan.steps)
    if (!s.copy) symbols.push_back(s.symbol);
  CHECK(symbols == std::vector<std::string>{"tsr_main_move0_kernel", "tsr_main_g0_kernel",
                                            "tsr_main_move1_kernel", "tsr_main_move2_kernel",
                                            "tsr_main_g1_kernel"});
  CHECK(p.plan.returns.size() == 2);
  CHECK(p.cuda_source.find("tsr_main_move2_kernel(float* v0") != std::string::npos);
  CHECK(p.cubin.image.size() > 0);
}

namespace {

/// flash_attn [1, 2, 8, 8] q, k, v -> out of element type `t` (v's last dim `dv`), causal.
std::string attention_program(const std::string& t, int dv) {
  const std::string qk = "tensor<1x2x8x8x" + t + ">";
  const std::string vo = "tensor<1x2x8x" + std::to_string(dv) + "x" + t + ">";
  return "module {\n  func.func @main(%q: " + qk + ", %k: " + qk + ", %v: " + vo + ") -> " + vo +
         " {\n    %o = \"tessera.flash_attn\"(%q, %k, %v) {causal = true} : (" + qk + ", " + qk +
         ", " + vo + ") -> " + vo + "\n    return %o : " + vo + "\n  }\n}\n";
}

}  // namespace

TEST_CASE("default mode lowers attention the library declines to generated kernels") {
  // cuDNN SDPA takes bf16/f16 with Dv = D only (core/transforms/sdpa_support.h): an f32 one, or
  // a bf16 one with Dv != D, must not be left whole for it (nothing would run it), in default
  // mode as in deterministic mode. Generation only (no NVRTC): the plan and the kernels.
  for (auto [t, dv] : {std::pair<const char*, int>{"f32", 8}, {"bf16", 16}}) {
    CAPTURE(t);
    for (bool det : {false, true}) {
      CAPTURE(det);
      const std::string text = attention_program(t, dv);
      tc::CompiledProgram p = tc::generate_program(request(text.c_str(), "attn.mlir", det));
      REQUIRE_FALSE(p.plan.steps.empty());
      bool attention_kernel = false;
      for (const tc::LaunchStep& s : p.plan.steps) {
        CHECK((s.copy || s.empty || !s.symbol.empty()));  // every step runs without the library
        attention_kernel = attention_kernel || s.symbol == "tsr_main_g0_kernel";
      }
      CHECK(attention_kernel);
      CHECK_FALSE(p.kernel_sources.empty());
    }
  }
  // One the library takes stays whole in default mode: a step with no generated kernel.
  const std::string bf16 = attention_program("bf16", 8);
  tc::CompileRequest r = request(bf16.c_str(), "attn.mlir");
#ifdef TESSERA_CUDA_HAVE_LIBS
  tc::CompiledProgram p = tc::generate_program(r);
  REQUIRE(p.plan.steps.size() == 1);
  CHECK(p.plan.steps[0].symbol.empty());
  CHECK(p.plan.steps[0].library != nullptr);
#else
  auto [code, msg] = failure_of(r);  // no library in this build: nothing runs it
  CHECK(code == TESSERA_ERROR_UNIMPLEMENTED);
  CHECK(msg.find("left whole for the vendor library") != std::string::npos);
#endif
}
