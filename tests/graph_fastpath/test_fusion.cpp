// Plan fusion: which steps fold into which (the bits are compared by fastpath_test.py).
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
