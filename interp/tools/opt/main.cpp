// tessera-opt: runs passes on a module and prints it, as mlir-opt does; also emits the 1F1B
// pipeline programs (docs/collectives.md). A thin main over core/transforms.
#include <boost/program_options.hpp>

#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "core/text/parser.h"
#include "core/text/printer.h"
#include "core/transforms/passes.h"
#include "core/transforms/pipeline.h"
#include "core/verify/verifier.h"

namespace {

namespace po = boost::program_options;
using namespace tessera;

constexpr uint64_t kMaxSourceBytes = 1ull << 30;

/// A usage mistake: printed with the tool's name, exit 2.
struct Usage {
  std::string message;
};

std::string read_source(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": error: cannot open file");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) throw Error(path + ": error: read failed");
  std::string s = ss.str();
  if (s.size() > kMaxSourceBytes) throw Error(path + ": error: file is larger than 1 GiB");
  return s;
}

/// Parses and verifies `path`; throws Error with the rendered diagnostics.
std::unique_ptr<ir::Module> load(const std::string& path, SourceManager& sm,
                                 DiagnosticEngine& diag) {
  auto m = text::parse_module(read_source(path), path, sm, diag);
  if (!m || !verify::verify_module(*m, diag)) throw Error(diag.render());
  return m;
}

void emit(const std::string& text, const std::string& out_path) {
  if (out_path.empty() || out_path == "-") {
    std::cout << text << std::flush;
    if (!std::cout) throw Error("<stdout>: error: write failed");
    return;
  }
  std::ofstream f(out_path, std::ios::binary | std::ios::trunc);
  if (!f) throw Error(out_path + ": error: cannot write file");
  f << text;
  f.close();
  if (!f) throw Error(out_path + ": error: write failed");
}

int64_t checked_count(const po::variables_map& vm, const char* name, int64_t dflt) {
  if (!vm.count(name)) return dflt;
  const int64_t v = vm[name].as<int64_t>();
  if (v < 1 || v > 1'000'000)
    throw Usage{std::string("--") + name + " needs an integer in [1, 1000000], got " +
                std::to_string(v)};
  return v;
}

std::string pipeline_text(const po::variables_map& vm, bool schedule_only) {
  transforms::LinearPipelineSpec spec;
  spec.stages = static_cast<int>(checked_count(vm, "stages", spec.stages));
  spec.micro = static_cast<int>(checked_count(vm, "micro", spec.micro));
  if (schedule_only) {
    std::ostringstream os;
    auto order = transforms::one_f_one_b(spec.stages, spec.micro);
    for (size_t s = 0; s < order.size(); ++s) {
      os << "stage " << s << ":";
      for (const transforms::PipeAction& a : order[s]) os << " " << transforms::to_string(a);
      os << "\n";
    }
    transforms::PipeTimetable tt = transforms::lockstep(order);
    for (size_t t = 0; t < tt.ticks.size(); ++t) {
      os << "tick " << t << ":";
      for (const transforms::PipeAction& a : tt.ticks[t])
        os << " " << (a.micro < 0 ? std::string("-") : transforms::to_string(a));
      os << "\n";
    }
    return os.str();
  }
  spec.batch = checked_count(vm, "batch", spec.batch);
  spec.dim = checked_count(vm, "dim", spec.dim);
  if (vm.count("dtype")) spec.dtype = vm["dtype"].as<std::string>();
  if (vm.count("file")) {  // the stage functions fix batch, dim and dtype
    SourceManager sm;
    DiagnosticEngine diag(&sm);
    auto m = load(vm["file"].as<std::string>(), sm, diag);
    transforms::read_stage_functions(*m, "forward", "backward", spec);
  }
  return transforms::emit_linear_pipeline(spec);
}

std::string run_passes(const po::variables_map& vm) {
  if (!vm.count("file")) throw Usage{"missing FILE"};
  std::vector<const transforms::PassInfo*> passes;
  if (vm.count("pass"))
    for (const std::string& name : vm["pass"].as<std::vector<std::string>>()) {
      const transforms::PassInfo* p = transforms::lookup_pass(name);
      if (!p) throw Usage{"unknown pass '" + name + "' (see --help)"};
      passes.push_back(p);
    }
  SourceManager sm;
  DiagnosticEngine diag(&sm);
  auto m = load(vm["file"].as<std::string>(), sm, diag);
  for (const transforms::PassInfo* p : passes)
    if (!p->run(*m, diag) || !verify::verify_module(*m, diag)) throw Error(diag.render());
  text::PrintOptions po;
  po.generic = vm.count("generic") > 0;
  return text::print_module(*m, po);
}

po::options_description options() {
  po::options_description d(
      "Usage: tessera-opt FILE [--pass NAME]... [options]\n"
      "       tessera-opt --emit-pipeline --stages S --micro M [FILE]\n"
      "       tessera-opt --print-pipeline-schedule --stages S --micro M\n\n"
      "Parses and verifies FILE, runs the passes in order (verifying after "
      "each) and prints the module.\n--emit-pipeline prints the 1F1B SPMD "
      "module of S linear stages, or of FILE's @forward/@backward stage "
      "functions.\n\nOptions");
  d.add_options()("help,h", "show this help")("file", po::value<std::string>(), "the module")(
      "pass,p", po::value<std::vector<std::string>>()->composing(),
      "run a pass (repeatable, in order); see the list below")(
      "generic", "print every op in the generic form")(
      "output,o", po::value<std::string>(), "write to this file instead of standard output")(
      "emit-pipeline", "print the pipelined SPMD module")(
      "print-pipeline-schedule", "print each stage's 1F1B order and the lock-step timetable")(
      "stages", po::value<int64_t>(), "pipeline stages (default 4)")("micro", po::value<int64_t>(),
                                                                     "micro-batches (default 8)")(
      "batch", po::value<int64_t>(), "rows of a micro-batch, linear stages (default 2)")(
      "dim", po::value<int64_t>(), "width of a linear stage (default 4)")(
      "dtype", po::value<std::string>(), "element type of linear stages (default f32)");
  return d;
}

std::string help_text(const po::options_description& d) {
  std::ostringstream os;
  os << d << "\nPasses:\n";
  for (const transforms::PassInfo& p : transforms::all_passes())
    os << "  " << p.name << ": " << p.summary << "\n";
  os << "\nExit codes: 0 success, 1 diagnosed error in the input, 2 bad usage.\n";
  return os.str();
}

int run(int argc, char** argv) {
  po::options_description desc = options();
  po::positional_options_description pos;
  pos.add("file", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(desc).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw Usage{e.what()};
  }
  if (vm.count("help")) {
    std::cout << help_text(desc);
    return kExitOk;
  }
  const bool emit_pipe = vm.count("emit-pipeline") > 0;
  const bool schedule = vm.count("print-pipeline-schedule") > 0;
  if (emit_pipe && schedule)
    throw Usage{"--emit-pipeline and --print-pipeline-schedule exclude each other"};
  if ((emit_pipe || schedule) && vm.count("pass"))
    throw Usage{"--pass does not apply to pipelines"};
  const std::string out = vm.count("output") ? vm["output"].as<std::string>() : "";
  emit((emit_pipe || schedule) ? pipeline_text(vm, schedule) : run_passes(vm), out);
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const Usage& u) {
    std::cerr << "tessera-opt: error: " << u.message << "\n";
    return kExitUsage;
  } catch (const Error& e) {
    std::string msg = e.what();
    if (!msg.empty() && msg.back() != '\n') msg += '\n';
    // Rendered diagnostics carry their location and `error:`; a pass's plain message gets ours.
    std::cerr << (msg.find("error: ") == std::string::npos ? "tessera-opt: error: " : "") << msg;
    return kExitInputError;
  } catch (const std::bad_alloc&) {
    std::cerr << "tessera-opt: error: out of memory\n";
    return kExitInputError;
  } catch (const std::exception& e) {
    std::cerr << "tessera-opt: error: " << e.what() << "\n";
    return kExitInputError;
  }
}
