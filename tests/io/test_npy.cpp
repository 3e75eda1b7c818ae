// Unit tests for interp/io/npy: round trips of every dtype, byte orders, Fortran order, bad files.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/support/error.h"
#include "interp/io/npy.h"

using tessera::DType;
using tessera::interp::HostTensor;
namespace io = tessera::io;

namespace {

/// The bytes of a string literal, embedded NULs included.
template <size_t N>
std::vector<std::byte> lit(const char (&s)[N]) {
  std::vector<std::byte> out;
  for (size_t i = 0; i + 1 < N; ++i) out.push_back(static_cast<std::byte>(s[i]));
  return out;
}

std::vector<std::byte> bytes_of(const std::string& s) {
  std::vector<std::byte> out;
  for (char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

/// A .npy file with the given header text (padded like numpy) and data, version 1 or 2.
std::vector<std::byte> make_npy(const std::string& dict, const std::vector<std::byte>& data,
                                int version = 1) {
  std::string header = dict;
  size_t prefix = version == 1 ? 10 : 12;
  while ((prefix + header.size() + 1) % 64 != 0) header.push_back(' ');
  header.push_back('\n');
  std::string pre = "\x93NUMPY";
  pre.push_back(static_cast<char>(version));
  pre.push_back('\0');
  for (size_t i = 0; i < prefix - 8; ++i) {
    pre.push_back(static_cast<char>((header.size() >> (8 * i)) & 0xff));
  }
  std::vector<std::byte> out = bytes_of(pre + header);
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

std::string dict_for(const std::string& descr, const std::string& shape, bool fortran = false) {
  return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
         ", 'shape': " + shape + ", }";
}

/// Random but valid contents for a tensor of `dtype` (fp6/fp4/bool bytes stay in range).
HostTensor random_tensor(DType dtype, std::vector<int64_t> shape, uint32_t seed) {
  HostTensor t;
  t.dtype = dtype;
  t.shape = std::move(shape);
  t.data.resize(static_cast<size_t>(io::storage_bytes(dtype, io::element_count(t.shape))));
  std::mt19937 rng(seed);
  for (auto& b : t.data) b = static_cast<std::byte>(rng() & 0xff);
  unsigned mask = dtype == DType::f6e2m3 || dtype == DType::f6e3m2 ? 0x3F
                  : dtype == DType::f4e2m1                         ? 0x0F
                  : dtype == DType::i1                             ? 0x01
                                                                   : 0xFF;
  for (auto& b : t.data) b &= static_cast<std::byte>(mask);
  return t;
}

/// The descr numpy uses for the raw form of each dtype, and the dtype read_npy returns for it.
struct RawForm {
  const char* descr;
  DType read_as;
};

RawForm raw_form(DType t) {
  switch (t) {
    case DType::f64:
      return {"f8", DType::f64};
    case DType::f32:
      return {"f4", DType::f32};
    case DType::tf32:
      return {"f4", DType::f32};
    case DType::f16:
      return {"f2", DType::f16};
    case DType::bf16:
      return {"u2", DType::u16};
    case DType::i1:
      return {"b1", DType::i1};
    case DType::i8:
      return {"i1", DType::i8};
    case DType::i16:
      return {"i2", DType::i16};
    case DType::i32:
      return {"i4", DType::i32};
    case DType::i64:
    case DType::index:
      return {"i8", DType::i64};
    case DType::u16:
      return {"u2", DType::u16};
    case DType::u32:
      return {"u4", DType::u32};
    case DType::u64:
      return {"u8", DType::u64};
    case DType::c64:
      return {"c8", DType::c64};
    case DType::c128:
      return {"c16", DType::c128};
    default:
      return {"u1", DType::u8};
  }
}

void expect_error(const std::vector<std::byte>& file, const std::string& fragment,
                  uint64_t max_bytes = io::kDefaultNpyMaxBytes) {
  CAPTURE(fragment);
  try {
    io::parse_npy(file, "bad.npy", max_bytes);
    FAIL("no error for a file that should fail with: " << fragment);
  } catch (const tessera::Error& e) {
    std::string msg = e.what();
    CAPTURE(msg);
    CHECK(msg.rfind("bad.npy: error: npy: ", 0) == 0);
    CHECK(msg.find(fragment) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("every dtype round-trips through encode_npy / parse_npy / reinterpret_as") {
  for (int i = 0; i < tessera::kNumDTypes; ++i) {
    DType dt = static_cast<DType>(i);
    if (dt == DType::i4) continue;  // Its own test below.
    CAPTURE(tessera::dtype_mlir_name(dt));
    for (auto shape : {std::vector<int64_t>{2, 3, 4}, std::vector<int64_t>{},
                       std::vector<int64_t>{0, 5}, std::vector<int64_t>{7}}) {
      HostTensor t = random_tensor(dt, shape, 17u + static_cast<uint32_t>(i));
      HostTensor back = io::parse_npy(io::encode_npy(t), "rt.npy");
      CHECK(back.dtype == raw_form(dt).read_as);
      io::reinterpret_as(back, dt);
      CHECK(back.dtype == dt);
      CHECK(back.shape == t.shape);
      CHECK(back.data == t.data);
    }
  }
}

TEST_CASE("every dtype reads in Fortran order and big endian") {
  const std::vector<int64_t> shape = {2, 3, 4};
  for (int i = 0; i < tessera::kNumDTypes; ++i) {
    DType dt = static_cast<DType>(i);
    if (dt == DType::i4) continue;
    CAPTURE(tessera::dtype_mlir_name(dt));
    HostTensor t = random_tensor(dt, shape, 99u + static_cast<uint32_t>(i));
    size_t w = static_cast<size_t>(tessera::dtype_bits(dt) / 8);
    // Big-endian complex numbers swap each of their two floats on its own.
    const size_t cw = tessera::dtype_is_complex(dt) ? w / 2 : w;
    for (bool fortran : {false, true}) {
      for (bool big : {false, true}) {
        CAPTURE(fortran);
        CAPTURE(big);
        std::vector<std::byte> data(t.data.size());
        for (int64_t a = 0; a < 2; ++a) {
          for (int64_t b = 0; b < 3; ++b) {
            for (int64_t c = 0; c < 4; ++c) {
              size_t src = static_cast<size_t>((a * 3 + b) * 4 + c);
              size_t dst = fortran ? static_cast<size_t>(a + 2 * (b + 3 * c)) : src;
              for (size_t k = 0; k < w; ++k) {
                data[dst * w + k] = t.data[src * w + (big ? k / cw * cw + cw - 1 - k % cw : k)];
              }
            }
          }
        }
        std::string descr = std::string(w == 1 ? "|" : big ? ">" : "<") + raw_form(dt).descr;
        HostTensor back =
            io::parse_npy(make_npy(dict_for(descr, "(2, 3, 4)", fortran), data), "order.npy");
        io::reinterpret_as(back, dt);
        CHECK(back.shape == shape);
        CHECK(back.data == t.data);
      }
    }
  }
}

TEST_CASE("i4 is written one value per byte and packs back from i8") {
  HostTensor t;
  t.dtype = DType::i4;
  t.shape = {5};
  t.data = {std::byte{0x8F}, std::byte{0x70}, std::byte{0x03}};  // -1, -8, 0, 7, 3
  std::vector<std::byte> file = io::encode_npy(t);
  HostTensor back = io::parse_npy(file, "i4.npy");
  REQUIRE(back.dtype == DType::i8);
  std::vector<std::byte> want = {std::byte{0xFF}, std::byte{0xF8}, std::byte{0x00}, std::byte{0x07},
                                 std::byte{0x03}};
  CHECK(back.data == want);
  io::reinterpret_as(back, DType::i4);
  CHECK(back.data == t.data);
}

TEST_CASE("encode_npy writes numpy's header layout") {
  HostTensor t;
  t.dtype = DType::f16;
  t.shape = {3};
  t.data.resize(6);
  std::vector<std::byte> f = io::encode_npy(t);
  CHECK(f.size() == 128 + 6);  // 10 + 59 + 1 bytes of header, padded to a multiple of 64.
  std::string header(reinterpret_cast<const char*>(f.data()) + 10, 118);
  CHECK(header.rfind("{'descr': '<f2', 'fortran_order': False, 'shape': (3,), }", 0) == 0);
  CHECK(header.back() == '\n');
  CHECK(static_cast<int>(f[6]) == 1);
}

TEST_CASE("version 2.0 and 3.0 headers are read") {
  std::vector<std::byte> data = {std::byte{1}, std::byte{0}, std::byte{0}, std::byte{0}};
  for (int v : {2, 3}) {
    HostTensor t = io::parse_npy(make_npy(dict_for("<i4", "(1,)"), data, v), "v.npy");
    CHECK(t.dtype == DType::i32);
    CHECK(t.data == data);
  }
}

TEST_CASE("write_npy and read_npy go through the file system") {
  auto dir = std::filesystem::temp_directory_path() / ("tessera_io_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string path = (dir / "a.npy").string();
  HostTensor t = random_tensor(DType::f32, {4, 5}, 5);
  io::write_npy(path, t);
  HostTensor back = io::read_npy(path);
  CHECK(back.data == t.data);
  CHECK(back.shape == t.shape);
  // Every truncation of the file is an Error naming the file, never a crash.
  std::vector<std::byte> full = io::encode_npy(t);
  for (size_t n = 0; n < full.size(); n += 7) {
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(full.data()), static_cast<std::streamsize>(n));
    std::string prefix = path + ": error: npy: ";
    CHECK_THROWS_WITH_AS(io::read_npy(path), doctest::Contains(prefix.c_str()), tessera::Error);
  }
  CHECK_THROWS_WITH_AS(io::read_npy((dir / "missing.npy").string()),
                       doctest::Contains("no such regular file"), tessera::Error);
  CHECK_THROWS_WITH_AS(io::read_npy(path, 4), doctest::Contains("exceeds the limit of 4 bytes"),
                       tessera::Error);
  std::filesystem::remove_all(dir);
}

TEST_CASE("malformed files are refused with a precise message") {
  auto d4 = std::vector<std::byte>(4);
  expect_error(lit("\x93NUMPZ\x01\x00\x10\x00"), "bad magic");
  expect_error(lit("\x93NUM"), "truncated preamble");
  expect_error(lit("\x93NUMPY\x04\x00\x10\x00"), "unsupported format version 4.0");
  expect_error(lit("\x93NUMPY\x01\x00\xff\x00{'descr'"), "truncated header");
  expect_error(lit("\x93NUMPY\x02\x00\x00\x00\x00\x80"), "header length 2147483648 exceeds");
  expect_error(make_npy("'descr': '<i4'}", d4), "header must start with '{'");
  expect_error(make_npy("{'descr': '<i4', 'fortran_order': False}", d4), "missing key 'shape'");
  expect_error(make_npy("{'descr': '<i4', 'descr': '<i4'}", d4), "duplicate key 'descr'");
  expect_error(make_npy("{'descr': '<i4', 'foo': 1}", d4), "unexpected key 'foo'");
  expect_error(make_npy(dict_for("|O", "(1,)"), std::vector<std::byte>(8)), "object dtype");
  expect_error(make_npy("{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,)}", d4),
               "structured dtypes are not supported");
  expect_error(make_npy(dict_for("<q9", "(1,)"), d4), "unknown dtype '<q9'");
  // complex64 (c8) and complex128 (c16) read; numpy's complex256 does not.
  expect_error(make_npy(dict_for("<c32", "(1,)"), std::vector<std::byte>(32)), "complex dtype");
  expect_error(make_npy(dict_for("<i4", "(-1,)"), d4), "negative dimension");
  expect_error(make_npy(dict_for("<i4", "(2.5,)"), d4), "dimension is not an integer");
  expect_error(make_npy(dict_for("<i4", "(1)"), d4), "is not a tuple");
  expect_error(make_npy(dict_for("<i4", "(1099511627776, 1099511627776)"), d4),
               "element count overflows 64 bits");
  expect_error(make_npy(dict_for("<f8", "(2305843009213693952,)"), d4),
               "byte size overflows 64 bits");
  expect_error(make_npy(dict_for("<i4", "(99999999999999999999,)"), d4), "does not fit in 64 bits");
  expect_error(make_npy(dict_for("<i4", "(2,)"), d4), "truncated data: expected 8 bytes");
  expect_error(make_npy(dict_for("<i4", "()"), std::vector<std::byte>(5)),
               "trailing garbage: 1 bytes");
  expect_error(make_npy(dict_for("<i4", "(5,)"), std::vector<std::byte>(20)),
               "data of 20 bytes exceeds the limit of 16 bytes", 16);
  expect_error(make_npy(dict_for("|b1", "(2,)"), {std::byte{1}, std::byte{2}}),
               "bool element 1 has byte value 2");
  expect_error(make_npy("{'descr': '<i4', 'fortran_order': 'yes', 'shape': ()}", d4),
               "must be True or False");
  expect_error(make_npy("{'descr' '<i4', 'fortran_order': False, 'shape': ()}", d4),
               "expected ':' after key 'descr'");
  expect_error(make_npy("{'descr': '<i4, 'fortran_order': False, 'shape': ()}", d4),
               "unknown dtype '<i4, '");
  expect_error(make_npy("{'descr': '<i4', 'fortran_order': False, 'shape': ()} x", d4),
               "trailing characters after the header dictionary");
  expect_error(make_npy("{'descr': '<i4", d4), "unterminated string");
  expect_error(make_npy(dict_for("<M8[ns]", "()"), std::vector<std::byte>(8)), "datetime dtype");
}

TEST_CASE("random header corruption never crashes") {
  HostTensor t = random_tensor(DType::i16, {3, 2}, 3);
  std::vector<std::byte> good = io::encode_npy(t);
  std::mt19937 rng(1234);
  int errors = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<std::byte> f = good;
    int flips = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < flips; ++k) f[rng() % 64] = static_cast<std::byte>(rng() & 0xff);
    try {
      HostTensor r = io::parse_npy(f, "fuzz.npy", 1 << 20);
      CHECK(static_cast<int64_t>(r.data.size()) ==
            io::storage_bytes(r.dtype, io::element_count(r.shape)));
    } catch (const tessera::Error&) {
      ++errors;
    }
  }
  CHECK(errors > 100);
}

TEST_CASE("reinterpret_as checks widths and value ranges") {
  HostTensor t = random_tensor(DType::u16, {4}, 1);
  CHECK_THROWS_WITH_AS(io::reinterpret_as(t, DType::f8e4m3),
                       doctest::Contains("element widths differ: 16 vs 8 bits"), tessera::Error);
  io::reinterpret_as(t, DType::bf16);
  CHECK(t.dtype == DType::bf16);
  HostTensor u;
  u.dtype = DType::u8;
  u.shape = {2};
  u.data = {std::byte{0x0F}, std::byte{0x10}};
  CHECK_THROWS_WITH_AS(io::reinterpret_as(u, DType::f4e2m1),
                       doctest::Contains("element 1 has byte value 16 (at most 15)"),
                       tessera::Error);
  io::reinterpret_as(u, DType::f6e3m2);
  CHECK(u.dtype == DType::f6e3m2);
  HostTensor s;
  s.dtype = DType::i8;
  s.shape = {1};
  s.data = {std::byte{8}};
  CHECK_THROWS_WITH_AS(io::reinterpret_as(s, DType::i4), doctest::Contains("outside [-8, 7]"),
                       tessera::Error);
  HostTensor f = random_tensor(DType::f32, {2}, 2);
  io::reinterpret_as(f, DType::tf32);
  CHECK(f.dtype == DType::tf32);
}

// The binding rule (docs/cli.md, "Inputs and outputs"), checked over every pair of types against
// the table written out by hand here: a file binds its own type and these carriers only.
TEST_CASE("dtype_binds: the same type or a documented carrier, nothing else") {
  const std::vector<std::pair<DType, DType>> carriers = {
      // (file, parameter)
      {DType::u16, DType::bf16},  {DType::u8, DType::f8e4m3}, {DType::u8, DType::f8e5m2},
      {DType::u8, DType::f6e2m3}, {DType::u8, DType::f6e3m2}, {DType::u8, DType::f4e2m1},
      {DType::u8, DType::e8m0},   {DType::i8, DType::i4},     {DType::f32, DType::tf32},
      {DType::i64, DType::index},
  };
  const std::vector<std::pair<DType, DType>> raw = {
      // descr V1 / f1 (u8) and V2 (u16)
      {DType::u16, DType::bf16},  {DType::u8, DType::f8e4m3}, {DType::u8, DType::f8e5m2},
      {DType::u8, DType::f6e2m3}, {DType::u8, DType::f6e3m2}, {DType::u8, DType::f4e2m1},
      {DType::u8, DType::e8m0},   {DType::u8, DType::i4},
  };
  auto listed = [](const auto& v, DType a, DType b) {
    return std::find(v.begin(), v.end(), std::make_pair(a, b)) != v.end();
  };
  for (int f = 0; f < tessera::kNumDTypes; ++f)
    for (int w = 0; w < tessera::kNumDTypes; ++w) {
      auto file = static_cast<DType>(f), want = static_cast<DType>(w);
      CAPTURE(f);
      CAPTURE(w);
      CHECK(io::dtype_binds(file, false, want) == (file == want || listed(carriers, file, want)));
      CHECK(io::dtype_binds(file, true, want) == listed(raw, file, want));
    }
  HostTensor i32 = random_tensor(DType::i32, {3}, 5);
  CHECK_THROWS_WITH_AS(io::adopt_dtype(i32, false, DType::f32),
                       doctest::Contains("cannot carry f32"), tessera::Error);
  HostTensor nib;  // ml_dtypes.int4: one nibble per byte -> packed i4
  nib.dtype = DType::u8;
  nib.shape = {3};
  nib.data = {std::byte{0x8}, std::byte{0xF}, std::byte{0x7}};  // -8, -1, 7
  io::adopt_dtype(nib, true, DType::i4);
  REQUIRE(nib.dtype == DType::i4);
  CHECK(nib.data == std::vector<std::byte>{std::byte{0xF8}, std::byte{0x07}});
  HostTensor wide = nib;
  wide.dtype = DType::u8;
  wide.data = {std::byte{0x10}, std::byte{0}, std::byte{0}};
  CHECK_THROWS_WITH_AS(io::adopt_dtype(wide, true, DType::i4), doctest::Contains("one nibble"),
                       tessera::Error);
}
