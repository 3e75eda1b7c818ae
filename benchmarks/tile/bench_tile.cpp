// Tile simulator benchmark: simulated lane-operations per second of the example GEMM and
// flash-attention kernels with and without every sanitizer, and the ratio to the Graph IR op.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "interp/session.h"

using namespace tessera::interp;

namespace {

std::string read(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

/// The example module with its @main replaced by `main` (the kernel is shape-generic).
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

struct Timing {
  double seconds = 0;
  uint64_t lane_ops = 0;
};

Timing time_run(const std::string& text, const std::vector<Tensor>& in, uint32_t checks, int reps) {
  auto lm = load_module(text, "bench.mlir");
  RunOptions ro;
  ro.tile.checks = checks;
  double best = 1e30;
  uint64_t ops = 0;
  for (int r = 0; r < reps; ++r) {
    ro.tile.log = std::make_shared<tessera::interp::TileCheckLog>();
    auto t0 = std::chrono::steady_clock::now();
    run_function(*lm, in, ro);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    best = std::min(best, s);
    ops = ro.tile.log->lane_ops;
    if (ro.tile.log->total)
      std::printf("  (unexpected: %llu sanitizer reports)\n",
                  (unsigned long long)ro.tile.log->total);
  }
  return {best, ops};
}

void row(const char* name, const Timing& unchecked, const Timing& checked, const Timing& graph) {
  std::printf("%-34s %9.3f %9.3f %9.3f %8.2f %8.2f %11.3g %11.3g\n", name, unchecked.seconds,
              checked.seconds, graph.seconds, checked.seconds / unchecked.seconds,
              unchecked.seconds / graph.seconds, unchecked.lane_ops / unchecked.seconds,
              checked.lane_ops / checked.seconds);
}

}  // namespace

static int run(int argc, char** argv) {
  const std::string root = argc > 1 ? argv[1] : TESSERA_SOURCE_DIR;
  const int reps = 3;
  std::printf("%-34s %9s %9s %9s %8s %8s %11s %11s\n", "kernel", "tile s", "checked s", "graph s",
              "chk/tile", "tile/gr", "lane-op/s", "chk lop/s");
  {
    const int64_t n = 512;
    std::string gemm =
        with_main(read(root + "/examples/tile/gemm.mlir"),
                  "  func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> "
                  "tensor<512x512xf32> {\n"
                  "    %c = tile.launch %a, %b {callee = @gemm_kernel, grid = [8, 8], tiles = 4, "
                  "lanes = 32}\n"
                  "        : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>\n"
                  "    return %c : tensor<512x512xf32>\n  }\n");
    std::string graph =
        "module {\n  func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> "
        "tensor<512x512xf32> {\n"
        "    %c = \"tessera.matmul\"(%a, %b) : (tensor<512x512xf32>, tensor<512x512xf32>) -> "
        "tensor<512x512xf32>\n"
        "    return %c : tensor<512x512xf32>\n  }\n}\n";
    std::vector<Tensor> in{random({n, n}, 1), random({n, n}, 2)};
    row("gemm 512x512x512", time_run(gemm, in, 0, reps), time_run(gemm, in, 31, reps),
        time_run(graph, in, 0, reps));
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
    std::string graph =
        "module {\n  func.func @main(%q: tensor<1x1x1024x64xf32>, %k: tensor<1x1x1024x64xf32>, %v: "
        "tensor<1x1x1024x64xf32>)\n"
        "      -> tensor<1x1x1024x64xf32> {\n"
        "    %o = \"tessera.flash_attn\"(%q, %k, %v) {causal = true} : (tensor<1x1x1024x64xf32>, "
        "tensor<1x1x1024x64xf32>, tensor<1x1x1024x64xf32>) -> tensor<1x1x1024x64xf32>\n"
        "    return %o : tensor<1x1x1024x64xf32>\n  }\n}\n";
    std::vector<Tensor> in{random({1, 1, 1024, 64}, 3), random({1, 1, 1024, 64}, 4),
                           random({1, 1, 1024, 64}, 5)};
    row("flash attn causal s1024 d64", time_run(attn, in, 0, reps), time_run(attn, in, 31, reps),
        time_run(graph, in, 0, reps));
  }
  std::printf(
      "chk/tile: --check all cost (target <= 5); tile/gr: unchecked tile kernel vs Graph IR "
      "op (target <= 20 for GEMM)\n");
  return 0;
}

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_tile: %s\nusage: bench_tile [SOURCE_DIR]\n", e.what());
    return 1;
  }
}
