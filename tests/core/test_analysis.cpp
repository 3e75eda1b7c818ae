// Dependency-graph analyses: topological order, dead values.
#include <doctest/doctest.h>

#include "core/analysis/dep_graph.h"
#include "core/text/parser.h"

using namespace tessera;

TEST_CASE("topological order follows dependencies, textual order breaks ties") {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(R"(func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %y = tessera.neg %x : (tensor<4xf32>) -> tensor<4xf32>
  %x = tessera.exp %a : (tensor<4xf32>) -> tensor<4xf32>
  %dead = tessera.tanh %a : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
)",
                              "t.mlir", sm, diag);
  REQUIRE(m);
  auto order = analysis::topological_order(*m->funcs()[0], diag);
  REQUIRE(order.size() == 4);
  CHECK(order[0]->name == "tessera.exp");
  CHECK(order[1]->name == "tessera.neg");
  CHECK(order[2]->name == "tessera.tanh");
  auto dead = analysis::dead_ops(*m->funcs()[0]);
  REQUIRE(dead.size() == 1);
  CHECK(dead[0]->name == "tessera.tanh");
}
