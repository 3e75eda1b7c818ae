// The run context: runs in one process never see each other's options, logs or call depth.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "core/support/error.h"
#include "interp/session.h"

using namespace tessera;

namespace {

// Every group writes element 0 of the result: a global race the races sanitizer reports
// (tests/sanitizers/races_global_groups.mlir), launched from Graph IR with enough groups that
// runs on different threads overlap.
const char* kRacy = R"(module {
  func.func @k(%out: memref<8xf32>) {
    %t = tile.local_id : index
    %c0 = arith.constant {value = 0 : index} : index
    %g = tile.group_id : index
    %gi = arith.index_cast %g : (index) -> i64
    %gf = arith.sitofp %gi : (i64) -> f32
    %first = arith.cmpi %t, %c0 {predicate = 0} : (index, index) -> i1
    "scf.if"(%first) ({
      tile.store %gf, %out, %c0 : (f32, memref<8xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }, { "scf.yield"() : () -> () }) : (i1) -> ()
    return
  }
  func.func @main() -> tensor<8xf32> {
    %o = tile.launch {callee = @k, grid = [64], tiles = 8, lanes = 32} : () -> tensor<8xf32>
    return %o : tensor<8xf32>
  }
})";

/// Runs kRacy with or without the races sanitizer; returns the number of reports its own log got
/// (every one of them when checking: the limit is above the count).
uint64_t run_racy(const interp::LoadedModule& lm, bool check) {
  interp::RunOptions ro;
  ro.threads = 1;
  ro.tile.checks = check ? 2u : 0u;  // races
  ro.tile.check_limit = 1u << 20;
  ro.tile.log = std::make_shared<interp::TileCheckLog>();
  interp::run_function(lm, {}, ro);
  return ro.tile.log->total;
}

/// A chain of `depth` calls: @f0 calls @f1 ... calls @f<depth-1>, which returns its argument.
std::string call_chain(int depth) {
  std::string text = "module {\n";
  for (int k = 0; k < depth; ++k) {
    text += "  func.func @f" + std::to_string(k) + "(%x: tensor<2xf32>) -> tensor<2xf32> {\n";
    if (k + 1 < depth)
      text += "    %y = func.call %x {callee = @f" + std::to_string(k + 1) +
              "} : (tensor<2xf32>) -> tensor<2xf32>\n    return %y : tensor<2xf32>\n  }\n";
    else
      text += "    return %x : tensor<2xf32>\n  }\n";
  }
  return text + "}\n";
}

}  // namespace

// Before the run context, launches read their options from a process-wide pointer that every
// run_function set for its duration: a run without checks running beside one with checks made
// the latter miss its reports (or the former report races it never asked for).
TEST_CASE("run_m1: concurrent runs keep their own tile options and logs") {
  auto lm = interp::load_module(kRacy, "racy.mlir");
  const uint64_t reports = run_racy(*lm, true);
  REQUIRE(reports > 0);
  REQUIRE(run_racy(*lm, false) == 0);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        const bool check = (t + i) % 2 == 0;
        if (run_racy(*lm, check) != (check ? reports : 0u)) ++wrong;
      }
    });
  for (auto& th : threads) th.join();
  CHECK(wrong.load() == 0);
}

// The call depth travels in the run context: 64 nested calls run, the 65th is refused, whatever
// else runs in the process at the same time.
TEST_CASE("run_m2: call depth travels in the run context") {
  auto ok = interp::load_module(call_chain(65), "chain65.mlir");  // 64 calls deep
  auto deep = interp::load_module(call_chain(66), "chain66.mlir");
  interp::Tensor x(DType::f32, {2});
  std::memset(x.bytes(), 0, x.nbytes());
  interp::RunOptions ro;
  ro.entry = "f0";
  CHECK(interp::run_function(*ok, {x}, ro).size() == 1);
  CHECK_THROWS_WITH_AS(interp::run_function(*deep, {x}, ro),
                       doctest::Contains("calls nest deeper than 64"), Error);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10; ++i) {
        try {
          if (interp::run_function(*ok, {x}, ro).size() != 1) ++wrong;
        } catch (const Error&) {
          ++wrong;
        }
      }
    });
  for (auto& th : threads) th.join();
  CHECK(wrong.load() == 0);
}

// A callee is planned under the run's --max-memory like its caller (before, a callee's plan used
// the default limit: a 4 MiB intermediate inside a call ran under a 64 KiB limit).
TEST_CASE("run_m2: a callee's plan honours the run's memory limit") {
  const char* prog = R"(module {
  func.func @big(%x: tensor<1x1xf32>) -> tensor<1024xf32> {
    %b = "tessera.broadcast"(%x) : (tensor<1x1xf32>) -> tensor<1024x1024xf32>
    %r = "tessera.reduce"(%b) {kind = "sum", axes = [0]} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
    return %r : tensor<1024xf32>
  }
  func.func @main(%x: tensor<1x1xf32>) -> tensor<1024xf32> {
    %y = func.call %x {callee = @big} : (tensor<1x1xf32>) -> tensor<1024xf32>
    return %y : tensor<1024xf32>
  }
})";
  auto lm = interp::load_module(prog, "call.mlir");
  interp::Tensor x(DType::f32, {1, 1});
  const float one = 1.0f;
  std::memcpy(x.bytes(), &one, 4);
  interp::RunOptions ro;
  auto out = interp::run_function(*lm, {x}, ro);  // default limit: runs
  REQUIRE(out.size() == 1);
  float first = 0;
  std::memcpy(&first, out[0].bytes(), 4);
  CHECK(first == 1024.0f);  // 1024 ones summed, by hand
  ro.max_memory = 64 << 10;
  CHECK_THROWS_WITH_AS(interp::run_function(*lm, {x}, ro),
                       doctest::Contains("above the limit of 65536 (--max-memory)"), Error);
}
