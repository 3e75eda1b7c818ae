// Parse plus verify grow linearly (issue #11, items 10 and 11): two sizes, generous slack.
// Quadratic work (a module scan per call) shows as a ratio near 16 for 4x the size; linear work
// stays near 4 (4.6 measured: caches). The bound is 8. Times are this thread's CPU time, best of
// 3 runs, so other load on the machine does not count.
#include <doctest/doctest.h>

#include <time.h>

#include <algorithm>
#include <string>

#include "core/text/parser.h"
#include "core/verify/verifier.h"

using namespace tessera;

namespace {

/// `funcs` functions of `ops` ops each; function k > 0 first calls function k - 1.
std::string program(int funcs, int ops) {
  const std::string t = "tensor<4xf32>";
  std::string s;
  s.reserve(static_cast<size_t>(funcs) * static_cast<size_t>(ops + 3) * 90);
  for (int f = 0; f < funcs; ++f) {
    s += "func.func @f" + std::to_string(f) + "(%a: " + t + ") -> " + t + " {\n";
    std::string prev = "%a";
    for (int i = 0; i < ops; ++i) {
      std::string v = "%v" + std::to_string(i);
      if (i == 0 && f > 0)
        s += "  " + v + " = func.call @f" + std::to_string(f - 1) + "(" + prev + ") : (" + t +
             ") -> " + t + "\n";
      else if (i % 2)
        s += "  " + v + " = \"tessera.add\"(" + prev + ", %a) : (" + t + ", " + t + ") -> " + t +
             "\n";
      else
        s += "  " + v + " = \"tessera.neg\"(" + prev + ") : (" + t + ") -> " + t + "\n";
      prev = v;
    }
    s += "  return " + prev + " : " + t + "\n}\n";
  }
  return s;
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

/// Best of 3 CPU times (seconds) of parse + verify; the program must verify.
double parse_verify_seconds(const std::string& text) {
  double best = 1e30;
  for (int rep = 0; rep < 3; ++rep) {
    const double t0 = thread_cpu_seconds();
    SourceManager sm;
    DiagnosticEngine diag(&sm);
    auto m = text::parse_module(text, "scale.mlir", sm, diag);
    REQUIRE(m);
    REQUIRE(verify::verify_module(*m, diag));
    best = std::min(best, thread_cpu_seconds() - t0);
  }
  return best;
}

void check_linear(int funcs, int ops) {
  const double small = parse_verify_seconds(program(funcs, ops));
  const double big = parse_verify_seconds(program(funcs * 4, ops));
  INFO("funcs " << funcs << " -> " << funcs * 4 << ", " << ops << " ops each: " << small << " s -> "
                << big << " s");
  CHECK(big < 8.0 * std::max(small, 1e-3));
}

void check_linear_ops(int ops) {
  const double small = parse_verify_seconds(program(1, ops));
  const double big = parse_verify_seconds(program(1, ops * 4));
  INFO("one function, " << ops << " -> " << ops * 4 << " ops: " << small << " s -> " << big
                        << " s");
  CHECK(big < 8.0 * std::max(small, 1e-3));
}

}  // namespace

TEST_CASE("linear_verify: many small functions calling each other (one symbol table)") {
  check_linear(4000, 4);
}

TEST_CASE("linear_verify: one long function (analyses built once, no per-query maps)") {
  check_linear_ops(50000);
}
