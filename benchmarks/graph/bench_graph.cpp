// bench_graph: runs a Graph IR program through the interpreter repeatedly and prints its best time.
//
//   bench_graph PROGRAM --input NAME=FILE.npy[@TYPE] ... [--threads N] [--reps R] [--output-dir D]
//
// Prints `best_seconds <s>`; with --output-dir writes result k of the last run as D/<k>.npy.
// The timed region is one full run_module_text call (parse, verify, plan, run): what a user
// of tessera-interp pays per call, minus .npy file I/O.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/ir/type.h"
#include "core/support/error.h"
#include "interp/api.h"
#include "interp/io/npy.h"

int main(int argc, char** argv) {
  using namespace tessera;
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: bench_graph PROGRAM --input NAME=FILE.npy ... [--threads N] "
                 "[--reps R] [--output-dir D]\n");
    return 2;
  }
  try {
    std::ifstream f(argv[1]);
    if (!f) throw Error(std::string("cannot read ") + argv[1]);
    std::stringstream text;
    text << f.rdbuf();
    std::vector<interp::HostTensor> inputs;
    interp::RunOptions opts;
    opts.source_name = argv[1];
    int reps = 5;
    std::string out_dir;
    for (int i = 2; i < argc; ++i) {
      std::string a = argv[i];
      auto next = [&]() -> std::string {
        if (i + 1 >= argc) throw Error("missing value after " + a);
        return argv[++i];
      };
      if (a == "--input") {
        // NAME=FILE.npy or NAME=FILE.npy@TYPE (raw-bit files of low-precision types).
        std::string v = next(), path = v.substr(v.find('=') + 1), type;
        if (auto at = path.rfind('@'); at != std::string::npos) {
          type = path.substr(at + 1);
          path = path.substr(0, at);
        }
        inputs.push_back(io::read_npy(path));
        if (!type.empty()) {
          auto d = ir::parse_dtype_any(type);
          if (!d) throw Error("unknown type " + type);
          io::reinterpret_as(inputs.back(), *d);
        }
      } else if (a == "--threads") {
        opts.threads = std::stoi(next());
      } else if (a == "--reps") {
        reps = std::max(1, std::stoi(next()));
      } else if (a == "--output-dir") {
        out_dir = next();
      } else {
        throw Error("unknown argument " + a);
      }
    }
    double best = 1e30;
    std::vector<interp::HostTensor> results;
    for (int r = 0; r < reps; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      results = interp::run_module_text(text.str(), inputs, opts);
      auto t1 = std::chrono::steady_clock::now();
      best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
    }
    if (!out_dir.empty())
      for (size_t k = 0; k < results.size(); ++k)
        io::write_npy(out_dir + "/" + std::to_string(k) + ".npy", results[k]);
    std::printf("best_seconds %.6f\n", best);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
