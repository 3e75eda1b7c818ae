// Level benchmark: one Graph IR program lowered to Schedule IR and Tile IR (the passes of
// core/transforms), each run on the same inputs; prints the time per level, the ratio to the
// level above, and whether the results are bit-identical.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <string>

#include "core/support/error.h"
#include "core/text/printer.h"
#include "core/transforms/levels.h"
#include "interp/session.h"

using namespace tessera;
using namespace tessera::interp;

namespace {

Tensor random(std::vector<int64_t> shape, uint32_t seed) {
  Tensor t(DType::f32, shape);
  std::mt19937 g(seed);
  std::normal_distribution<float> d;
  for (int64_t k = 0; k < t.numel(); ++k) t.data<float>()[k] = d(g);
  return t;
}

std::string lowered(const std::string& text, const char* level) {
  auto lm = load_module(text, "bench.mlir");
  DiagnosticEngine diag(&lm->sm);
  std::string err;
  if (!transforms::lower_to_level(*lm->module, level, diag, err))
    throw Error(err.empty() ? diag.render() : err);
  return text::print_module(*lm->module);
}

int g_threads = 1;  // set once by main before any run

double best_of(const std::string& text, const std::vector<Tensor>& in, int reps, Tensor& out) {
  auto lm = load_module(text, "bench.mlir");
  RunOptions ro;
  ro.threads = g_threads;
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    ro.tile.log = std::make_shared<TileCheckLog>();
    auto t0 = std::chrono::steady_clock::now();
    out = run_function(*lm, in, ro).at(0);
    best = std::min(best,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

void bench(const char* name, const std::string& graph, const std::vector<Tensor>& in, int reps) {
  const char* levels[] = {"graph", "schedule", "tile"};
  double prev = 0, graph_s = 0;
  Tensor ref;
  for (const char* level : levels) {
    const std::string text = std::string(level) == "graph" ? graph : lowered(graph, level);
    const bool launches = text.find("tile.launch") != std::string::npos;
    Tensor out;
    const double s = best_of(text, in, reps, out);
    if (std::string(level) == "graph") {
      ref = out;
      graph_s = s;
    }
    const bool same =
        out.nbytes() == ref.nbytes() && std::memcmp(out.bytes(), ref.bytes(), out.nbytes()) == 0;
    std::printf("%-28s %-9s %10.4f s   %8s   %8s   %-9s %s\n", name, level, s,
                prev > 0 ? (std::to_string(s / prev).substr(0, 6) + "x").c_str() : "-",
                (std::to_string(s / graph_s).substr(0, 6) + "x").c_str(),
                same ? "bit-exact" : "DIFFERS",
                std::string(level) == "tile" ? (launches ? "(tile.launch)" : "(no launch)") : "");
    prev = s;
  }
}

std::string loadavg() {
  std::ifstream f("/proc/loadavg");
  std::string s;
  std::getline(f, s);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  g_threads = argc > 2 ? std::max(0, std::atoi(argv[2])) : 1;
  try {
    std::printf(
        "threads %d (0 = all cores), best of %d; loadavg before: %s (a shared machine: "
        "times are indicative)\n",
        g_threads, reps, loadavg().c_str());
    std::printf("%-28s %-9s %12s   %8s   %8s   %s\n", "program", "level", "best time", "vs above",
                "vs graph", "result");
    const std::string gemm =
        "module {\n  func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> "
        "tensor<512x512xf32> {\n    %c = tessera.matmul %a, %b : (tensor<512x512xf32>, "
        "tensor<512x512xf32>) -> tensor<512x512xf32>\n    return %c : tensor<512x512xf32>\n  "
        "}\n}\n";
    bench("gemm 512^3", gemm, {random({512, 512}, 1), random({512, 512}, 2)}, reps);
    const std::string t = "tensor<1x1x1024x64xf32>";
    const std::string attn =
        "module {\n  func.func @main(%q: " + t + ", %k: " + t + ", %v: " + t + ") -> " + t +
        " {\n    %o = tessera.flash_attn %q, %k, %v {causal = true} : (" + t + ", " + t + ", " + t +
        ") -> " + t + "\n    return %o : " + t + "\n  }\n}\n";
    bench("flash_attn causal S1024 D64", attn,
          {random({1, 1, 1024, 64}, 3), random({1, 1, 1024, 64}, 4), random({1, 1, 1024, 64}, 5)},
          reps);
    std::printf("loadavg after: %s\n", loadavg().c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
