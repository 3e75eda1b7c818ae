// Unit tests of the runner's pieces: requirement matching, filters, JUnit escaping and counts.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "conformance/runner/bitdiff.h"
#include "conformance/runner/report.h"
#include "conformance/runner/runner.h"

using namespace tessera::conform;
using tessera::plugins::Capabilities;

namespace {
Capabilities caps_f32_graph() {
  Capabilities c;
  c.dtype_mask = 1u << 1;
  c.ir_level_mask = TESSERA_IR_LEVEL_GRAPH;
  c.max_mesh_size = 4;
  c.device_count = 4;
  c.op_names = std::vector<std::string>{"tessera.add"};
  return c;
}
}  // namespace

TEST_CASE("requirements: met, unmet with a reason, malformed") {
  Capabilities c = caps_f32_graph();
  CHECK(unmet_requirement({"op=tessera.add", "dtype=f32", "level=graph", "mesh=1"}, c, false)
            .empty());
  CHECK(unmet_requirement({"op=tessera.matmul"}, c, false) ==
        "backend does not support op tessera.matmul");
  CHECK(unmet_requirement({"dtype=bf16"}, c, false) == "backend does not support dtype bf16");
  CHECK(unmet_requirement({"dtype=fp8_e4m3"}, c, false) ==
        "backend does not support dtype fp8_e4m3");
  CHECK(unmet_requirement({"level=tile"}, c, false) == "backend does not run tile IR");
  CHECK(unmet_requirement({"mesh=8"}, c, false).find("up to 4") != std::string::npos);
  // Mesh cases within the backend's limit run (per-rank tensors, docs/conformance.md).
  CHECK(unmet_requirement({"mesh=4"}, c, false).empty());
  CHECK(unmet_requirement({}, c, true) == "backend has no deterministic mode");
  c.unavailable_reason = "no CUDA device";
  CHECK(unmet_requirement({}, c, false) == "backend unavailable: no CUDA device");
  c = caps_f32_graph();
  CHECK_THROWS_WITH(unmet_requirement({"dtype=f33"}, c, false),
                    doctest::Contains("unknown dtype 'f33'"));
  CHECK_THROWS_WITH(unmet_requirement({"color=red"}, c, false),
                    doctest::Contains("unknown requirement key 'color'"));
  CHECK_THROWS_WITH(unmet_requirement({"mesh=0"}, c, false), doctest::Contains("positive"));
  CHECK_THROWS_WITH(unmet_requirement({"level=ptx"}, c, false), doctest::Contains("level"));
  CHECK_THROWS(unmet_requirement({"novalue="}, c, false));
}

TEST_CASE("requirements: a backend without an op list accepts every op") {
  Capabilities c = caps_f32_graph();
  c.op_names.reset();
  CHECK(unmet_requirement({"op=tessera.anything"}, c, false).empty());
}

TEST_CASE("filters match the id or the bare name") {
  CHECK(case_matches_filter("", "graph/add/x", "x"));
  CHECK(case_matches_filter("graph/*", "graph/add/x", "x"));
  CHECK(case_matches_filter("x", "graph/add/x", "x"));
  CHECK(case_matches_filter("*add*", "graph/add/x", "x"));
  CHECK_FALSE(case_matches_filter("tile/*", "graph/add/x", "x"));
}

TEST_CASE("summary line and XML escaping") {
  std::vector<CaseResult> rs(4);
  rs[1].status = CaseResult::Status::failed;
  rs[2].status = CaseResult::Status::skipped;
  rs[3].status = CaseResult::Status::skipped;
  CHECK(summary_line(summarize(rs)) == "1 passed, 1 failed, 2 skipped");
  CHECK(xml_escape("a<b>&\"'\x01") == "a&lt;b&gt;&amp;&quot;&apos;?");
}

TEST_CASE("JUnit report carries counts, reasons and escaped messages") {
  std::vector<CaseResult> rs = {
      {CaseResult::Status::passed, "g/add/ok", "add.mlir", 3, "", 0.5},
      {CaseResult::Status::failed, "g/add/bad", "add.mlir", 9, "output 0: <diff> & more\nx", 0},
      {CaseResult::Status::skipped, "g/add/mesh", "add.mlir", 20, "needs mesh", 0}};
  std::string path = "junit_unit_test_" + std::to_string(getpid()) + ".xml";
  write_junit(path, rs, {{"backend", "ref\"x"}}, 1.25);
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string x = ss.str();
  std::remove(path.c_str());
  CHECK(x.find("tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\"") != std::string::npos);
  CHECK(x.find("<failure message=\"output 0: &lt;diff&gt; &amp; more\">") != std::string::npos);
  CHECK(x.find("<skipped message=\"needs mesh\"/>") != std::string::npos);
  CHECK(x.find("classname=\"g.add\" name=\"bad\"") != std::string::npos);
  CHECK(x.find("value=\"ref&quot;x\"") != std::string::npos);
  CHECK_THROWS_WITH(write_junit("/nonexistent/dir/r.xml", rs, {}, 0),
                    doctest::Contains("cannot open"));
}

namespace {
tessera::plugins::HostTensor tensor_of(tessera::DType dt, std::vector<int64_t> shape,
                                       std::vector<unsigned char> bytes) {
  tessera::plugins::HostTensor t;
  t.dtype = dt;
  t.shape = std::move(shape);
  for (unsigned char b : bytes) t.data.push_back(std::byte{b});
  return t;
}
}  // namespace

TEST_CASE("bitwise diff: counts elements whose stored bits differ (--diff-backend)") {
  using tessera::DType;
  // f32 little-endian: +0, -0, a quiet NaN, 1.0; then -0 for +0 and another NaN payload.
  auto a =
      tensor_of(DType::f32, {4}, {0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0xc0, 0x7f, 0, 0, 0x80, 0x3f});
  auto b = tensor_of(DType::f32, {4},
                     {0, 0, 0, 0x80, 0, 0, 0, 0x80, 1, 0, 0xc0, 0x7f, 0, 0, 0x80, 0x3f});
  BitDiff same = bitwise_diff(a, a);
  CHECK(same.total == 4);
  CHECK(same.differing == 0);
  CHECK(same.first == -1);
  BitDiff d = bitwise_diff(a, b);
  CHECK(d.total == 4);
  CHECK(d.differing == 1);  // +0 vs -0: numerically equal, bitwise not
  CHECK(d.first == 0);
  CHECK(d.nan_payload == 1);  // 0x7fc00000 vs 0x7fc00001: NaN on both sides, counted apart
  CHECK(d.first_nan == 2);
  CHECK(d.nan_a == 0x7fc00000u);
  CHECK(d.nan_b == 0x7fc00001u);
  // A NaN vs Inf, and fp8 e4m3fn's NaN (S.1111.111) vs its max finite (S.1111.110) differ;
  // e4m3fn's two NaNs (0x7F, 0xFF) and e5m2's 0x7D vs 0xFE are NaN-payload elements.
  auto ni = tensor_of(DType::f32, {1}, {0, 0, 0xc0, 0x7f});
  auto inf = tensor_of(DType::f32, {1}, {0, 0, 0x80, 0x7f});
  CHECK(bitwise_diff(ni, inf).differing == 1);
  CHECK(bitwise_diff(ni, inf).nan_payload == 0);
  auto e4a = tensor_of(DType::f8e4m3, {3}, {0x7f, 0x7f, 0x01});
  auto e4b = tensor_of(DType::f8e4m3, {3}, {0xff, 0x7e, 0x01});
  BitDiff e4 = bitwise_diff(e4a, e4b);
  CHECK(e4.differing == 1);
  CHECK(e4.first == 1);
  CHECK(e4.nan_payload == 1);
  auto e5a = tensor_of(DType::f8e5m2, {2}, {0x7d, 0x7c});
  auto e5b = tensor_of(DType::f8e5m2, {2}, {0xfe, 0x7b});
  BitDiff e5 = bitwise_diff(e5a, e5b);
  CHECK(e5.differing == 1);  // Inf vs max finite (the saturation bug of the first GPU run)
  CHECK(e5.nan_payload == 1);
  // Integers have no NaN.
  auto ia = tensor_of(DType::i32, {1}, {0, 0, 0xc0, 0x7f});
  auto ib = tensor_of(DType::i32, {1}, {1, 0, 0xc0, 0x7f});
  CHECK(bitwise_diff(ia, ib).differing == 1);
  CHECK(bitwise_diff(ia, ib).nan_payload == 0);
  // i4: two per byte, low nibble first: element 3 is the high nibble of byte 1.
  auto x = tensor_of(DType::i4, {2, 2}, {0x21, 0x43});
  auto y = tensor_of(DType::i4, {2, 2}, {0x21, 0x53});
  BitDiff n = bitwise_diff(x, y);
  CHECK(n.total == 4);
  CHECK(n.differing == 1);
  CHECK(n.first == 3);
  // Shape or dtype mismatch: every element differs.
  auto z = tensor_of(DType::f32, {2, 2}, std::vector<unsigned char>(16, 0));
  BitDiff m = bitwise_diff(a, z);
  CHECK(m.total == 4);
  CHECK(m.differing == 4);
  CHECK(m.first == 0);
}
