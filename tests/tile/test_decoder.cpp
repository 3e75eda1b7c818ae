// Tile decoder unit tests: every tile-level op of the op table has a decode case, and each
// binary arith op decodes to its own operation (never a fallback's).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <string>
#include <utility>

#include "core/ops/registry.h"
#include "interp/session.h"
#include "interp/tile/program.h"

using namespace tessera;
using interp::tile::Bin;
using interp::tile::Opc;

TEST_CASE("every tile-level op but tile.launch has a decode case") {
  int tile_ops = 0;
  for (const ops::OpDef& d : ops::all_ops()) {
    if (d.level != ops::Level::tile || d.kind == ops::OpKind::TileLaunch) continue;
    ++tile_ops;
    CAPTURE(d.name);
    CHECK(interp::tile::has_decoder(d.kind));
  }
  CHECK(tile_ops > 60);
  CHECK_FALSE(interp::tile::has_decoder(ops::OpKind::TileLaunch));  // its tile hook is `none`
  for (const ops::OpDef& d : ops::all_ops())
    if (d.level != ops::Level::tile) CHECK_FALSE(interp::tile::has_decoder(d.kind));
}

/// Decodes a one-op kernel `%r = OP %a, %b : (T, T) -> T` and returns the op's instruction.
static interp::tile::Inst decode_binary(const std::string& op, const std::string& type) {
  const std::string text = "func.func @k(%a: " + type + ", %b: " + type +
                           ") attributes {tile.grid = [1]} {\n  %r = " + op + " %a, %b : (" + type +
                           ", " + type + ") -> " + type + "\n  return\n}\n";
  auto lm = interp::load_module(text, "k.mlir");
  const ir::Op* f = lm->module->lookup_func("k");
  REQUIRE(f);
  interp::tile::Program p = interp::tile::decode(*f, 32, lm->sm);
  REQUIRE(p.code.size() == 2);
  return p.code[0];
}

TEST_CASE("binary arith ops decode to their own operation") {
  const std::pair<const char*, Bin> int_ops[] = {
      {"arith.addi", Bin::add},  {"arith.subi", Bin::sub},  {"arith.muli", Bin::mul},
      {"arith.divsi", Bin::div}, {"arith.remsi", Bin::rem}, {"arith.minsi", Bin::min},
      {"arith.maxsi", Bin::max}, {"arith.andi", Bin::band}, {"arith.ori", Bin::bor},
      {"arith.xori", Bin::bxor}, {"arith.shli", Bin::shl},  {"arith.shrsi", Bin::shr}};
  for (const auto& entry : int_ops) {
    const char* name = entry.first;
    const Bin bin = entry.second;
    CAPTURE(name);
    interp::tile::Inst in = decode_binary(name, "i32");
    CHECK(in.opc == Opc::kIBin);
    CHECK(in.mode == static_cast<uint8_t>(bin));
  }
  const std::pair<const char*, Bin> float_ops[] = {
      {"arith.addf", Bin::add}, {"arith.subf", Bin::sub},     {"arith.mulf", Bin::mul},
      {"arith.divf", Bin::div}, {"arith.maximumf", Bin::max}, {"arith.minimumf", Bin::min}};
  for (const auto& entry : float_ops) {
    const char* name = entry.first;
    const Bin bin = entry.second;
    CAPTURE(name);
    interp::tile::Inst in = decode_binary(name, "f32");
    CHECK(in.opc == Opc::kFBin32);
    CHECK(in.mode == static_cast<uint8_t>(bin));
  }
  const std::string text =
      "func.func @k() attributes {tile.grid = [1]} {\n"
      "  %a = tile.zeros : tensor<4xf32>\n  %b = tile.zeros : tensor<4xf32>\n"
      "  %r = tile.maximum %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
      "  return\n}\n";
  auto lm = interp::load_module(text, "k.mlir");
  interp::tile::Program p = interp::tile::decode(*lm->module->lookup_func("k"), 32, lm->sm);
  REQUIRE(p.code.size() == 4);
  CHECK(p.code[2].opc == Opc::kABin);
  CHECK(p.code[2].mode == static_cast<uint8_t>(Bin::max));
}
