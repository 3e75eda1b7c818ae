// The spec's f64 exp, log, pow, tanh, erfc and sin (core/numerics/exp64.h, log64.h, pow64.h,
// tanh64.h, erfc64.h, sincos64.h) against the C library's, one thread: time per call over
// 1,048,576 inputs (best of 5), the ratio, and how many results differ. A program that prints a
// table, not a test (docs/numerics.md).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/numerics/erfc64.h"
#include "core/numerics/pow64.h"
#include "core/numerics/sincos64.h"
#include "core/numerics/tanh64.h"

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

/// pow over pairs (x[i], y[i]) packed as x in the even and y in the odd entries.
double pair_pow(const double* v, double (*f)(double, double)) { return f(v[0], v[1]); }
double libm_pow(double x, double y) { return std::pow(x, y); }

void pow_row(const std::vector<double>& xy) {
  const size_t n = xy.size() / 2;
  std::vector<double> a(n), b(n);
  auto best = [&](std::vector<double>& out, double (*f)(double, double)) {
    double t = 1e30;
    for (int rep = 0; rep < 5; ++rep) {
      const auto t0 = std::chrono::steady_clock::now();
      for (size_t i = 0; i < n; ++i) out[i] = pair_pow(&xy[2 * i], f);
      const auto t1 = std::chrono::steady_clock::now();
      t = std::min(t, std::chrono::duration<double>(t1 - t0).count());
    }
    return t;
  };
  const double to = best(a, tessera::num::pow64), tp = best(b, libm_pow);
  size_t differ = 0;
  for (size_t i = 0; i < n; ++i) differ += std::memcmp(&a[i], &b[i], 8) != 0;
  std::printf("%-5s %10zu %12.2f %12.2f %8.2f %10zu\n", "pow", n, 1e9 * to / double(n),
              1e9 * tp / double(n), to / tp, differ);
}

double ours_exp(double v) { return tessera::num::exp64(v); }
double ours_log(double v) { return tessera::num::log64(v); }
double ours_sin(double v) { return tessera::num::sincos64(v).sin; }
double libm_sin(double v) { return std::sin(v); }
double libm_exp(double v) { return std::exp(v); }
double libm_log(double v) { return std::log(v); }
double ours_tanh(double v) { return tessera::num::tanh64(v); }
double ours_erfc(double v) { return tessera::num::erfc64(v); }
double libm_tanh(double v) { return std::tanh(v); }
double libm_erfc(double v) { return std::erfc(v); }

}  // namespace

int main() {
  constexpr size_t kN = size_t(1) << 20;
  std::mt19937_64 g(2026);
  std::vector<double> ex(kN), lg(kN), xy(kN), th(kN), ec(kN), sn(kN), sh(kN);
  std::uniform_real_distribution<double> u(-700.0, 700.0), e(-1000.0, 1000.0);
  for (size_t i = 0; i < kN; ++i) ex[i] = u(g);
  for (size_t i = 0; i < kN; ++i) lg[i] = std::exp2(e(g));
  std::uniform_real_distribution<double> px(-30.0, 30.0), py(-20.0, 20.0);
  std::uniform_real_distribution<double> us(-10.0, 10.0), es(-30.0, 1000.0);
  for (size_t i = 0; i < kN; ++i) sn[i] = us(g);
  for (size_t i = 0; i < kN; ++i) sh[i] = std::exp2(es(g));  // up to 2^1000: exact reduction
  for (size_t i = 0; i < kN; i += 2) xy[i] = std::exp(px(g)), xy[i + 1] = py(g);
  std::normal_distribution<double> nt(0.0, 3.0);  // tanh: activations; erfc: gelu's -x/sqrt 2
  for (size_t i = 0; i < kN; ++i) th[i] = nt(g), ec[i] = nt(g);
  std::string load = "?";
  if (std::ifstream f("/proc/loadavg"); f) std::getline(f, load);
  std::printf(
      "spec f64 exp/log/pow/tanh/erfc/sin vs the C library's, one thread, best of 5; "
      "/proc/loadavg: %s\n",
      load.c_str());
  std::printf("%-5s %10s %12s %12s %8s %10s\n", "fn", "n", "ours ns", "libm ns", "ratio", "differ");
  row("exp", ex, ours_exp, libm_exp);
  row("log", lg, ours_log, libm_log);
  pow_row(xy);
  row("tanh", th, ours_tanh, libm_tanh);
  row("erfc", ec, ours_erfc, libm_erfc);
  row("sin", sn, ours_sin, libm_sin);   // |x| <= 10
  row("sinH", sh, ours_sin, libm_sin);  // 2^-30 <= |x| <= 2^1000
  return 0;
}
