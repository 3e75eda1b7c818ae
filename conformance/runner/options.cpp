// Command-line options of tessera-conform (Boost.Program_options).
#include "conformance/runner/options.h"

#include <boost/program_options.hpp>
#include <sstream>

#include "core/support/error.h"

namespace tessera::conform {
namespace {

namespace po = boost::program_options;

po::options_description describe(RunnerOptions& o) {
  po::options_description d("Options", 100, 50);
  d.add_options()("help,h", po::bool_switch(&o.help), "print this help and exit")(
      "backend", po::value(&o.backend)->value_name("NAME|PATH"),
      "backend under test (default: reference)")(
      "filter", po::value(&o.filter)->value_name("GLOB"),
      "run only cases whose id (path/name) or name matches GLOB")(
      "junit", po::value(&o.junit)->value_name("FILE"), "write a JUnit XML report to FILE")(
      "deterministic", po::bool_switch(&o.deterministic),
      "compile in deterministic mode; skip all cases on backends without it")(
      "diff-backend", po::value(&o.diff_backend)->value_name("NAME|PATH"),
      "also run every case on this backend and diff outputs bit for bit; NaNs that differ "
      "only in payload or sign are counted apart and do not fail a case")(
      "threads", po::value(&o.threads)->value_name("N"),
      "worker threads for --backend (0 = backend default)")(
      "diff-threads", po::value<int>()->value_name("N"),
      "worker threads for --diff-backend (default: --threads)")(
      "cases", po::value(&o.cases)->value_name("DIR"),
      "case directory or file (default: <source>/conformance/cases)")(
      "list-backends", po::bool_switch(&o.list_backends), "list known backends and exit")(
      "levels", po::value(&o.levels)->value_name("LIST"),
      "also lower each case to these IR levels (all, or graph,schedule,tile,target) and run it "
      "there: bit-exact with the Graph IR run")(
      "require-device", po::bool_switch(&o.require_device),
      "fail (exit 1) when a backend reports no usable device, instead of skipping every case")(
      "compile-only", po::bool_switch(&o.compile_only),
      "with --backend cuda: generate and NVRTC-compile every case's kernels for --arch without "
      "running them (no GPU needed); cases that do not lower to Target IR are skipped")(
      "arch", po::value(&o.arch)->value_name("LIST"),
      "with --compile-only: architectures (default sm_80,sm_90,sm_100)");
  return d;
}

}  // namespace

std::string runner_help_text() {
  RunnerOptions o;
  std::ostringstream out;
  out << "Usage: tessera-conform [--backend NAME|PATH] [--filter GLOB] [--junit FILE]\n"
         "                       [--deterministic] [--diff-backend NAME|PATH] [--threads N]\n"
         "                       [--diff-threads N] [--cases DIR] [--list-backends]\n"
         "                       [--levels LIST] [--require-device]\n"
         "                       [--compile-only [--arch LIST]]\n"
         "\n"
         "Runs the conformance cases against a backend, or diffs two backends (or two thread\n"
         "counts) bit for bit. Backend names resolve through TESSERA_BACKENDS=name:path,...,\n"
         "the built-in backends, then <bindir>/../lib/tessera/plugins/libtessera_NAME.so.\n"
         "Exit status: 0 no failures, 1 failures or input errors, 2 usage errors.\n"
         "\n"
      << describe(o);
  return out.str();
}

RunnerOptions parse_runner_options(int argc, const char* const* argv,
                                   const std::string& default_cases_dir) {
  RunnerOptions o;
  po::options_description d = describe(o);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(d).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw Error(std::string(e.what()) + " (see tessera-conform --help)");
  }
  if (vm.count("diff-threads")) o.diff_threads = vm["diff-threads"].as<int>();
  if (o.threads < 0 || (o.diff_threads && *o.diff_threads < 0)) {
    throw Error("--threads and --diff-threads must be >= 0 (see tessera-conform --help)");
  }
  if (o.diff_threads && o.diff_backend.empty()) {
    throw Error("--diff-threads needs --diff-backend (see tessera-conform --help)");
  }
  if (o.backend.empty()) throw Error("--backend must not be empty");
  if (!o.levels.empty() && !o.diff_backend.empty())
    throw Error("--levels and --diff-backend do not go together (see tessera-conform --help)");
  if (o.compile_only && (!o.diff_backend.empty() || !o.levels.empty() || o.require_device))
    throw Error(
        "--compile-only runs nothing: it does not go with --diff-backend, --levels or "
        "--require-device (see tessera-conform --help)");
  if (vm.count("arch") && !o.compile_only)
    throw Error("--arch needs --compile-only (see tessera-conform --help)");
  if (o.cases.empty()) o.cases = default_cases_dir;
  return o;
}

}  // namespace tessera::conform
