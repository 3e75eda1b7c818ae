// bench_numerics_report: what --numerics-report and --shadow f64 cost against a plain run.
//
//   bench_numerics_report [--reps R] [--threads N] [--scale S] [--only MLP|attention]
//
// Programs (generated here, Graph IR, f32): the MLP of benchmarks/graph (matmul + bias + gelu per
// layer; 6 layers, batch 128*S, width 512) and the attention block of examples/attention_block.mlir
// at sequence 256*S, head dim 64, with flash_attn beside it. Each row times whole in-process runs
// (parse, verify, plan, run; best of R): the plain run is the peer; "report" adds the per-op
// statistics and renders the JSON report; "shadow" adds the f64 shadow evaluations as well.
// Goals (issue #17): report within 2x, shadow within 4x of the plain run. Prints /proc/loadavg:
// the machine is shared, so ratios from one run are the figures to compare, not the seconds; the
// CPU-time columns (best process CPU time per run, all threads) are less sensitive to other
// processes on a loaded machine (with --threads 1 they count the work alone).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "core/support/error.h"
#include "interp/api.h"
#include "interp/numerics/monitor.h"
#include "interp/numerics/report.h"

namespace {

using namespace tessera;
using interp::HostTensor;

HostTensor random_tensor(std::vector<int64_t> shape, uint64_t seed, float scale) {
  HostTensor t;
  t.dtype = DType::f32;
  t.shape = shape;
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  t.data.resize(static_cast<size_t>(n) * 4);
  auto* p = reinterpret_cast<float*>(t.data.data());
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (int64_t i = 0; i < n; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    p[i] = scale * (static_cast<float>(s >> 40) / 16777216.0f - 0.5f);
  }
  return t;
}

struct Program {
  std::string name, text;
  std::vector<HostTensor> inputs;
};

Program mlp(int scale) {
  const int layers = 6, batch = 128 * scale, width = 512;
  const std::string x = "tensor<" + std::to_string(batch) + "x" + std::to_string(width) + "xf32>";
  const std::string w = "tensor<" + std::to_string(width) + "x" + std::to_string(width) + "xf32>";
  const std::string b = "tensor<" + std::to_string(width) + "xf32>";
  Program p{
      "MLP " + std::to_string(layers) + "x" + std::to_string(batch) + "x" + std::to_string(width),
      "",
      {}};
  std::string args = "%x: " + x;
  for (int i = 0; i < layers; ++i) args += ", %w" + std::to_string(i) + ": " + w;
  for (int i = 0; i < layers; ++i) args += ", %b" + std::to_string(i) + ": " + b;
  p.text = "func.func @main(" + args + ") -> " + x + " {\n";
  std::string h = "%x";
  for (int i = 0; i < layers; ++i) {
    const std::string k = std::to_string(i);
    p.text += "  %m" + k + " = tessera.matmul " + h + ", %w" + k + " : (" + x + ", " + w + ") -> " +
              x + "\n  %a" + k + " = tessera.add %m" + k + ", %b" + k + " : (" + x + ", " + b +
              ") -> " + x + "\n  %h" + k + " = tessera.gelu %a" + k + " : (" + x + ") -> " + x +
              "\n";
    h = "%h" + k;
  }
  p.text += "  return " + h + " : " + x + "\n}\n";
  p.inputs.push_back(random_tensor({batch, width}, 1, 2.0f));
  for (int i = 0; i < layers; ++i) p.inputs.push_back(random_tensor({width, width}, 10 + i, 0.1f));
  for (int i = 0; i < layers; ++i) p.inputs.push_back(random_tensor({width}, 20 + i, 0.1f));
  return p;
}

Program attention(int scale) {
  const std::string S = std::to_string(256 * scale), D = "64";
  const std::string sd = "tensor<" + S + "x" + D + "xf32>", ss = "tensor<" + S + "x" + S + "xf32>";
  const std::string dd = "tensor<" + D + "x" + D + "xf32>";
  const std::string s4 = "tensor<1x1x" + S + "x" + D + "xf32>";
  Program p{"attention S=" + S + " D=" + D, "", {}};
  p.text = "func.func @main(%q: " + sd + ", %k: " + sd + ", %v: " + sd + ", %wo: " + dd + ") -> (" +
           sd + ", " + sd +
           ") {\n"
           "  %s = \"tessera.matmul\"(%q, %k) {transpose_b = true} : (" +
           sd + ", " + sd + ") -> " + ss +
           "\n"
           "  %c = tessera.constant {value = dense<0.125> : tensor<1xf32>} : () -> tensor<1xf32>\n"
           "  %ss = tessera.mul %s, %c : (" +
           ss + ", tensor<1xf32>) -> " + ss +
           "\n"
           "  %p = \"tessera.softmax\"(%ss) {axis = -1} : (" +
           ss + ") -> " + ss +
           "\n"
           "  %o = tessera.matmul %p, %v : (" +
           ss + ", " + sd + ") -> " + sd +
           "\n"
           "  %y = tessera.matmul %o, %wo : (" +
           sd + ", " + dd + ") -> " + sd +
           "\n"
           "  %q4 = tessera.reshape %q : (" +
           sd + ") -> " + s4 +
           "\n"
           "  %k4 = tessera.reshape %k : (" +
           sd + ") -> " + s4 +
           "\n"
           "  %v4 = tessera.reshape %v : (" +
           sd + ") -> " + s4 +
           "\n"
           "  %f = tessera.flash_attn %q4, %k4, %v4 : (" +
           s4 + ", " + s4 + ", " + s4 + ") -> " + s4 +
           "\n"
           "  %f2 = tessera.reshape %f : (" +
           s4 + ") -> " + sd +
           "\n"
           "  %yf = tessera.matmul %f2, %wo : (" +
           sd + ", " + dd + ") -> " + sd +
           "\n"
           "  return %y, %yf : " +
           sd + ", " + sd + "\n}\n";
  const int64_t s = 256 * scale;
  p.inputs = {random_tensor({s, 64}, 1, 2.0f), random_tensor({s, 64}, 2, 2.0f),
              random_tensor({s, 64}, 3, 2.0f), random_tensor({64, 64}, 4, 0.2f)};
  return p;
}

enum class Mode { plain, report, shadow };

/// This process's CPU time (all threads) in seconds.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// Best wall-clock and best CPU time of whole runs.
struct Timing {
  double wall = 1e30, cpu = 1e30;
};

Timing time_run(const Program& p, Mode mode, int threads, int reps, size_t& report_bytes) {
  Timing best;
  for (int r = 0; r < reps; ++r) {
    interp::RunOptions opts;
    opts.threads = threads;
    opts.source_name = p.name;
    std::shared_ptr<interp::numerics::Monitor> mon;
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpu_seconds();
    if (mode != Mode::plain) {
      interp::numerics::MonitorOptions mo;
      mo.shadow = mode == Mode::shadow;
      mon = std::make_shared<interp::numerics::Monitor>(mo, nullptr);
      opts.observer = mon;
    }
    auto out = interp::run_module_text(p.text, p.inputs, opts);
    if (mon) report_bytes = interp::numerics::report_json(*mon, {p.name, "main"}).size();
    const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
    best.wall = std::min(best.wall, dt.count());
    best.cpu = std::min(best.cpu, cpu_seconds() - c0);
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 3, threads = 0, scale = 1;
  std::string only;  // --only MLP|attention: one program (for profiling)
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    const int v = std::atoi(argv[i + 1]);
    if (a == "--reps") reps = std::max(1, v);
    if (a == "--threads") threads = std::max(0, v);
    if (a == "--scale") scale = std::clamp(v, 1, 16);
    if (a == "--only") only = argv[i + 1];
  }
  try {
    std::ifstream la("/proc/loadavg");
    std::string load;
    std::getline(la, load);
    std::printf("loadavg before: %s (shared machine: compare ratios, not seconds)\n", load.c_str());
    std::printf("%-26s %-8s %12s %12s %8s %6s %10s %10s %9s\n", "program", "mode", "ours s",
                "plain s", "ratio", "goal", "ours cpu", "plain cpu", "cpu ratio");
    for (const Program& p : {mlp(scale), attention(scale)}) {
      if (!only.empty() && p.name.rfind(only, 0) != 0) continue;
      size_t bytes = 0;
      const Timing plain = time_run(p, Mode::plain, threads, reps, bytes);
      const Timing rep = time_run(p, Mode::report, threads, reps, bytes);
      const Timing sh = time_run(p, Mode::shadow, threads, reps, bytes);
      for (const auto& [mode, t, goal] : {std::tuple{"report", rep, "2x"}, {"shadow", sh, "4x"}})
        std::printf("%-26s %-8s %12.4f %12.4f %8.2f %6s %10.4f %10.4f %9.2f\n", p.name.c_str(),
                    mode, t.wall, plain.wall, t.wall / plain.wall, goal, t.cpu, plain.cpu,
                    t.cpu / plain.cpu);
    }
    std::ifstream lb("/proc/loadavg");
    std::getline(lb, load);
    std::printf("loadavg after: %s\n", load.c_str());
  } catch (const Error& e) {
    std::fprintf(stderr, "bench_numerics_report: error: %s\n", e.what());
    return 1;
  }
  return 0;
}
