// Benchmark: collectives over 8 and 72 simulated ranks vs memcpy of the same bytes (prints a
// table).
//
// Sizes: "total" is the sum over all ranks of the input buffers (1 MB .. 256 MB of f32), so each
// rank holds total / n bytes and a 72-rank 256 MB run needs about 0.5-1 GB, not 72 x 256 MB.
// nccl-tests definitions: S = per-rank count * size for all_reduce, n * c * size for all_gather,
// reduce_scatter and all_to_all; algbw = S / t; busbw = algbw * factor (2(n-1)/n for all_reduce,
// (n-1)/n for the others). One CPU simulates every rank, so the comparable figure is the mesh's
// aggregate bus bandwidth n * busbw; "ratio" = n * busbw / memcpy bandwidth of `total` bytes.
// all_reduce and all_gather results are stored once per group (ranks are values and share an
// immutable buffer), so their aggregate can exceed memcpy; "phys" reports bytes the simulator
// actually read + wrote per second against memcpy's read + write bandwidth.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <malloc.h>

#include <tbb/parallel_for.h>

#include "interp/mesh/collectives.h"

namespace im = tessera::interp::mesh;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// Best of `reps` timings of f().
template <typename F>
double best_time(int reps, F&& f) {
  double best = 1e30;
  for (int k = 0; k < reps; ++k) {
    auto t0 = Clock::now();
    f();
    best = std::min(best, seconds_since(t0));
  }
  return best;
}

/// memcpy of `bytes` on both cores (two halves), into pre-touched memory.
double memcpy_bandwidth(size_t bytes, int reps) {
  std::vector<char> src(bytes, 1), dst(bytes, 0);
  double t = best_time(reps, [&] {
    tbb::parallel_for(0, 2, [&](int h) {
      size_t a = bytes / 2 * static_cast<size_t>(h), b = h ? bytes : bytes / 2;
      std::memcpy(dst.data() + a, src.data() + a, b - a);
    });
  });
  return static_cast<double>(bytes) / t;
}

struct Row {
  const char* name;
  double factor;  // busbw / algbw
};

}  // namespace

int main(int argc, char** argv) {
  // Arguments: collective names to run (default: all), and `--reps K` to multiply every case's
  // repetition count (best-of timings; more reps steady the small cases on a shared machine).
  std::vector<std::string> only;
  int rep_scale = 1;
  for (int a = 1; a < argc; ++a) {
    if (std::strcmp(argv[a], "--reps") == 0 && a + 1 < argc)
      rep_scale = std::max(1, std::atoi(argv[++a]));
    else
      only.emplace_back(argv[a]);
  }
  // Keep freed buffers in the heap (no mmap per large tensor), as a long-running interpreter
  // would: otherwise every collective pays fresh page faults that the memcpy peer does not.
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  std::printf("Mesh collectives (f32, ranks simulated as values on this machine) vs memcpy\n");
  std::printf("%-15s %5s %9s %11s %9s %9s %9s %10s %10s %7s %7s\n", "collective", "ranks",
              "total_MB", "S_bytes", "time_ms", "algbw", "busbw", "agg_busbw", "memcpy", "ratio",
              "phys");
  const char* sep =
      "---------------------------------------------------------------------------"
      "-------------------------------------\n";
  std::printf("%s", sep);
  struct MeshCase {
    tessera::mesh::Mesh mesh;
    std::vector<int> axes;
  };
  std::vector<MeshCase> meshes = {
      {{{"x"}, {8}, {}}, {0}},
      {{{"dp", "tp", "pp"}, {4, 9, 2}, {}}, {0, 1, 2}},
  };
  const size_t mb = size_t{1} << 20;
  for (const char* op : {"all_reduce", "all_gather", "reduce_scatter", "all_to_all"}) {
    if (!only.empty() && std::find(only.begin(), only.end(), op) == only.end()) continue;
    for (const MeshCase& mc : meshes) {
      const int64_t n = mc.mesh.size();
      im::Groups g = tessera::mesh::make_groups(mc.mesh, mc.axes);
      for (size_t total_mb : {1, 4, 16, 64, 256}) {
        // Per-rank elements: total / n, rounded down to a multiple of n (block collectives).
        int64_t per = static_cast<int64_t>(total_mb * mb / 4) / n / n * n;
        size_t total = static_cast<size_t>(per) * static_cast<size_t>(n) * 4;
        std::vector<tessera::interp::Tensor> in;
        for (int64_t r = 0; r < n; ++r) {
          tessera::interp::Tensor t(tessera::DType::f32, {per});
          float* p = t.data<float>();
          for (int64_t i = 0; i < per; ++i) p[i] = static_cast<float>((i + r) & 7);
          in.push_back(std::move(t));
        }
        // Small cases take microseconds: many reps cost little and filter out preemption.
        const int reps = rep_scale * (total_mb >= 64 ? 3 : total_mb >= 16 ? 5 : 50);
        double S = 0, factor = 0, phys = 0;
        double t = 0;
        const double pb = static_cast<double>(per) * 4;  // per-rank input bytes
        if (std::strcmp(op, "all_reduce") == 0) {
          t = best_time(reps, [&] { auto o = im::all_reduce(g, im::ReduceOp::sum, in); });
          S = pb, factor = 2.0 * (n - 1) / n, phys = n * pb + pb;
        } else if (std::strcmp(op, "all_gather") == 0) {
          t = best_time(reps, [&] { auto o = im::all_gather(g, 0, in); });
          S = n * pb, factor = double(n - 1) / n, phys = 2 * n * pb;
        } else if (std::strcmp(op, "reduce_scatter") == 0) {
          t = best_time(reps, [&] { auto o = im::reduce_scatter(g, im::ReduceOp::sum, 0, in); });
          S = pb, factor = double(n - 1) / n, phys = n * pb + pb;
        } else {
          t = best_time(reps, [&] { auto o = im::all_to_all(g, 0, 0, in); });
          S = pb, factor = double(n - 1) / n, phys = 2 * n * pb;
        }
        double algbw = S / t, busbw = algbw * factor, agg = busbw * static_cast<double>(n);
        double mbw = memcpy_bandwidth(total, reps);
        double phys_ratio = (phys / t) / (2 * mbw);  // memcpy reads and writes `total` bytes
        std::printf("%-15s %5lld %9zu %11.0f %9.2f %8.2fG %8.2fG %9.2fG %9.2fG %6.0f%% %6.0f%%\n",
                    op, static_cast<long long>(n), total_mb, S, t * 1e3, algbw / 1e9, busbw / 1e9,
                    agg / 1e9, mbw / 1e9, 100 * agg / mbw, 100 * phys_ratio);
        std::fflush(stdout);
      }
    }
  }
  std::printf("%s", sep);
  std::printf(
      "algbw = S/t, busbw = algbw * factor (nccl-tests); agg_busbw = ranks * busbw; ratio =\n"
      "agg_busbw / memcpy bandwidth of `total` bytes; phys = (bytes read + written) / t\n"
      "over memcpy's (read + write) bandwidth. Targets: all_gather, all_to_all >= 50%%,\n"
      "all_reduce >= 30%% (ratio column).\n");
  return 0;
}
