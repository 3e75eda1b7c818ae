// Plan fusion: which steps fold into which (the bits are compared by fastpath_test.py).
#include <cstring>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "interp/graph/isa.h"
#include "interp/graph/plan.h"
#include "interp/session.h"

namespace ti = tessera::interp;

namespace {

/// The steps of `main` in `text` that the plan fused away, as op names.
std::vector<std::string> fused_steps(const std::string& text) {
  auto lm = ti::load_module(text, "fusion.mlir");
  const auto* func = lm->module->lookup_func("main");
  REQUIRE(func);
  std::vector<tessera::ir::Type> args;
  for (const auto& a : func->regions[0].front().args) args.push_back(a->type);
  ti::Plan plan = ti::compile_plan(*func, args, lm->sm, ti::PlanOptions{});
  std::vector<std::string> out;
  for (const auto& st : plan.steps)
    if (st.fused_away) out.push_back(st.op->name);
  return out;
}

const char* kScaleSoftmax = R"(
func.func @main(%s: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = "tessera.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %t = tessera.mul %s, %c : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %p = "tessera.softmax"(%t) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %p : tensor<4x8xf32>
}
)";

}  // namespace

TEST_CASE("a scale folds into the softmax that alone reads it") {
  if (ti::active_isa() == ti::Isa::kScalar) return;  // the reference ISA never fuses
  CHECK(fused_steps(kScaleSoftmax) == std::vector<std::string>{"tessera.mul"});
}

TEST_CASE("no fusion when the product is also returned, or the softmax runs along axis 0") {
  std::string returned = kScaleSoftmax;
  returned.replace(returned.find("return %p : tensor<4x8xf32>"), 27,
                   "return %p, %t : tensor<4x8xf32>, tensor<4x8xf32>");
  returned.replace(returned.find("-> tensor<4x8xf32> {"), 20,
                   "-> (tensor<4x8xf32>, tensor<4x8xf32>) {");
  CHECK(fused_steps(returned).empty());
  std::string axis0 = kScaleSoftmax;
  axis0.replace(axis0.find("\"tessera.softmax\"(%t)"), 21, "\"tessera.softmax\"(%t) {axis = 0}");
  CHECK(fused_steps(axis0).empty());
}

TEST_CASE("an elementwise chain folds into its last step") {
  if (ti::active_isa() == ti::Isa::kScalar) return;  // the reference ISA never fuses
  // The backward of tanh: g * (1 - y * y), the constant a one-element operand.
  const char* chain = R"(
func.func @main(%g: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = "tessera.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %a = tessera.mul %y, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = tessera.sub %c, %a : (tensor<f32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %n = tessera.neg %g : (tensor<4x8xf32>) -> tensor<4x8xf32>
  %d = tessera.mul %n, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %d : tensor<4x8xf32>
}
)";
  CHECK(fused_steps(chain) ==
        std::vector<std::string>{"tessera.mul", "tessera.sub", "tessera.neg"});
  // %a also returned: the tree stops there (it is a leaf of the fused step).
  std::string returned = chain;
  returned.replace(returned.find("return %d : tensor<4x8xf32>"), 27,
                   "return %d, %a : tensor<4x8xf32>, tensor<4x8xf32>");
  returned.replace(returned.find("-> tensor<4x8xf32> {"), 20,
                   "-> (tensor<4x8xf32>, tensor<4x8xf32>) {");
  CHECK(fused_steps(returned) == std::vector<std::string>{"tessera.sub", "tessera.neg"});
  // A row vector broadcast (not one element) or an attribute keeps a step out of the tree.
  std::string row = chain;
  row.replace(row.find("%g: tensor<4x8xf32>"), 19, "%g: tensor<8xf32>");
  row.replace(row.find("tessera.neg %g : (tensor<4x8xf32>) -> tensor<4x8xf32>"), 53,
              "tessera.neg %g : (tensor<8xf32>) -> tensor<8xf32>");
  row.replace(row.find("tessera.mul %n, %b : (tensor<4x8xf32>"), 37,
              "tessera.mul %n, %b : (tensor<8xf32>");
  CHECK(fused_steps(row) == std::vector<std::string>{"tessera.mul"});
  std::string attr = chain;
  attr.replace(attr.find("tessera.sub %c, %a :"), 20,
               "tessera.sub %c, %a {numeric_policy = {rounding = \"stochastic\"}} :");
  CHECK(fused_steps(attr) == std::vector<std::string>{"tessera.neg"});
}

TEST_CASE("a run's intermediate buffers serve the next run, with the same results") {
  const char* text = R"(
func.func @main(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = "tessera.exp"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %b = "tessera.softmax"(%a) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = "tessera.softmax"(%b) {axis = 0} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %d = tessera.add %c, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
)";
  auto lm = ti::load_module(text, "cache.mlir");
  ti::Tensor x(tessera::DType::f32, {64, 64});
  for (int64_t i = 0; i < x.numel(); ++i) x.data<float>()[i] = 0.01f * float(i % 97) - 0.3f;
  ti::BufferCache cache;
  ti::RunOptions opts;
  auto first = ti::run_function(*lm, {x}, opts, &cache);
  const size_t held = cache.held_bytes();
  CHECK(held > 0);  // the dead intermediates stayed
  auto second = ti::run_function(*lm, {x}, opts, &cache);
  CHECK(cache.held_bytes() == held);  // taken and given back, none allocated anew
  auto fresh = ti::run_function(*lm, {x}, opts);
  REQUIRE(first.size() == 1);
  CHECK(std::memcmp(first[0].bytes(), second[0].bytes(), first[0].nbytes()) == 0);
  CHECK(std::memcmp(first[0].bytes(), fresh[0].bytes(), first[0].nbytes()) == 0);
  // The argument is never written in place.
  CHECK(x.data<float>()[5] == 0.01f * 5.0f - 0.3f);
}

namespace {

const char* kAttention = R"(
func.func @main(%q: tensor<2x8x4xf32>, %k: tensor<2x8x4xf32>, %v: tensor<2x8x5xf32>) -> tensor<2x8x5xf32> {
  %s = tessera.matmul %q, %k {transpose_b = true} : (tensor<2x8x4xf32>, tensor<2x8x4xf32>) -> tensor<2x8x8xf32>
  %c = "tessera.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %t = tessera.mul %s, %c : (tensor<2x8x8xf32>, tensor<f32>) -> tensor<2x8x8xf32>
  %p = "tessera.softmax"(%t) : (tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  %o = tessera.matmul %p, %v : (tensor<2x8x8xf32>, tensor<2x8x5xf32>) -> tensor<2x8x5xf32>
  return %o : tensor<2x8x5xf32>
}
)";

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("an attention block fuses into its second matmul") {
  if (ti::active_isa() == ti::Isa::kScalar) return;
  const std::vector<std::string> all = {"tessera.matmul", "tessera.mul", "tessera.softmax"};
  CHECK(fused_steps(kAttention) == all);
  // Without a scale, and with the scale first.
  std::string no_scale = replaced(kAttention, "\"tessera.softmax\"(%t)", "\"tessera.softmax\"(%s)");
  // (the unused mul is dead code: the plan drops it)
  CHECK(fused_steps(no_scale) == std::vector<std::string>{"tessera.matmul", "tessera.softmax"});
  CHECK(fused_steps(replaced(kAttention, "tessera.mul %s, %c : (tensor<2x8x8xf32>, tensor<f32>)",
                             "tessera.mul %c, %s : (tensor<f32>, tensor<2x8x8xf32>)")) == all);
}

TEST_CASE("an attention block stays unfused where the fused kernel would differ") {
  if (ti::active_isa() == ti::Isa::kScalar) return;
  const std::vector<std::string> scale_only = {"tessera.mul"};
  // %p also returned: only the scale folds into the softmax.
  std::string returned = replaced(kAttention, "return %o : tensor<2x8x5xf32>",
                                  "return %o, %p : tensor<2x8x5xf32>, tensor<2x8x8xf32>");
  returned =
      replaced(returned, "-> tensor<2x8x5xf32> {", "-> (tensor<2x8x5xf32>, tensor<2x8x8xf32>) {");
  CHECK(fused_steps(returned) == scale_only);
  // log_softmax, a softmax along another axis, a transposed %p, a non-default accumulation.
  CHECK(fused_steps(replaced(kAttention, "\"tessera.softmax\"(%t)",
                             "\"tessera.log_softmax\"(%t)")) == scale_only);
  CHECK(fused_steps(
            replaced(kAttention, "\"tessera.softmax\"(%t)", "\"tessera.softmax\"(%t) {axis = 1}"))
            .empty());
  CHECK(fused_steps(replaced(kAttention, "tessera.matmul %p, %v",
                             "tessera.matmul %p, %v {transpose_a = true}")) == scale_only);
  CHECK(fused_steps(replaced(kAttention, "tessera.matmul %p, %v",
                             "tessera.matmul %p, %v {numeric_policy = {accum_model = "
                             "\"pairwise\"}}")) == scale_only);
}
