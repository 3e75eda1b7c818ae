// The spec's f64 exp and log (core/numerics/exp64.h, log64.h) against the C library's exp and
// log, one thread: time per call over 1,048,576 inputs (best of 5), the ratio, and how many
// results differ. A program that prints a table, not a test (docs/numerics.md).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/numerics/log64.h"

namespace {

template <typename F>
double best_seconds(const std::vector<double>& x, std::vector<double>& y, F f) {
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    for (size_t i = 0; i < x.size(); ++i) y[i] = f(x[i]);
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  return best;
}

void row(const char* name, const std::vector<double>& x, double (*ours)(double),
         double (*peer)(double)) {
  std::vector<double> a(x.size()), b(x.size());
  const double to = best_seconds(x, a, ours), tp = best_seconds(x, b, peer);
  size_t differ = 0;
  for (size_t i = 0; i < x.size(); ++i) differ += std::memcmp(&a[i], &b[i], 8) != 0;
  std::printf("%-5s %10zu %12.2f %12.2f %8.2f %10zu\n", name, x.size(), 1e9 * to / double(x.size()),
              1e9 * tp / double(x.size()), to / tp, differ);
}

double ours_exp(double v) { return tessera::num::exp64(v); }
double ours_log(double v) { return tessera::num::log64(v); }
double libm_exp(double v) { return std::exp(v); }
double libm_log(double v) { return std::log(v); }

}  // namespace

int main() {
  constexpr size_t kN = size_t(1) << 20;
  std::mt19937_64 g(2026);
  std::vector<double> ex(kN), lg(kN);
  std::uniform_real_distribution<double> u(-700.0, 700.0), e(-1000.0, 1000.0);
  for (size_t i = 0; i < kN; ++i) ex[i] = u(g);
  for (size_t i = 0; i < kN; ++i) lg[i] = std::exp2(e(g));
  std::string load = "?";
  if (std::ifstream f("/proc/loadavg"); f) std::getline(f, load);
  std::printf("spec f64 exp/log vs the C library's, one thread, best of 5; /proc/loadavg: %s\n",
              load.c_str());
  std::printf("%-5s %10s %12s %12s %8s %10s\n", "fn", "n", "ours ns", "libm ns", "ratio", "differ");
  row("exp", ex, ours_exp, libm_exp);
  row("log", lg, ours_log, libm_log);
  return 0;
}
