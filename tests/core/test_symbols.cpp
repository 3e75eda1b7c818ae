// The module symbol table (module_c1, call_c1) and the op record's self-consistency (op_record).
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "core/ops/registry.h"
#include "core/text/parser.h"
#include "core/verify/verifier.h"

using namespace tessera;

namespace {

const char* kTwoDefs = R"(func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tessera.neg %a : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)";

}  // namespace

TEST_CASE("module_c1: a redefined symbol is an error with a note at the first definition") {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(kTwoDefs, "t.mlir", sm, diag);
  REQUIRE(m);
  CHECK_FALSE(verify::verify_module(*m, diag));
  const Diagnostic* err = nullptr;
  for (const Diagnostic& d : diag.all())
    if (d.severity == Severity::error && d.message.find("module_c1") != std::string::npos) err = &d;
  REQUIRE(err);
  CHECK(err->loc.line == 8);
  CHECK(err->message.find("redefines symbol 'g'") != std::string::npos);
  REQUIRE(err->notes.size() == 1);
  CHECK(err->notes[0].severity == Severity::note);
  CHECK(err->notes[0].loc.line == 1);
  CHECK(err->notes[0].message == "first defined here");
  CHECK(diag.render().find("note: first defined here") != std::string::npos);
  // The table keeps the first definition; the call resolves to it.
  const ir::Op* call = m->funcs()[1]->regions[0].front().ops[0].get();
  CHECK(ir::lookup_callee(*call) == m->funcs()[0]);
  CHECK(m->lookup_func("g") == m->funcs()[0]);
}

TEST_CASE("call_c1: the symbol table answers callee lookups, and only with functions") {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(R"(func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @nope(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)",
                              "t.mlir", sm, diag);
  REQUIRE(m);
  CHECK(m->symbols().size() == 1);
  CHECK(m->lookup_func("f") == m->funcs()[0]);
  CHECK(m->lookup_func("nope") == nullptr);
  CHECK_FALSE(verify::verify_module(*m, diag));
  CHECK(diag.render().find("calls @nope, which is not a function of this module (call_c1)") !=
        std::string::npos);
}

TEST_CASE("op_record: every .def entry is complete and consistent") {
  std::set<std::string_view> names;
  for (const ops::OpDef& d : ops::all_ops()) {
    CAPTURE(d.name);
    CHECK(names.insert(d.name).second);
    CHECK(static_cast<bool>(d.infer));
    // The hook the op's level needs is stated (kernel, resolver, exec or an explicit none).
    const ops::OpHooks& h = d.hooks;
    switch (d.level) {
      case ops::Level::builtin:
      case ops::Level::graph:
        CHECK(h.graph != ops::Hook::_);
        break;
      case ops::Level::tile:
        CHECK(h.tile != ops::Hook::_);
        break;
      case ops::Level::mesh:
        CHECK(h.mesh != ops::Hook::_);
        break;
      case ops::Level::schedule:
      case ops::Level::target:
        break;
    }
    // Graph kernels are named in the graph column only; exec only in tile and mesh columns.
    CHECK(h.graph != ops::Hook::exec);
    CHECK(h.tile != ops::Hook::kernel);
    CHECK(h.tile != ops::Hook::resolver);
    CHECK(h.mesh != ops::Hook::kernel);
    CHECK(h.mesh != ops::Hook::resolver);
    // pass is a lowering hook only, for the levels a lowering pass reads (Graph ops in groups,
    // schedule.group, Tile IR and the builtin ops inside kernels); every other column never.
    CHECK(h.graph != ops::Hook::pass);
    CHECK(h.tile != ops::Hook::pass);
    CHECK(h.mesh != ops::Hook::pass);
    CHECK(h.vjp != ops::Hook::pass);
    CHECK((h.lower == ops::Hook::_ || h.lower == ops::Hook::none || h.lower == ops::Hook::pass));
    if (h.lower == ops::Hook::pass) {
      CHECK(d.level != ops::Level::target);
      CHECK(d.level != ops::Level::mesh);
    }
    // A graph-level op has a kernel or says it has none (a new op cannot be silently unrunnable).
    if (d.level == ops::Level::graph) CHECK(h.graph != ops::Hook::_);
    // Traits that imply others.
    if (d.has(ops::kLinear)) CHECK(d.has(ops::kElementwise));
    if (d.has(ops::kElementwise)) {
      CHECK(d.min_operands >= 1);
      CHECK(d.num_results == 1);
      CHECK_FALSE(d.has(ops::kRegions));
    }
    if (d.has(ops::kCommutative)) CHECK(d.min_operands == 2);
    if (d.has(ops::kTerminator)) CHECK(d.num_results == 0);
    // Attribute names are identifiers, unique, and no alias shadows a name.
    std::set<std::string_view> attrs;
    for (const ops::AttrSpec& a : d.attrs()) {
      CHECK_FALSE(a.name.empty());
      CHECK(a.name.find('.') == std::string_view::npos);
      CHECK(attrs.insert(a.name).second);
      if (!a.alias.empty()) CHECK(attrs.insert(a.alias).second);
      for (std::string_view u : ops::kUniversalAttrs) CHECK(a.name != u);
    }
  }
}

TEST_CASE("generic_c5: aliases are renamed when text is read; the printer writes the names") {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = text::parse_module(R"(func.func @f(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "tessera.layer_norm"(%a) {eps = 1.0e-3} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
)",
                              "t.mlir", sm, diag);
  REQUIRE(m);
  const ir::Op& ln = *m->funcs()[0]->regions[0].front().ops[0];
  CHECK(ln.attrs.get("eps") == nullptr);
  REQUIRE(ln.attrs.get("epsilon") != nullptr);
  CHECK(ln.attrs.get("epsilon")->as_double() == doctest::Approx(1.0e-3));
  CHECK(verify::verify_module(*m, diag));
}

TEST_CASE(
    "call_c1: functions appended after parsing are found (the verifier refreshes the table)") {
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto a = text::parse_module(R"(func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)",
                              "a.mlir", sm, diag);
  auto b = text::parse_module(R"(func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
)",
                              "b.mlir", sm, diag);
  REQUIRE(a);
  REQUIRE(b);
  a->body().append(std::move(b->body().ops[0]));
  b->body().ops.clear();
  CHECK(verify::verify_module(*a, diag));
  CHECK_FALSE(diag.has_errors());
  const ir::Op* call = a->funcs()[0]->regions[0].front().ops[0].get();
  CHECK(ir::lookup_callee(*call) == a->funcs()[1]);
}
