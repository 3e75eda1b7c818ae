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
