// Unit tests for conform::compare: each rule, the ulp histogram, NaN/Inf, every dtype family.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "conformance/lib/case_file.h"

using tessera::DType;
using tessera::conform::compare;
using tessera::conform::kUlpInfinite;
using tessera::conform::Rule;
using tessera::interp::HostTensor;

namespace {

/// A 1-d tensor from bit patterns (little-endian storage; i4 packed low nibble first).
HostTensor make(DType t, const std::vector<uint64_t>& bits) {
  HostTensor h;
  h.dtype = t;
  h.shape = {static_cast<int64_t>(bits.size())};
  if (t == DType::i4) {
    h.data.assign((bits.size() + 1) / 2, std::byte{0});
    for (size_t i = 0; i < bits.size(); ++i) {
      h.data[i / 2] |= static_cast<std::byte>((bits[i] & 0xF) << (4 * (i % 2)));
    }
    return h;
  }
  size_t w = static_cast<size_t>(tessera::dtype_bits(t) / 8);
  for (uint64_t b : bits) {
    for (size_t k = 0; k < w; ++k)
      h.data.push_back(static_cast<std::byte>(k < 8 ? b >> (8 * k) : 0));  // c128: 16 bytes
  }
  return h;
}

Rule bitexact(bool strict_nan = false) {
  Rule r;
  r.strict_nan = strict_nan;
  return r;
}

Rule ulp(int64_t n) {
  Rule r;
  r.kind = Rule::Kind::ulp;
  r.max_ulp = n;
  return r;
}

Rule tol(double rtol, double atol) {
  Rule r;
  r.kind = Rule::Kind::tol;
  r.rtol = rtol;
  r.atol = atol;
  return r;
}

bool ok(DType t, uint64_t got, uint64_t want, const Rule& r) {
  return compare(make(t, {got}), make(t, {want}), r).ok;
}

int64_t dist(DType t, uint64_t got, uint64_t want) {
  return compare(make(t, {got}), make(t, {want}), ulp(0)).max_ulp;
}

}  // namespace

TEST_CASE("bitexact on f32 reports the first difference with its index") {
  HostTensor want =
      make(DType::f32, {0x3f800000, 0x40000000, 0x40400000, 0x40800000, 0x40a00000, 0x40c00000});
  want.shape = {2, 3};
  HostTensor got = want;
  auto same = compare(got, want, bitexact());
  CHECK(same.ok);
  CHECK(same.first_diff == -1);
  CHECK(same.ulp_histogram == std::vector<int64_t>{6, 0, 0, 0, 0, 0, 0, 0});
  CHECK(same.message.rfind("ok: 6 elements", 0) == 0);
  got.data[16] = std::byte{0x01};  // element 4: 0x40a00001, one ulp up
  got.data[20] = std::byte{0x03};  // element 5: 0x40c00003
  auto diff = compare(got, want, bitexact());
  CHECK_FALSE(diff.ok);
  CHECK(diff.first_diff == 4);
  CHECK(diff.max_ulp == 3);
  CHECK(diff.ulp_histogram == std::vector<int64_t>{4, 1, 0, 1, 0, 0, 0, 0});
  CHECK(diff.message.find("2 of 6 elements") == 0);
  CHECK(diff.message.find("element 4 [1,1]: got 0x40a00001 (5.0000004768371582)") !=
        std::string::npos);
  CHECK(diff.message.find("want 0x40a00000 (5), 1 ulp") != std::string::npos);
}

TEST_CASE("ulp rule and histogram buckets 0, 1, 2, 3-4, 5-8, 9-16, 17-256, >256") {
  std::vector<uint64_t> want(10, 0x3f800000), got;
  for (uint64_t d : {0, 1, 2, 4, 5, 9, 16, 17, 256, 257}) got.push_back(0x3f800000 + d);
  auto c = compare(make(DType::f32, got), make(DType::f32, want), ulp(256));
  CHECK_FALSE(c.ok);
  CHECK(c.first_diff == 9);
  CHECK(c.max_ulp == 257);
  CHECK(c.ulp_histogram == std::vector<int64_t>{1, 1, 1, 1, 1, 2, 2, 1});
  CHECK(ok(DType::f32, 0x3f800002, 0x3f800000, ulp(2)));
  CHECK_FALSE(ok(DType::f32, 0x3f800003, 0x3f800000, ulp(2)));
  CHECK(ok(DType::f32, 0x3f7fffff, 0x3f800000, ulp(1)));  // across a binade, downwards
  CHECK(ok(DType::f32, 0xbf800001, 0xbf800000, ulp(1)));  // negative values
}

TEST_CASE("signed zeros: distinct for bitexact, 0 ulp apart; distance crosses zero") {
  CHECK_FALSE(ok(DType::f32, 0x80000000, 0x00000000, bitexact()));
  CHECK(ok(DType::f32, 0x80000000, 0x00000000, ulp(0)));
  CHECK(dist(DType::f32, 0x80000001, 0x00000001) == 2);
  CHECK(dist(DType::f16, 0x8001, 0x0002) == 3);
  CHECK(ok(DType::f32, 0x80000000, 0x00000000, tol(0, 0)));
}

TEST_CASE("NaN: any payload matches unless strict_nan; NaN vs number never matches") {
  CHECK(ok(DType::f32, 0xffc00000, 0x7fc00001, bitexact()));
  CHECK_FALSE(ok(DType::f32, 0xffc00000, 0x7fc00001, bitexact(true)));
  CHECK(ok(DType::f32, 0x7fc00000, 0x7fc00000, bitexact(true)));
  CHECK(ok(DType::f64, 0x7ff8000000000000, 0xfff0000000000001, ulp(0)));
  CHECK(ok(DType::bf16, 0x7fc0, 0xffff, tol(0.1, 0.1)));
  auto c = compare(make(DType::f32, {0x7fc00000}), make(DType::f32, {0x3f800000}), ulp(1000));
  CHECK_FALSE(c.ok);
  CHECK(c.max_ulp == kUlpInfinite);
  CHECK(c.ulp_histogram[7] == 1);
  CHECK(c.message.find("inf ulp") != std::string::npos);
  CHECK_FALSE(ok(DType::f32, 0x3f800000, 0x7fc00000, tol(1e9, 1e9)));
  CHECK(ok(DType::f8e4m3, 0x7f, 0xff, bitexact()));      // S.1111.111 is NaN
  CHECK_FALSE(ok(DType::f8e4m3, 0x7e, 0x7f, ulp(100)));  // 448 is not NaN
  CHECK(ok(DType::f8e5m2, 0x7d, 0xfe, bitexact()));      // both NaN
  CHECK(ok(DType::e8m0, 0xff, 0xff, bitexact(true)));
  CHECK_FALSE(ok(DType::e8m0, 0xfe, 0xff, ulp(5)));
}

TEST_CASE("infinities: equal only to themselves, even under ulp and tol") {
  CHECK(dist(DType::f32, 0x7f7fffff, 0x7f800000) == kUlpInfinite);
  CHECK(ok(DType::f32, 0x7f800000, 0x7f800000, tol(0, 0)));
  CHECK_FALSE(ok(DType::f32, 0xff800000, 0x7f800000, tol(1e9, 1e9)));
  CHECK_FALSE(ok(DType::f16, 0x7bff, 0x7c00, tol(1, 1e9)));
  CHECK(dist(DType::f8e5m2, 0x7b, 0x7c) == kUlpInfinite);
  CHECK(dist(DType::f8e4m3, 0x7d, 0x7e) == 1);  // e4m3fn has no Inf: 0x7E is 448
}

TEST_CASE("tol decodes every float format: |got - want| <= atol + rtol * |want|") {
  CHECK(ok(DType::f32, 0x3f800008, 0x3f800000, tol(1e-6, 0)));  // 8 * 2^-23 = 9.5e-7
  CHECK_FALSE(ok(DType::f32, 0x3f800009, 0x3f800000, tol(1e-6, 0)));
  CHECK(ok(DType::f64, 0x3ff0000000000001, 0x3ff0000000000000, tol(0, 2.3e-16)));
  CHECK_FALSE(ok(DType::f64, 0x3ff0000000000001, 0x3ff0000000000000, tol(0, 2.2e-16)));
  CHECK(ok(DType::f16, 0x3c01, 0x3c00, tol(1e-3, 0)));  // 2^-10 = 9.77e-4
  CHECK_FALSE(ok(DType::f16, 0x3c01, 0x3c00, tol(9e-4, 0)));
  CHECK(ok(DType::bf16, 0x3f81, 0x3f80, tol(0, 0.0078125)));
  CHECK_FALSE(ok(DType::bf16, 0x3f81, 0x3f80, tol(0, 0.0078)));
  CHECK(ok(DType::f8e4m3, 0x39, 0x38, tol(0, 0.125)));  // 1.125 vs 1
  CHECK_FALSE(ok(DType::f8e4m3, 0x39, 0x38, tol(0, 0.124)));
  CHECK(ok(DType::f8e4m3, 0x02, 0x01, tol(0, 0.001953125)));  // 2^-8 vs 2^-9 (subnormals)
  CHECK_FALSE(ok(DType::f8e4m3, 0x02, 0x01, tol(0, 0.00195)));
  CHECK(ok(DType::f8e5m2, 0x3d, 0x3c, tol(0.25, 0)));  // 1.25 vs 1
  CHECK_FALSE(ok(DType::f8e5m2, 0x3d, 0x3c, tol(0.24, 0)));
  CHECK(ok(DType::f6e2m3, 0x09, 0x08, tol(0, 0.125)));  // 1.125 vs 1
  CHECK_FALSE(ok(DType::f6e2m3, 0x09, 0x08, tol(0, 0.12)));
  CHECK(ok(DType::f6e3m2, 0x2d, 0x2c, tol(0, 0.25)));  // -1.25 vs -1
  CHECK_FALSE(ok(DType::f6e3m2, 0x2d, 0x2c, tol(0, 0.24)));
  CHECK(ok(DType::f4e2m1, 0x3, 0x2, tol(0.5, 0)));  // 1.5 vs 1
  CHECK_FALSE(ok(DType::f4e2m1, 0x3, 0x2, tol(0.49, 0)));
  CHECK(ok(DType::e8m0, 0x80, 0x7f, tol(1, 0)));  // 2 vs 1
  CHECK_FALSE(ok(DType::e8m0, 0x80, 0x7f, tol(0.99, 0)));
  CHECK(ok(DType::tf32, 0x3f802000, 0x3f800000, tol(0, 0.0009765625)));
  CHECK(ok(DType::i8, 0xfd, 0xff, tol(0, 2)));  // -3 vs -1
  CHECK_FALSE(ok(DType::i8, 0xfd, 0xff, tol(0, 1.9)));
  CHECK(ok(DType::u32, 100, 110, tol(0.1, 0)));
}

TEST_CASE("every dtype: one step up in bits is 1 ulp, fails bitexact and ulp:0") {
  for (int i = 0; i < tessera::kNumDTypes; ++i) {
    DType t = static_cast<DType>(i);
    CAPTURE(tessera::dtype_mlir_name(t));
    HostTensor want = make(t, {1, 3}), got = make(t, {2, 3});
    CHECK_FALSE(compare(got, want, bitexact()).ok);
    CHECK_FALSE(compare(got, want, ulp(0)).ok);
    auto c = compare(got, want, ulp(1));
    CHECK(c.ok);
    CHECK(c.max_ulp == 1);
    // A complex element compares as its two parts (here the imaginary parts are equal zeros).
    const int64_t same = tessera::dtype_is_complex(t) ? 3 : 1;
    CHECK(c.ulp_histogram == std::vector<int64_t>{same, 1, 0, 0, 0, 0, 0, 0});
    CHECK(compare(want, want, bitexact(true)).ok);
  }
}

TEST_CASE("integer families: signed order, wide extremes without overflow") {
  CHECK(dist(DType::i8, 0x80, 0x7f) == 255);
  CHECK(dist(DType::i4, 0x8, 0x7) == 15);
  CHECK(dist(DType::i4, 0xf, 0x1) == 2);
  CHECK(dist(DType::u8, 0x80, 0x7f) == 1);
  CHECK(dist(DType::u64, ~uint64_t{0}, ~uint64_t{0} - 1) == 1);
  CHECK(dist(DType::i64, 0x8000000000000000, 0x7fffffffffffffff) == kUlpInfinite - 1);
  CHECK(dist(DType::index, ~uint64_t{0}, 1) == 2);
  CHECK(dist(DType::i1, 1, 0) == 1);
}

TEST_CASE("invalid encodings and mismatched tensors are failures, not exceptions") {
  HostTensor bad = make(DType::f4e2m1, {0x12});  // high bits set
  auto c = compare(bad, make(DType::f4e2m1, {0x02}), ulp(1000));
  CHECK_FALSE(c.ok);
  CHECK(c.max_ulp == kUlpInfinite);
  CHECK(c.message.find("invalid encoding") != std::string::npos);
  auto t = compare(make(DType::f16, {1}), make(DType::bf16, {1}), bitexact());
  CHECK_FALSE(t.ok);
  CHECK(t.message == "type mismatch: got tensor<1xf16>, want tensor<1xbf16>");
  HostTensor shape2 = make(DType::f32, {1, 2});
  shape2.shape = {1, 2};
  CHECK_FALSE(compare(make(DType::f32, {1, 2}), shape2, bitexact()).ok);
  HostTensor short_data = make(DType::f32, {1, 2});
  short_data.data.pop_back();
  auto s = compare(short_data, make(DType::f32, {1, 2}), bitexact());
  CHECK_FALSE(s.ok);
  CHECK(s.message == "got holds 7 bytes, tensor<2xf32> needs 8");
  HostTensor empty = make(DType::f32, {});
  CHECK(compare(empty, empty, bitexact()).ok);
}
