// Parser and printer: round trips, both op forms, forward references, diagnostics with carets.
#include <doctest/doctest.h>

#include <cstring>

#include "core/support/diagnostics.h"
#include "core/text/parser.h"
#include "core/text/printer.h"
#include "core/verify/verifier.h"

using namespace tessera;

namespace {

struct Parsed {
  SourceManager sm;
  DiagnosticEngine diag{&sm};
  std::unique_ptr<ir::Module> m;
  explicit Parsed(const std::string& text) { m = text::parse_module(text, "t.mlir", sm, diag); }
};

std::string print(const ir::Module& m, bool generic = false) {
  text::PrintOptions o;
  o.generic = generic;
  return text::print_module(m, o);
}

const char* kProgram = R"(module attributes {tessera.note = "x"} {
  func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32> {tessera.dims = ["N"]}) -> tensor<2x3xf32> {
    %0 = tessera.add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %r = "tessera.gelu"(%0) {approximate = "tanh"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %r : tensor<2x3xf32>
  }
  func.func private @other(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
    %c = tessera.constant {value = dense<[1.0, 2.0, 3.0, 4.5]> : tensor<4xf64>} : () -> tensor<4xf64>
    return %x, %c : tensor<4xf64>, tensor<4xf64>
  }
}
)";

}  // namespace

TEST_CASE("custom form: print(parse(x)) is a fixed point and equals the canonical input") {
  Parsed p(kProgram);
  REQUIRE_MESSAGE(p.m, p.diag.render());
  std::string once = print(*p.m);
  Parsed q(once);
  REQUIRE_MESSAGE(q.m, q.diag.render());
  CHECK(print(*q.m) == once);
  // The pretty printer writes the generic op in its custom form.
  CHECK(once.find("%r = tessera.gelu %0 {approximate = \"tanh\"}") != std::string::npos);
  CHECK(once.find("{tessera.dims = [\"N\"]}") != std::string::npos);
  CHECK(once.find("func.func private @other") != std::string::npos);
}

TEST_CASE("generic form round trips and matches the custom form's module") {
  Parsed p(kProgram);
  REQUIRE(p.m);
  std::string g = print(*p.m, true);
  CHECK(g.rfind("\"builtin.module\"() ({", 0) == 0);
  CHECK(g.find("\"func.return\"(%r) : (tensor<2x3xf32>) -> ()") != std::string::npos);
  Parsed q(g);
  REQUIRE_MESSAGE(q.m, q.diag.render());
  CHECK(print(*q.m, true) == g);
  CHECK(print(*q.m) == print(*p.m));
}

TEST_CASE("multi-result ops and result references") {
  const char* text = R"(func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %p:2 = "test.pair"(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %s = tessera.add %p#0, %p#1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
)";
  Parsed p(text);
  REQUIRE_MESSAGE(p.m, p.diag.render());
  std::string once = print(*p.m);
  CHECK(once.find("%p:2 = \"test.pair\"(%a)") != std::string::npos);
  CHECK(once.find("tessera.add %p#0, %p#1") != std::string::npos);
  Parsed q(once);
  REQUIRE(q.m);
  CHECK(print(*q.m) == once);
}

TEST_CASE("forward references resolve; cycles are reported by the verifier") {
  const char* text = R"(func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %x = tessera.add %y, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = tessera.add %x, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
)";
  Parsed p(text);
  REQUIRE(p.m);
  // Forward references print with their names and read back identically.
  std::string once = print(*p.m);
  CHECK(once.find("%x = tessera.add %y, %a") != std::string::npos);
  Parsed q(once);
  REQUIRE(q.m);
  CHECK(print(*q.m) == once);
  CHECK(print(*q.m, true) == print(*p.m, true));
  CHECK_FALSE(verify::verify_module(*p.m, p.diag));
  CHECK(p.diag.render().find("dependency cycle (func_c4)") != std::string::npos);
}

TEST_CASE("diagnostics carry file:line:col, the source line and a caret") {
  Parsed p("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %zz : tensor<4xf32>\n}\n");
  CHECK_FALSE(p.m);
  std::string r = p.diag.render();
  CHECK(r ==
        "t.mlir:2:10: error: use of undefined SSA value '%zz'\n"
        "  return %zz : tensor<4xf32>\n"
        "         ^\n");
}

TEST_CASE("operand types must agree with the value's definition") {
  Parsed p(R"(func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %x = tessera.neg %a : (tensor<4xf64>) -> tensor<4xf32>
  return %x : tensor<4xf32>
}
)");
  CHECK_FALSE(p.m);
  CHECK(p.diag.render().find("expects type tensor<4xf64> but it was defined as tensor<4xf32>") !=
        std::string::npos);
}

// MLIR's scoping (checked against mlir-opt-15 by hand): names defined in a region go out of
// scope at its end, so sibling regions may reuse them; an inner region sees (and may not
// redefine) the names of the regions around it, including ones defined after it.
const char* kLoops = R"(func.func @f(%n: index) {
  %c0 = arith.constant {value = 0 : index} : index
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%s: index):
    %t = arith.addi %s, %late : index
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  %c1 = arith.constant {value = 1 : index} : index
  %late = arith.constant {value = 7 : index} : index
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%s: index):
    %t = arith.muli %s, %s : index
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
)";

TEST_CASE("SSA names are scoped by region: siblings reuse names, inner regions see outer ones") {
  Parsed p(kLoops);
  REQUIRE_MESSAGE(p.m, p.diag.render());
  const ir::Block& body = p.m->lookup_func("f")->regions[0].front();
  const ir::Op& loop1 = *body.ops[1];
  const ir::Op& loop2 = *body.ops[4];
  const ir::Op& add = *loop1.regions[0].front().ops[0];
  const ir::Op& mul = *loop2.regions[0].front().ops[0];
  CHECK(add.operands[0] == loop1.regions[0].front().args[0].get());  // its own %s
  CHECK(add.operands[1] == body.ops[3]->results[0].get());           // %late, defined after
  CHECK(loop1.operands[2] == body.ops[2]->results[0].get());         // %c1, defined after
  CHECK(mul.operands[0] == loop2.regions[0].front().args[0].get());  // the second %s
  CHECK(mul.operands[1] == loop2.regions[0].front().args[0].get());
  // Printing keeps the program readable and parses back to the same text.
  std::string once = print(*p.m, true);
  Parsed q(once);
  REQUIRE_MESSAGE(q.m, q.diag.render());
  CHECK(print(*q.m, true) == once);
}

TEST_CASE("SSA names: a region's names are gone after it, and shadowing is a redefinition") {
  std::string used_after = kLoops;
  used_after.replace(used_after.find("  return\n"), 9,
                     "  %u = arith.addi %t, %t : index\n  return\n");
  Parsed p(used_after);
  CHECK_FALSE(p.m);
  CHECK(p.diag.render().find("use of undefined SSA value '%t'") != std::string::npos);
  std::string shadow = kLoops;
  shadow.replace(shadow.find("%t = arith.muli"), 2, "%n");
  Parsed q(shadow);
  CHECK_FALSE(q.m);
  CHECK(q.diag.render().find("redefinition of SSA value '%n'") != std::string::npos);
}

TEST_CASE("MLIR's custom forms of arith.constant, arith.cmpi/cmpf and func.call read back") {
  const char* mlir_forms = R"(func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @f(%i: index, %x: vector<4xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant 7 : index
  %h = arith.constant 1.5 : f32
  %t = arith.constant true
  %p = arith.cmpi slt, %i, %c : index
  %q = arith.cmpf olt, %x, %x : vector<4xf32>
  %r = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
)";
  const char* tessera_forms = R"(func.func @g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @f(%i: index, %x: vector<4xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant {value = 7 : index} : index
  %h = arith.constant {value = 1.5 : f32} : f32
  %t = "arith.constant"() {value = true} : () -> i1
  %p = arith.cmpi %i, %c {predicate = 2} : (index, index) -> i1
  %q = arith.cmpf %x, %x {predicate = 4} : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
  %r = func.call %a {callee = @g} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
)";
  Parsed p(mlir_forms), q(tessera_forms);
  REQUIRE_MESSAGE(p.m, p.diag.render());
  REQUIRE_MESSAGE(q.m, q.diag.render());
  CHECK(print(*p.m, true) == print(*q.m, true));
  Parsed bad_pred(
      "func.func @f(%i: index) {\n  %p = arith.cmpi less, %i, %i : index\n  return\n}\n");
  CHECK_FALSE(bad_pred.m);
  CHECK(bad_pred.diag.render().find("unknown comparison predicate 'less'") != std::string::npos);
  // As in MLIR, an integer without a type is an i64; a string has no type at all.
  Parsed i64("func.func @f() {\n  %c = arith.constant 3\n  return\n}\n");
  REQUIRE(i64.m);
  CHECK(print(*i64.m, true).find("() -> i64") != std::string::npos);
  Parsed untyped("func.func @f() {\n  %c = arith.constant \"3\"\n  return\n}\n");
  CHECK_FALSE(untyped.m);
  CHECK(untyped.diag.render().find("arith.constant needs a typed value") != std::string::npos);
}

TEST_CASE("MLIR's custom forms of scf.for, scf.if, casts and select read back") {
  const char* mlir_forms = R"(func.func @f(%n: index, %x: memref<8xf32>, %k: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %v = tile.load %x, %i : (memref<8xf32>, index) -> f32
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  scf.for %i = %c0 to %n step %c1 {
    %p = arith.cmpi slt, %i, %c1 : index
    scf.if %p {
      tile.store %sum, %x, %i : (f32, memref<8xf32>, index) -> ()
    }
  }
  %ki = arith.index_cast %k : i32 to index
  %big = arith.cmpi sgt, %ki, %n : index
  %r = arith.select %big, %sum, %z : f32
  %s = scf.if %big -> (f32) {
    scf.yield %r : f32
  } else {
    scf.yield %z : f32
  }
  return %s : f32
}
)";
  const char* generic = R"(func.func @f(%n: index, %x: memref<8xf32>, %k: i32) -> f32 {
  %c0 = "arith.constant"() {value = 0 : index} : () -> index
  %c1 = "arith.constant"() {value = 1 : index} : () -> index
  %z = "arith.constant"() {value = 0.0 : f32} : () -> f32
  %sum = "scf.for"(%c0, %n, %c1, %z) ({
  ^bb0(%i: index, %acc: f32):
    %v = "tile.load"(%x, %i) : (memref<8xf32>, index) -> f32
    %a = "arith.addf"(%acc, %v) : (f32, f32) -> f32
    "scf.yield"(%a) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    %p = "arith.cmpi"(%i, %c1) {predicate = 2} : (index, index) -> i1
    "scf.if"(%p) ({
      "tile.store"(%sum, %x, %i) : (f32, memref<8xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  %ki = "arith.index_cast"(%k) : (i32) -> index
  %big = "arith.cmpi"(%ki, %n) {predicate = 4} : (index, index) -> i1
  %r = "arith.select"(%big, %sum, %z) : (i1, f32, f32) -> f32
  %s = "scf.if"(%big) ({
    "scf.yield"(%r) : (f32) -> ()
  }, {
    "scf.yield"(%z) : (f32) -> ()
  }) : (i1) -> f32
  return %s : f32
}
)";
  Parsed p(mlir_forms), q(generic);
  REQUIRE_MESSAGE(p.m, p.diag.render());
  REQUIRE_MESSAGE(q.m, q.diag.render());
  CHECK(print(*p.m, true) == print(*q.m, true));
  CHECK(verify::verify_module(*p.m, p.diag));
  Parsed no_else(
      "func.func @f(%c: i1) -> f32 {\n  %r = scf.if %c -> (f32) {\n    %z = arith.constant 0.0 : "
      "f32\n    scf.yield %z : f32\n  }\n  return %r : f32\n}\n");
  CHECK_FALSE(no_else.m);
  CHECK(no_else.diag.render().find("an scf.if with results needs an else region") !=
        std::string::npos);
}

TEST_CASE("hostile nesting is refused without recursion blow-up") {
  std::string deep = "func.func @f() attributes {x = " + std::string(10000, '[') +
                     std::string(10000, ']') + "} {\n return\n}\n";
  Parsed p(deep);
  CHECK_FALSE(p.m);
  CHECK(p.diag.render().find("nesting is deeper than") != std::string::npos);
}

TEST_CASE("dense attributes: list, splat and hex forms agree") {
  Parsed p(R"(func.func @f() -> tensor<2xf32> {
  %a = tessera.constant {value = dense<[1.5, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = tessera.constant {value = dense<"0x0000C03F000000C0"> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = tessera.constant {value = dense<7.0> : tensor<2xf32>} : () -> tensor<2xf32>
  return %a : tensor<2xf32>
}
)");
  REQUIRE_MESSAGE(p.m, p.diag.render());
  const auto& ops = p.m->funcs()[0]->regions[0].front().ops;
  CHECK(ops[0]->attrs.get("value")->data == ops[1]->attrs.get("value")->data);
  const auto& splat = ops[2]->attrs.get("value")->data;
  float v[2];
  std::memcpy(v, splat.data(), 8);
  CHECK(v[0] == 7.0f);
  CHECK(v[1] == 7.0f);
}

TEST_CASE("dense attributes: a float literal that does not fit an integer element is an error") {
  // Found by the libFuzzer text target: the conversion of inf (or 1e300) to int64 was undefined.
  for (const char* lit : {"1.0e300", "-1.0e300", "0.1e7677669"}) {
    CAPTURE(lit);
    Parsed p(std::string("func.func @f() -> tensor<1xi32> {\n  %c = tessera.constant {value = "
                         "dense<") +
             lit + "> : tensor<1xi32>} : () -> tensor<1xi32>\n  return %c : tensor<1xi32>\n}\n");
    CHECK_FALSE(p.m);
    CHECK(p.diag.render().find("does not fit i32") != std::string::npos);
  }
  Parsed ok(
      "func.func @f() -> tensor<1xi32> {\n  %c = tessera.constant {value = dense<-7.0> : "
      "tensor<1xi32>} : () -> tensor<1xi32>\n  return %c : tensor<1xi32>\n}\n");
  CHECK(ok.m);
  // A float element of a huge value is the float's overflow (inf), never undefined behaviour.
  Parsed f(
      "func.func @f() -> tensor<1xf32> {\n  %c = tessera.constant {value = dense<0.1e7677669> "
      ": tensor<1xf32>} : () -> tensor<1xf32>\n  return %c : tensor<1xf32>\n}\n");
  CHECK(f.m);
}
