// Target IR interpreter benchmark: the example GEMM (512^3) and causal flash attention (S 1024,
// D 64) as Tile IR (the peer) and lowered to Target IR (ours), same inputs, same bits.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <sys/resource.h>

#include "core/support/error.h"
#include "core/transforms/tile_to_target.h"
#include "interp/session.h"

using namespace tessera::interp;

namespace {

std::string read(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

/// The example module with its @main replaced by `main` (the kernels are shape-generic).
std::string with_main(const std::string& example, const std::string& main) {
  size_t at = example.find("  func.func @main");
  return example.substr(0, at) + main + "}\n";
}

Tensor random(std::vector<int64_t> shape, uint32_t seed) {
  Tensor t(tessera::DType::f32, shape);
  std::mt19937 g(seed);
  std::normal_distribution<float> d;
  for (int64_t k = 0; k < t.numel(); ++k) t.data<float>()[k] = d(g);
  return t;
}

/// CPU seconds (user + system) of every thread of this process so far.
double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

struct Times {
  double wall = 1e30, cpu = 1e30;  ///< best of the repetitions, each
};

/// Best of `reps` runs; `lower` runs the tile-to-target pass on the loaded module first.
Times time_run(const std::string& text, const std::vector<Tensor>& in, bool lower, int reps,
               std::vector<Tensor>& out) {
  auto lm = load_module(text, "bench.mlir");
  if (lower) {
    tessera::DiagnosticEngine diag(&lm->sm);
    if (!tessera::transforms::tile_to_target(*lm->module, diag))
      throw tessera::Error(diag.render());
  }
  RunOptions ro;
  Times best;
  for (int r = 0; r < reps; ++r) {
    const double c0 = cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    out = run_function(*lm, in, ro);
    best.wall = std::min(
        best.wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    best.cpu = std::min(best.cpu, cpu_seconds() - c0);
  }
  return best;
}

void row(const char* name, const std::string& text, const std::vector<Tensor>& in, int reps) {
  std::vector<Tensor> tile_out, target_out;
  const Times tile = time_run(text, in, false, reps, tile_out);
  const Times target = time_run(text, in, true, reps, target_out);
  const bool same =
      tile_out.size() == target_out.size() && !tile_out.empty() &&
      std::memcmp(tile_out[0].bytes(), target_out[0].bytes(), tile_out[0].nbytes()) == 0;
  std::printf("%-30s %10.3f %10.3f %8.2f %10.3f %10.3f %8.2f %s\n", name, target.wall, tile.wall,
              target.wall / tile.wall, target.cpu, tile.cpu, target.cpu / tile.cpu,
              same ? "yes" : "NO");
}

}  // namespace

static int run(int argc, char** argv) {
  const std::string root = argc > 1 ? argv[1] : TESSERA_SOURCE_DIR;
  const int reps = 3;
  std::string load = read("/proc/loadavg");
  std::printf("loadavg: %s", load.empty() ? "?\n" : load.c_str());
  std::printf("%-30s %10s %10s %8s %10s %10s %8s %s\n", "kernel", "target s", "tile s", "tgt/tile",
              "tgt cpu s", "tile cpu s", "cpu rat", "same bits");
  {
    std::string gemm =
        with_main(read(root + "/examples/tile/gemm.mlir"),
                  "  func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> "
                  "tensor<512x512xf32> {\n"
                  "    %c = tile.launch %a, %b {callee = @gemm_kernel, grid = [8, 8], tiles = 4, "
                  "lanes = 32}\n"
                  "        : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>\n"
                  "    return %c : tensor<512x512xf32>\n  }\n");
    row("gemm 512x512x512", gemm, {random({512, 512}, 1), random({512, 512}, 2)}, reps);
  }
  {
    std::string attn = with_main(read(root + "/examples/tile/flash_attention.mlir"),
                                 "  func.func @main(%q: tensor<1x1x1024x64xf32>, %k: "
                                 "tensor<1x1x1024x64xf32>, %v: tensor<1x1x1024x64xf32>)\n"
                                 "      -> tensor<1x1x1024x64xf32> {\n"
                                 "    %o = tile.launch %q, %k, %v {callee = @attn_kernel, grid = "
                                 "[16], tiles = 2, lanes = 32}\n"
                                 "        : (tensor<1x1x1024x64xf32>, tensor<1x1x1024x64xf32>, "
                                 "tensor<1x1x1024x64xf32>) -> tensor<1x1x1024x64xf32>\n"
                                 "    return %o : tensor<1x1x1024x64xf32>\n  }\n");
    row("flash attn causal s1024 d64", attn,
        {random({1, 1, 1024, 64}, 3), random({1, 1, 1024, 64}, 4), random({1, 1, 1024, 64}, 5)},
        reps);
  }
  std::printf(
      "tgt/tile: Target IR interpreter (32 lanes as SIMD per warp) vs the Tile IR simulator "
      "on the same kernel (goal <= 20)\n"
      "s: best wall seconds of %d runs; cpu s: best CPU seconds (all threads) of a run, steadier "
      "than wall time on a shared machine\n",
      reps);
  return 0;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_target: %s\nusage: bench_target [SOURCE_DIR]\n", e.what());
    return 1;
  }
}
