// Unit tests for the conformance case-file parser: good files, and bad directives with file:line.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "conformance/lib/case_file.h"
#include "core/support/error.h"
#include "interp/io/npy.h"

using tessera::DType;
using tessera::conform::Case;
using tessera::conform::Rule;
namespace fs = std::filesystem;

namespace {

/// A scratch directory per process, removed at exit.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("tessera_cf_" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) const {
    fs::create_directories((dir / name).parent_path());
    std::ofstream(dir / name, std::ios::binary) << text;
    return (dir / name).string();
  }
};

const Scratch& scratch() {
  static Scratch s;
  return s;
}

const char* kModule =
    "module {\n"
    "  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
    "    return %a : tensor<2xf32>\n"
    "  }\n"
    "}\n";

/// Loads `text` as a case file and expects an Error starting with `<file>:<line>: error: ` and
/// containing `fragment`.
void expect_error(const std::string& text, int line, const std::string& fragment) {
  std::string path = scratch().write("bad.mlir", text);
  CAPTURE(text);
  try {
    tessera::conform::load_case_file(path);
    FAIL("no error; expected: " << fragment);
  } catch (const tessera::Error& e) {
    std::string msg = e.what();
    CAPTURE(msg);
    CHECK(msg.rfind(path + ":" + std::to_string(line) + ": error: ", 0) == 0);
    CHECK(msg.find(fragment) != std::string::npos);
  }
}

std::string good_case(const std::string& name, const std::string& extra = "") {
  return "// CASE: " + name + "\n" + extra +
         "// INPUT: 0 tensor<2xf32> hex:3f800000,c0000000\n"
         "// EXPECT: 0 tensor<2xf32> hex:3f800000, c0000000\n" +
         kModule;
}

uint32_t f32_word(const tessera::interp::HostTensor& t, size_t i) {
  uint32_t w;
  std::memcpy(&w, t.data.data() + 4 * i, 4);
  return w;
}

}  // namespace

TEST_CASE("a file with several cases parses into names, lines, programs and tensors") {
  std::string text = "// Free comment at the top.\n\n" +
                     good_case("first",
                               "// RULE: ulp:2\n// REQUIRES: op=tessera.add dtype=f32\n"
                               "// REQUIRES: level=graph\n// NOTE: anything\n") +
                     "\n// -----\n" +
                     good_case("second",
                               "// ENTRY: other\n// RULE: tol:rtol=1e-6,atol=1e-7\n"
                               "// GENERATOR: gen.py numpy=2.0\n") +
                     "// -----\n\n// only a comment chunk\n// -----\n" +
                     good_case("third", "// RULE: bitexact strict_nan\n");
  std::string path = scratch().write("good.mlir", text);
  std::vector<Case> cases = tessera::conform::load_case_file(path);
  REQUIRE(cases.size() == 3);
  CHECK(cases[0].name == "first");
  CHECK(cases[0].file == path);
  CHECK(cases[0].line == 3);
  CHECK(cases[0].program_line == 10);
  CHECK(cases[0].program == kModule);
  CHECK(cases[0].entry == "main");
  CHECK(cases[0].rule.kind == Rule::Kind::ulp);
  CHECK(cases[0].rule.max_ulp == 2);
  CHECK(cases[0].requirements ==
        std::vector<std::string>{"op=tessera.add", "dtype=f32", "level=graph"});
  REQUIRE(cases[0].inputs.size() == 1);
  CHECK(cases[0].inputs[0].dtype == DType::f32);
  CHECK(cases[0].inputs[0].shape == std::vector<int64_t>{2});
  CHECK(f32_word(cases[0].inputs[0], 0) == 0x3f800000u);
  CHECK(f32_word(cases[0].expected[0], 1) == 0xc0000000u);
  CHECK(cases[1].entry == "other");
  CHECK(cases[1].rule.kind == Rule::Kind::tol);
  CHECK(cases[1].rule.rtol == 1e-6);
  CHECK(cases[1].rule.atol == 1e-7);
  CHECK(cases[1].generator == "gen.py numpy=2.0");
  CHECK(cases[1].line == 17);
  CHECK(cases[2].rule.kind == Rule::Kind::bitexact);
  CHECK(cases[2].rule.strict_nan);
}

TEST_CASE("tensor payloads: every element type, splat, 0-d, empty, npy beside the file") {
  std::string text =
      "// CASE: types\n"
      "// INPUT: 0 tensor<3xbf16> hex:3f80,ffc0,0001\n"
      "// INPUT: 1 tensor<2xf8E4M3FN> hex:7e,ff\n"
      "// INPUT: 2 tensor<3xi4> hex:8,f,7\n"
      "// INPUT: 3 tensor<2xf4E2M1FN> hex:0f,01\n"
      "// INPUT: 4 tensor<i64> hex:fffffffffffffffe\n"
      "// INPUT: 5 tensor<0x3xf64> hex:\n"
      "// INPUT: 6 tensor<2x2xui16> splat:abcd\n"
      "// INPUT: 7 tensor<2xi1> hex:01,00\n"
      "// INPUT: 8 tensor<2x2xbf16> npy:data/in8.npy\n"
      "// EXPECT: 0 tensor<f8E8M0FNU> hex:7f\n" +
      std::string(kModule);
  tessera::interp::HostTensor raw;
  raw.dtype = DType::u16;
  raw.shape = {2, 2};
  raw.data = {std::byte{0x80}, std::byte{0x3f}, std::byte{0}, std::byte{0},
              std::byte{0x80}, std::byte{0xbf}, std::byte{1}, std::byte{0}};
  fs::create_directories(scratch().dir / "data");
  tessera::io::write_npy((scratch().dir / "data" / "in8.npy").string(), raw);
  std::vector<Case> cases = tessera::conform::load_case_file(scratch().write("types.mlir", text));
  REQUIRE(cases.size() == 1);
  const auto& in = cases[0].inputs;
  REQUIRE(in.size() == 9);
  CHECK(in[0].data == std::vector<std::byte>{std::byte{0x80}, std::byte{0x3f}, std::byte{0xc0},
                                             std::byte{0xff}, std::byte{0x01}, std::byte{0}});
  CHECK(in[1].dtype == DType::f8e4m3);
  CHECK(in[2].dtype == DType::i4);
  CHECK(in[2].data == std::vector<std::byte>{std::byte{0xf8}, std::byte{0x07}});
  CHECK(in[3].dtype == DType::f4e2m1);
  CHECK(in[4].shape.empty());
  CHECK(in[4].data[0] == std::byte{0xfe});
  CHECK(in[5].shape == std::vector<int64_t>{0, 3});
  CHECK(in[5].data.empty());
  CHECK(in[6].data.size() == 8);
  CHECK(in[6].data[6] == std::byte{0xcd});
  CHECK(in[7].dtype == DType::i1);
  CHECK(in[8].dtype == DType::bf16);
  CHECK(in[8].data == raw.data);
  CHECK(cases[0].expected[0].dtype == DType::e8m0);
}

TEST_CASE("bad case files are errors at the right line") {
  const std::string m = kModule;
  expect_error("// CASE: a\n// FOO: 1\n" + m, 2, "unknown directive 'FOO'");
  expect_error("// INPUT: 0 tensor<2xf32> hex:3f800000,3f800000\n" + m, 1,
               "case has no '// CASE:' directive");
  expect_error("// CASE: a\n// EXPECT: 0 tensor<2xf32> splat:00000000\n", 1,
               "case 'a' has no program text");
  expect_error("// CASE: a\n" + m, 1, "case 'a' has no EXPECT directive");
  expect_error(good_case("a") + "// -----\n" + good_case("a"), 10, "duplicate case name 'a'");
  expect_error("// CASE: a\n// CASE: b\n" + m, 2, "duplicate CASE directive");
  expect_error("// CASE: a b\n" + m, 1, "bad case name 'a b'");
  expect_error("// CASE: a\n// RULE: ulp:-1\n" + m, 2, "bad ulp bound");
  expect_error("// CASE: a\n// RULE: ulp:x\n" + m, 2, "bad ulp bound");
  expect_error("// CASE: a\n// RULE: close\n" + m, 2, "unknown rule 'close'");
  expect_error("// CASE: a\n// RULE: tol:rtol=abc\n" + m, 2, "bad tolerance 'rtol=abc'");
  expect_error("// CASE: a\n// RULE: tol:\n" + m, 2, "tol rule needs");
  expect_error("// CASE: a\n// RULE: bitexact loose\n" + m, 2, "unknown rule option 'loose'");
  expect_error("// CASE: a\n// REQUIRES: dtype\n" + m, 2, "bad requirement 'dtype'");
  expect_error("// CASE: a\n// ENTRY: 1abc\n" + m, 2, "bad entry function name");
  expect_error("// CASE: a\n// INPUT: 1 tensor<2xf32> hex:3f800000,3f800000\n" + m, 2,
               "INPUT index '1' out of order (expected 0)");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf33> hex:3f800000,3f800000\n" + m, 2,
               "unknown element type 'f33'");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2x-1xf32> hex:\n" + m, 2, "bad dimension '-1'");
  expect_error("// CASE: a\n// INPUT: 0 tensor<?xf32> hex:\n" + m, 2, "bad dimension '?'");
  expect_error("// CASE: a\n// INPUT: 0 vector<2xf32> hex:\n" + m, 2, "bad tensor type");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf32> hex:3f800000\n" + m, 2,
               "has 1 values, type tensor<2xf32> needs 2");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf32> hex:3f80,3f800000\n" + m, 2,
               "element 0 '3f80' is not 8 hex digits for f32");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf32> hex:3f800000,3f80000g\n" + m, 2,
               "element 1 '3f80000g'");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf32> hex:3f800000,\n" + m, 2,
               "element 1 '' is not 8 hex digits");
  expect_error("// CASE: a\n// INPUT: 0 tensor<1xf6E2M3FN> hex:40\n" + m, 2,
               "element 0 is out of range for f6E2M3FN");
  expect_error("// CASE: a\n// INPUT: 0 tensor<1xi1> hex:02\n" + m, 2, "out of range for i1");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf32> dec:1,2\n" + m, 2,
               "payload must start with hex:, splat: or npy:");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf32> splat:00000000,00000000\n" + m, 2,
               "splat: takes exactly one value");
  expect_error("// CASE: a\n// INPUT: 0 tensor<100000x100000x100000xf32> splat:00000000\n" + m, 2,
               "inline tensor too large");
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf32> npy:missing.npy\n" + m, 2,
               "missing.npy: error: npy: no such regular file");
  expect_error(
      "// CASE: a\n// EXPECT: 0 tensor<2xf32> splat:00000000\n" + m + "// RULE: bitexact\n", 8,
      "directive 'RULE' after the program text");
}

TEST_CASE("mesh cases: per-rank tensors i@r and plain tensors repeated on every rank") {
  std::string text =
      "// CASE: m\n"
      "// REQUIRES: op=tessera.all_reduce mesh=3\n"
      "// INPUT: 0@0 tensor<2xi32> hex:00000001,00000002\n"
      "// INPUT: 0@1 tensor<2xi32> hex:00000003,00000004\n"
      "// INPUT: 0@2 tensor<1xi32> hex:00000005\n"
      "// INPUT: 1 tensor<i32> hex:00000007\n"
      "// EXPECT: 0 tensor<2xi32> splat:00000009\n"
      "// EXPECT: 1@0 tensor<i32> hex:00000000\n"
      "// EXPECT: 1@1 tensor<i32> hex:00000001\n"
      "// EXPECT: 1@2 tensor<i32> hex:00000002\n" +
      std::string(kModule);
  std::vector<Case> cases = tessera::conform::load_case_file(scratch().write("mesh.mlir", text));
  REQUIRE(cases.size() == 1);
  const Case& c = cases[0];
  CHECK(c.ranks == 3);
  CHECK(c.inputs.empty());
  CHECK(c.expected.empty());
  REQUIRE(c.rank_inputs.size() == 3);
  REQUIRE(c.rank_expected.size() == 3);
  for (int r = 0; r < 3; ++r) {
    REQUIRE(c.rank_inputs[r].size() == 2);
    REQUIRE(c.rank_expected[r].size() == 2);
    CHECK(static_cast<int>(c.rank_inputs[r][1].data[0]) == 7);  // plain: the same on every rank
    CHECK(static_cast<int>(c.rank_expected[r][1].data[0]) == r);
  }
  CHECK(static_cast<int>(c.rank_inputs[1][0].data[4]) == 4);
  CHECK(c.rank_inputs[2][0].shape == std::vector<int64_t>{1});  // ranks may differ in shape
  // mesh=1 keeps the single-device layout.
  std::string one = "// CASE: one\n// REQUIRES: mesh=1\n// EXPECT: 0 tensor<i32> hex:00000001\n" +
                    std::string(kModule);
  auto c1 = tessera::conform::load_case_file(scratch().write("mesh1.mlir", one));
  CHECK(c1[0].ranks == 1);
  CHECK(c1[0].expected.size() == 1);
  CHECK(c1[0].rank_expected.empty());
}

TEST_CASE("mesh cases: bad per-rank directives are errors at the right line") {
  const std::string m = kModule;
  const std::string t = " tensor<i32> hex:00000001\n";
  expect_error("// CASE: a\n// INPUT: 0@0" + t + "// EXPECT: 0" + t + m, 2,
               "needs an earlier 'REQUIRES: mesh=N' with N > 1");
  expect_error("// CASE: a\n// REQUIRES: mesh=2\n// INPUT: 0@1" + t + "// EXPECT: 0" + t + m, 3,
               "rank out of order (expected 0@0)");
  expect_error("// CASE: a\n// REQUIRES: mesh=3\n// INPUT: 0@0" + t + "// INPUT: 0@1" + t +
                   "// EXPECT: 0" + t + m,
               3, "INPUT 0 gives 2 of the 3 ranks");
  expect_error("// CASE: a\n// REQUIRES: mesh=2\n// INPUT: 0@0" + t + "// INPUT: 1" + t +
                   "// EXPECT: 0" + t + m,
               4, "out of order (expected 0@1)");
  expect_error("// CASE: a\n// REQUIRES: mesh=2\n// INPUT: 0@0" + t + "// INPUT: 0" + t + m, 4,
               "expected 0@1 (per-rank tensors list every rank)");
  expect_error("// CASE: a\n// EXPECT: 0" + t + "// REQUIRES: mesh=2\n" + m, 3,
               "must come before the INPUT and EXPECT");
  expect_error("// CASE: a\n// REQUIRES: mesh=2 mesh=2\n// EXPECT: 0" + t + m, 2,
               "duplicate mesh= requirement");
  expect_error("// CASE: a\n// REQUIRES: mesh=0\n// EXPECT: 0" + t + m, 2, "1 <= N");
  expect_error("// CASE: a\n// REQUIRES: mesh=x\n// EXPECT: 0" + t + m, 2, "1 <= N");
  expect_error("// CASE: a\n// REQUIRES: mesh=2\n// INPUT: 0@x" + t + "// EXPECT: 0" + t + m, 3,
               "rank out of order");
}

TEST_CASE("npy payloads must match the declared type") {
  tessera::interp::HostTensor t;
  t.dtype = DType::f32;
  t.shape = {3};
  t.data.resize(12);
  tessera::io::write_npy((scratch().dir / "f32x3.npy").string(), t);
  const std::string m = kModule;
  expect_error("// CASE: a\n// INPUT: 0 tensor<2xf32> npy:f32x3.npy\n" + m, 2,
               "has shape tensor<3xf32>, declared tensor<2xf32>");
  expect_error("// CASE: a\n// INPUT: 0 tensor<3xf16> npy:f32x3.npy\n" + m, 2,
               "a .npy file of f32 data cannot carry f16");
  // Same width, other type: refused too, never reinterpreted (docs/cli.md, the binding rule).
  t.dtype = DType::i32;
  tessera::io::write_npy((scratch().dir / "i32x3.npy").string(), t);
  expect_error("// CASE: a\n// INPUT: 0 tensor<3xf32> npy:i32x3.npy\n" + m, 2,
               "a .npy file of i32 data cannot carry f32");
}

TEST_CASE("find_case_files lists *.mlir recursively and sorted") {
  scratch().write("tree/b/z.mlir", "");
  scratch().write("tree/a.mlir", "");
  scratch().write("tree/b/notes.txt", "");
  scratch().write("tree/c/y.mlir", "");
  std::string root = (scratch().dir / "tree").string();
  std::vector<std::string> files = tessera::conform::find_case_files(root);
  CHECK(files ==
        std::vector<std::string>{root + "/a.mlir", root + "/b/z.mlir", root + "/c/y.mlir"});
  CHECK(tessera::conform::find_case_files(root + "/a.mlir").size() == 1);
  CHECK_THROWS_AS(tessera::conform::find_case_files(root + "/nope"), tessera::Error);
}

TEST_CASE("the committed example add.mlir loads and agrees with float32 addition") {
  std::string path = std::string(TESSERA_SOURCE_DIR) + "/conformance/cases/graph/add.mlir";
  std::vector<Case> cases = tessera::conform::load_case_file(path);
  REQUIRE(cases.size() == 3);
  for (const Case& c : cases) {
    CAPTURE(c.name);
    REQUIRE(c.inputs.size() == 2);
    REQUIRE(c.expected.size() == 1);
    CHECK(c.program.find("\"tessera.add\"(%a, %b)") != std::string::npos);
    CHECK(c.generator.rfind("conformance/gen/example_add.py numpy=", 0) == 0);
    // An independent check of the oracle: IEEE float addition on this host.
    tessera::interp::HostTensor sum = c.inputs[0];
    size_t n = sum.data.size() / 4;
    for (size_t i = 0; i < n; ++i) {
      float a, b;
      std::memcpy(&a, c.inputs[0].data.data() + 4 * i, 4);
      std::memcpy(&b, c.inputs[1].data.data() + 4 * i, 4);
      float s = a + b;
      std::memcpy(sum.data.data() + 4 * i, &s, 4);
    }
    auto cmp = tessera::conform::compare(sum, c.expected[0], c.rule);
    CHECK_MESSAGE(cmp.ok, cmp.message);
  }
}
