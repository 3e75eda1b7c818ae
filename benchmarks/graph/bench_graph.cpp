// bench_graph: runs a Graph IR program through the interpreter repeatedly and prints its best time.
//
//   bench_graph PROGRAM --input NAME=FILE.npy[@TYPE] ... [--threads N] [--reps R] [--output-dir D]
//               [--whole]
//
// Prints `best_seconds <s>` and `peak_rss_kb <k>` (the process's peak resident memory); with
// --output-dir writes result k of the last run as D/<k>.npy. The timed region is one call of a
// compiled program (interp::Session::run on interpreter tensors: plan and run, inputs used in
// place, results returned in place), what the Python package and the reference backend pay per
// call after the first; the host copies of the inputs are dropped before the runs. With --whole
// it is one full run_module_text call instead (parse, verify, plan, copy in, run, copy out).
#include <sys/resource.h>

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
#include "interp/session.h"

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
    bool whole = false;
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
      } else if (a == "--whole") {
        whole = true;
      } else if (a == "--output-dir") {
        out_dir = next();
      } else {
        throw Error("unknown argument " + a);
      }
    }
    double best = 1e30;
    std::vector<interp::HostTensor> results;
    struct rusage ru {};
    auto time_one = [&](auto&& call) {
      auto t0 = std::chrono::steady_clock::now();
      call();
      auto t1 = std::chrono::steady_clock::now();
      best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
    };
    if (whole) {
      for (int r = 0; r < reps; ++r)
        time_one([&] { results = interp::run_module_text(text.str(), inputs, opts); });
      getrusage(RUSAGE_SELF, &ru);
    } else {
      interp::Session session(text.str(), opts);
      std::vector<interp::Tensor> args;
      for (const auto& h : inputs) args.push_back(interp::Tensor::from_host(h));
      inputs.clear();
      inputs.shrink_to_fit();
      interp::RankTensors out;
      for (int r = 0; r < reps; ++r) {
        out.clear();  // the previous results go back to the heap first, as a caller's would
        time_one([&] { out = session.run({args}); });
      }
      getrusage(RUSAGE_SELF, &ru);
      for (const auto& t : out.at(0)) results.push_back(t.to_host());
    }
    if (!out_dir.empty())
      for (size_t k = 0; k < results.size(); ++k)
        io::write_npy(out_dir + "/" + std::to_string(k) + ".npy", results[k]);
    std::printf("peak_rss_kb %ld\n", ru.ru_maxrss);
    std::printf("best_seconds %.6f\n", best);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
