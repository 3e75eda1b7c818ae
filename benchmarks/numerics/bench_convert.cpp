// Conversion throughput table: tessera (1 and 2 threads) vs ml_dtypes astype vs memcpy.
#include <tbb/global_control.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/numerics/convert_array.h"

using namespace tessera;
using namespace tessera::num;

namespace {

template <class Fn>
double best_seconds(Fn&& fn, int reps = 5) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    fn();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  return best;
}

/// Runs the Python peer on the same data; returns name -> seconds (empty if Python fails).
std::map<std::string, double> run_peer(const std::vector<float>& x) {
  std::map<std::string, double> out;
  const char* path = "/tmp/tessera_bench_convert.f32";
  FILE* f = std::fopen(path, "wb");
  if (!f) return out;
  std::fwrite(x.data(), sizeof(float), x.size(), f);
  std::fclose(f);
  const std::string cmd = std::string(TESSERA_PYTHON) + " " + TESSERA_BENCH_PEER + " " + path;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char name[64];
  double secs;
  while (std::fscanf(p, "%63s %lf", name, &secs) == 2) out[name] = secs;
  pclose(p);
  std::remove(path);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  const size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : (size_t(1) << 24);
  std::vector<float> x(n);
  std::mt19937 rng(1234);
  std::normal_distribution<float> dist(0.0f, 3.0f);
  for (float& v : x) v = dist(rng);
  std::vector<uint8_t> dst(n * 4), scales(n / 32 + 1);

  struct Row {
    const char* name;
    const char* peer;
    DType to;
    bool mx;
  };
  const Row rows[] = {{"f32->bf16", "bf16", DType::bf16, false},
                      {"f32->e4m3", "e4m3", DType::f8e4m3, false},
                      {"f32->e5m2", "e5m2", DType::f8e5m2, false},
                      {"f32->e2m1", "e2m1", DType::f4e2m1, false},
                      {"f32->mx e4m3 (e8m0/32)", "mx_e4m3", DType::f8e4m3, true}};
  const std::map<std::string, double> peer = run_peer(x);
  const ConvertOptions opt;

  double memcpy_t[3] = {0, 0, 0};
  for (int threads : {1, 2}) {
    tbb::global_control gc(tbb::global_control::max_allowed_parallelism, threads);
    std::vector<float> copy(n);
    // memcpy of the source bytes, split like a conversion (the 2-thread figure uses both cores).
    memcpy_t[threads] = best_seconds([&] {
      if (threads == 1) {
        std::memcpy(copy.data(), x.data(), n * 4);
      } else {
        const size_t half = n / 2;
        std::thread t([&] { std::memcpy(copy.data(), x.data(), half * 4); });
        std::memcpy(copy.data() + half, x.data() + half, (n - half) * 4);
        t.join();
      }
    });
  }

  std::printf(
      "elements: %zu f32 (%.0f MB); rates in G elements/s; best of 5 (ml_dtypes best of 3)\n", n,
      n * 4 / 1e6);
  std::printf("memcpy of the f32 source: 1 thread %.2f, 2 threads %.2f (%.1f / %.1f GB/s)\n",
              n / memcpy_t[1] / 1e9, n / memcpy_t[2] / 1e9, n * 4 / memcpy_t[1] / 1e9,
              n * 4 / memcpy_t[2] / 1e9);
  if (peer.count("copy")) {
    std::printf("numpy copy of the same array: %.2f G elements/s\n", n / peer.at("copy") / 1e9);
  }
  std::printf("\n%-24s %10s %10s %10s %12s %12s %14s\n", "conversion", "ml_dtypes", "ours 1T",
              "ours 2T", "1T/ml_dtypes", "2T/ml_dtypes", "2T/memcpy 2T");
  for (const Row& r : rows) {
    double t[3] = {0, 0, 0};
    for (int threads : {1, 2}) {
      tbb::global_control gc(tbb::global_control::max_allowed_parallelism, threads);
      t[threads] = best_seconds([&] {
        if (r.mx) {
          mx_quantize(r.to, x.data(), n, dst.data(), scales.data(), MxScaleRule::kOcp, opt);
        } else {
          convert_array(DType::f32, x.data(), r.to, dst.data(), n, opt);
        }
      });
    }
    const double pr = peer.count(r.peer) ? n / peer.at(r.peer) / 1e9 : NAN;
    const double r1 = n / t[1] / 1e9, r2 = n / t[2] / 1e9;
    std::printf("%-24s %10.3f %10.3f %10.3f %11.1fx %11.1fx %13.0f%%\n", r.name, pr, r1, r2,
                r1 / pr, r2 / pr, 100.0 * r2 / (n / memcpy_t[2] / 1e9));
  }
  return 0;
}
