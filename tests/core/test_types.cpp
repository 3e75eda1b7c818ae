// Types and attributes: spelling, parsing, sizes with overflow checks, float printing.
#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "core/ir/attribute.h"
#include "core/text/parser.h"

using namespace tessera;
using namespace tessera::ir;

TEST_CASE("type spelling round trips") {
  for (const char* s :
       {"f32", "bf16", "f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN", "f8E8M0FNU", "i1",
        "i4", "ui8", "index", "tensor<4x?xf32>", "tensor<f64>", "memref<64x64xbf16, 3>",
        "vector<4xf32>", "tensor<0x3xi32>", "!tessera.token"}) {
    auto t = text::parse_type(s);
    REQUIRE_MESSAGE(t.has_value(), s);
    CHECK(to_string(*t) == s);
  }
}

TEST_CASE("malformed types are refused") {
  for (const char* s :
       {"tensor<4xf33>", "tensor<4x>", "tensor<x4xf32>", "tensor<4xf32", "tensor<-1xf32>",
        "vector<4xf32, 3>", "memref<4xf32, zz>", "f31", "tensor<99999999999999999999xf32>"}) {
    CHECK_MESSAGE(!text::parse_type(s).has_value(), s);
  }
}

TEST_CASE("sizes detect overflow") {
  Type t = Type::tensor(DType::f32, {1 << 20, 1 << 20, 1 << 21});
  CHECK(t.num_elements().has_value());
  CHECK_FALSE(t.byte_size().has_value());  // 2^61 elements * 4 bytes overflows int64
  Type u = Type::tensor(DType::f32, {int64_t{1} << 40, int64_t{1} << 40});
  CHECK_FALSE(u.num_elements().has_value());
  Type i4 = Type::tensor(DType::i4, {3});
  CHECK(*i4.byte_size() == 2);
  Type dyn = Type::tensor(DType::f32, {kDynamic, 4});
  CHECK_FALSE(dyn.num_elements().has_value());
}

TEST_CASE("compatibility treats ? as a wildcard") {
  CHECK(
      types_compatible(Type::tensor(DType::f32, {kDynamic, 4}), Type::tensor(DType::f32, {7, 4})));
  CHECK_FALSE(types_compatible(Type::tensor(DType::f32, {3, 4}), Type::tensor(DType::f32, {7, 4})));
  CHECK_FALSE(types_compatible(Type::tensor(DType::f32, {4}), Type::tensor(DType::f64, {4})));
  CHECK_FALSE(types_compatible(Type::tensor(DType::f32, {4}), Type::tensor(DType::f32, {4, 1})));
}

TEST_CASE("floats print so that they read back exactly and lex as MLIR floats") {
  for (double v : {0.1, 1.0, -2.5, 1e-300, 6.02214076e23, 3.4028234663852886e38, 5e-324}) {
    std::string s = format_float(v, DType::f64);
    CHECK(s.find('.') != std::string::npos);
    CHECK(std::strtod(s.c_str(), nullptr) == v);
  }
  CHECK(format_float(std::numeric_limits<double>::infinity(), DType::f32) == "0x7F800000");
}

TEST_CASE("attribute dictionaries stay sorted and unique") {
  AttrDict d;
  d.set("b", Attr::integer_attr(2));
  d.set("a", Attr::integer_attr(1));
  d.set("b", Attr::integer_attr(3));
  REQUIRE(d.entries().size() == 2);
  CHECK(d.entries()[0].first == "a");
  CHECK(d.get_int("b", 0) == 3);
  CHECK(d.get_int("missing", 7) == 7);
  CHECK(d.erase("a"));
  CHECK_FALSE(d.get("a"));
}
