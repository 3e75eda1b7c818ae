// tessera-mesh-pipeline: prints the 1F1B schedule or emits the pipelined SPMD module.
#include <charconv>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "core/mesh/pipeline.h"
#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/verify/verifier.h"

namespace {

const char* kUsage =
    "Usage: tessera-mesh-pipeline schedule --stages S --micro M\n"
    "       tessera-mesh-pipeline emit --stages S --micro M [--batch B] [--dim D] [--dtype T]\n"
    "       tessera-mesh-pipeline emit --stages S --micro M --stage-functions FILE\n"
    "schedule prints each stage's 1F1B order and the lock-step timetable; emit prints the SPMD\n"
    "module of a chain of S stages trained with that timetable (docs/collectives.md): linear\n"
    "stages, or the @forward and @backward functions of FILE (A = tensor<BxDxT>):\n"
    "  @forward(%h: A, %w: W) -> A,  @backward(%h: A, %dy: A, %w: W) -> (A, W).\n";

bool parse_int(const std::string& s, int64_t& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return !s.empty() && ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tessera::mesh;
  if (argc < 2 || std::string(argv[1]) == "-h" || std::string(argv[1]) == "--help") {
    std::cout << kUsage;
    return argc < 2 ? 2 : 0;
  }
  const std::string cmd = argv[1];
  LinearPipelineSpec spec;
  std::string stage_file;
  for (int k = 2; k < argc; ++k) {
    std::string a = argv[k];
    if (k + 1 >= argc) {
      std::cerr << "tessera-mesh-pipeline: '" << a << "' needs a value\n" << kUsage;
      return 2;
    }
    std::string v = argv[++k];
    int64_t n = 0;
    if (a == "--dtype") {
      spec.dtype = v;
      continue;
    }
    if (a == "--stage-functions") {
      stage_file = v;
      continue;
    }
    if (!parse_int(v, n) || n < 1 || n > 1'000'000) {
      std::cerr << "tessera-mesh-pipeline: " << a << " needs a positive integer, got '" << v
                << "'\n";
      return 2;
    }
    if (a == "--stages") {
      spec.stages = static_cast<int>(n);
    } else if (a == "--micro") {
      spec.micro = static_cast<int>(n);
    } else if (a == "--batch") {
      spec.batch = n;
    } else if (a == "--dim") {
      spec.dim = n;
    } else {
      std::cerr << "tessera-mesh-pipeline: unknown option '" << a << "'\n" << kUsage;
      return 2;
    }
  }
  try {
    if (cmd == "schedule") {
      auto order = one_f_one_b(spec.stages, spec.micro);
      for (size_t s = 0; s < order.size(); ++s) {
        std::cout << "stage " << s << ":";
        for (const PipeAction& a : order[s]) std::cout << " " << to_string(a);
        std::cout << "\n";
      }
      PipeTimetable tt = lockstep(order);
      for (size_t t = 0; t < tt.ticks.size(); ++t) {
        std::cout << "tick " << t << ":";
        for (const PipeAction& a : tt.ticks[t])
          std::cout << " " << (a.micro < 0 ? std::string("-") : to_string(a));
        std::cout << "\n";
      }
      return 0;
    }
    if (cmd == "emit") {
      if (!stage_file.empty()) {  // the stage functions fix batch, dim and dtype
        std::ifstream in(stage_file);
        std::stringstream text;
        text << in.rdbuf();
        if (!in) throw tessera::Error(stage_file + ": cannot read the stage functions");
        tessera::SourceManager sm;
        tessera::DiagnosticEngine diag(&sm);
        auto m = tessera::text::parse_module(text.str(), stage_file, sm, diag);
        if (!m || !tessera::verify::verify_module(*m, diag)) throw tessera::Error(diag.render());
        read_stage_functions(*m, "forward", "backward", spec);
      }
      std::cout << emit_linear_pipeline(spec);
      return 0;
    }
  } catch (const tessera::Error& e) {
    std::cerr << "tessera-mesh-pipeline: error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {  // out of memory and the like: still no signal
    std::cerr << "tessera-mesh-pipeline: error: " << e.what() << "\n";
    return 1;
  }
  std::cerr << "tessera-mesh-pipeline: unknown command '" << cmd << "'\n" << kUsage;
  return 2;
}
