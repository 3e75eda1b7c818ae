// Kernel parameter packing without a device. Expected bytes are derived by hand: a memref is
// its pointer then one 64-bit extent per `?` dimension (docs/cuda.md, "The runtime"); a bf16 is
// the high half of the f32 with the same value; f16 1.0 = 0x3c00, e4m3 1.0 = 0x38 (bias 7),
// e5m2 1.0 = 0x3c (bias 15).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>

#include "backends/cuda/runtime/failure.h"
#include "backends/cuda/runtime/params.h"

namespace tc = tessera::cuda;
using tessera::DType;

namespace {

int64_t as_i64(const tc::ParamBytes& p) {
  int64_t v = 0;
  std::memcpy(&v, p.b, sizeof v);
  return v;
}

uint32_t as_u32(const tc::ParamBytes& p) {
  uint32_t v = 0;
  std::memcpy(&v, p.b, sizeof v);
  return v;
}

int code_of_scalar(DType dtype, std::vector<int64_t> shape, std::string raw, DType param) {
  try {
    tc::pack_scalar(dtype, shape, raw, param, "f.mlir:1:1", 0);
  } catch (const tc::Failure& f) {
    return f.code();
  }
  return 0;
}

std::string bytes_of(std::initializer_list<unsigned char> b) {
  return std::string(b.begin(), b.end());
}

}  // namespace

TEST_CASE("memref parameters: pointer, then one extent per dynamic dimension") {
  int storage = 0;
  const void* ptr = &storage;
  std::vector<tc::ParamBytes> out;
  tc::ParamSpec dyn{true, DType::f32, {-1, 3, -1}};
  tc::pack_memref(DType::f32, {2, 3, 5}, ptr, dyn, "a.mlir:4:5", 0, out);
  REQUIRE(out.size() == 3);
  const void* got = nullptr;
  std::memcpy(&got, out[0].b, sizeof got);
  CHECK(got == ptr);
  CHECK(as_i64(out[1]) == 2);
  CHECK(as_i64(out[2]) == 5);
  tc::ParamSpec fixed{true, DType::f32, {128}};
  tc::pack_memref(DType::f32, {128}, ptr, fixed, "a.mlir:4:5", 1, out);
  CHECK(out.size() == 4);
  tc::ParamSpec idx{true, DType::i64, {-1}};
  tc::pack_memref(DType::index, {7}, ptr, idx, "a.mlir:4:5", 2, out);  // index is i64 in memory
  CHECK(out.size() == 6);
  CHECK(as_i64(out[5]) == 7);
  for (auto [dtype, shape] : {std::pair{DType::f32, std::vector<int64_t>{64}},
                              std::pair{DType::bf16, std::vector<int64_t>{128}},
                              std::pair{DType::f32, std::vector<int64_t>{128, 1}}}) {
    std::string what;
    try {
      tc::pack_memref(dtype, shape, ptr, fixed, "a.mlir:4:5", 1, out);
    } catch (const tc::Failure& f) {
      CHECK(f.code() == TESSERA_ERROR_INVALID_ARGUMENT);
      what = f.what();
    }
    CHECK(what.find("a.mlir:4:5: launch binds ") == 0);
    CHECK(what.find("memref<128xf32> (tnv_launch_c3)") != std::string::npos);
  }
}

TEST_CASE("an i4 tensor binds an i8 memref as its packed bytes: ceil(n / 2) (launch_c3)") {
  int storage = 0;
  const void* ptr = &storage;
  std::vector<tc::ParamBytes> out;
  tc::ParamSpec bytes{true, DType::i8, {-1}};
  tc::pack_memref(DType::i4, {3, 5}, ptr, bytes, "a.mlir:1:1", 0, out);  // 15 nibbles: 8 bytes
  REQUIRE(out.size() == 2);
  CHECK(as_i64(out[1]) == 8);
  tc::pack_memref(DType::i4, {16}, ptr, bytes, "a.mlir:1:1", 0, out);
  CHECK(as_i64(out[3]) == 8);
  tc::ParamSpec fixed{true, DType::i8, {7}};  // 15 nibbles are 8 bytes, not 7
  std::string what;
  try {
    tc::pack_memref(DType::i4, {15}, ptr, fixed, "a.mlir:1:1", 0, out);
  } catch (const tc::Failure& f) {
    what = f.what();
  }
  CHECK(what.find("launch binds 8xi8 to kernel parameter 0 of type memref<7xi8>") !=
        std::string::npos);
}

TEST_CASE("scalar parameters: register types, low-precision floats widened to f32") {
  CHECK(as_u32(tc::pack_scalar(DType::bf16, {}, bytes_of({0xc0, 0x3f}), DType::bf16, "", 0)) ==
        0x3fc00000u);  // 1.5
  CHECK(as_u32(tc::pack_scalar(DType::f16, {}, bytes_of({0x00, 0x3c}), DType::f16, "", 0)) ==
        0x3f800000u);
  CHECK(as_u32(tc::pack_scalar(DType::f16, {}, bytes_of({0x01, 0x00}), DType::f16, "", 0)) ==
        0x33800000u);  // the smallest f16 subnormal, 2^-24
  CHECK(as_u32(tc::pack_scalar(DType::f8e4m3, {}, bytes_of({0x38}), DType::f8e4m3, "", 0)) ==
        0x3f800000u);
  CHECK(as_u32(tc::pack_scalar(DType::f8e5m2, {1}, bytes_of({0xbc}), DType::f8e5m2, "", 0)) ==
        0xbf800000u);  // -1.0, from a one-element 1-d tensor
  float nan = 0;
  const uint32_t nan_bits =
      as_u32(tc::pack_scalar(DType::f8e4m3, {}, bytes_of({0x7f}), DType::f8e4m3, "", 0));
  std::memcpy(&nan, &nan_bits, sizeof nan);
  CHECK(std::isnan(nan));
  CHECK(as_u32(tc::pack_scalar(DType::f32, {}, bytes_of({1, 2, 3, 4}), DType::f32, "", 0)) ==
        0x04030201u);
  CHECK(as_i64(tc::pack_scalar(DType::index, {}, bytes_of({9, 0, 0, 0, 0, 0, 0, 0x80}),
                               DType::index, "", 0)) ==
        static_cast<int64_t>(0x8000000000000009ull));
  CHECK(tc::pack_scalar(DType::i1, {}, bytes_of({1}), DType::i1, "", 0).b[0] == 1);
  CHECK(code_of_scalar(DType::f32, {2}, bytes_of({0, 0, 0, 0, 0, 0, 0, 0}), DType::f32) ==
        TESSERA_ERROR_INVALID_ARGUMENT);  // two elements
  CHECK(code_of_scalar(DType::f32, {}, bytes_of({0, 0}), DType::bf16) ==
        TESSERA_ERROR_INVALID_ARGUMENT);  // dtype differs
  CHECK(code_of_scalar(DType::i4, {}, bytes_of({0x07}), DType::i4) ==
        TESSERA_ERROR_INVALID_ARGUMENT);  // no register form: Tile IR memory holds no i4
}

TEST_CASE("scalar parameters: fp6, fp4 and e8m0 widened to f32, unsigned integers as stored") {
  // OCP MX: e2m3 0x1f = 1.111b * 2^(3-1) = 7.5; e3m2 0x21 = -(0.01b * 2^-2) = -0.0625;
  // e2m1 0x7 = 1.1b * 2^(3-1) = 6; e8m0 0x80 = 2^(128-127) = 2, 0xff is NaN.
  CHECK(as_u32(tc::pack_scalar(DType::f6e2m3, {}, bytes_of({0x1f}), DType::f6e2m3, "", 0)) ==
        0x40f00000u);
  CHECK(as_u32(tc::pack_scalar(DType::f6e3m2, {}, bytes_of({0x21}), DType::f6e3m2, "", 0)) ==
        0xbd800000u);
  CHECK(as_u32(tc::pack_scalar(DType::f4e2m1, {1}, bytes_of({0x7}), DType::f4e2m1, "", 0)) ==
        0x40c00000u);
  CHECK(as_u32(tc::pack_scalar(DType::e8m0, {}, bytes_of({0x80}), DType::e8m0, "", 0)) ==
        0x40000000u);
  float nan = 0;
  const uint32_t nan_bits =
      as_u32(tc::pack_scalar(DType::e8m0, {}, bytes_of({0xff}), DType::e8m0, "", 0));
  std::memcpy(&nan, &nan_bits, sizeof nan);
  CHECK(std::isnan(nan));
  CHECK(tc::pack_scalar(DType::u8, {}, bytes_of({0xfe}), DType::u8, "", 0).b[0] == 0xfe);
  CHECK(as_u32(tc::pack_scalar(DType::u32, {}, bytes_of({1, 2, 3, 0xf4}), DType::u32, "", 0)) ==
        0xf4030201u);
  CHECK(as_i64(tc::pack_scalar(DType::u64, {}, bytes_of({9, 0, 0, 0, 0, 0, 0, 0xff}), DType::u64,
                               "", 0)) == static_cast<int64_t>(0xff00000000000009ull));
  CHECK(code_of_scalar(DType::u16, {}, bytes_of({0, 0}), DType::i16) ==
        TESSERA_ERROR_INVALID_ARGUMENT);  // signedness differs
}
