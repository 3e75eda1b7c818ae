// tessera-conform: runs the conformance suite against a backend or diffs two backends.
#include <unistd.h>

#include <exception>
#include <iostream>

#include "conformance/runner/options.h"
#include "conformance/runner/runner.h"
#include "core/support/error.h"
#include "plugins/loader.h"
#ifdef TESSERA_HAVE_REFERENCE
#include "backends/reference/reference_backend.h"
#endif
#ifdef TESSERA_HAVE_CUDA_COMPILE_ONLY
#include "backends/cuda/tools/compile_only.h"
#include "backends/cuda/tools/lower_and_generate.h"
#endif

namespace {

// --compile-only: the CUDA generator and NVRTC over the cases (docs/cuda.md), without a device.
int compile_only(const tessera::conform::RunnerOptions& o) {
  using namespace tessera;
  if (o.backend != "cuda") {
    std::cerr << conform::error_line("--compile-only is for --backend cuda, not '" + o.backend +
                                     "'")
              << "\n";
    return kExitUsage;
  }
#ifdef TESSERA_HAVE_CUDA_COMPILE_ONLY
  cuda::CompileOnlyOptions co;
  try {
    co.archs = cuda::parse_archs(o.arch);
  } catch (const Error& e) {
    std::cerr << conform::error_line(e.what()) << "\n";
    return kExitUsage;
  }
  co.cases = o.cases;
  co.filter = o.filter;
  co.deterministic = o.deterministic;
  co.tool = "tessera-conform";
  return cuda::run_compile_only(co, std::cout);
#else
  std::cerr << conform::error_line(
                   "--compile-only needs the CUDA backend, which this build lacks (CUDA toolkit "
                   "not found at configure time)")
            << "\n";
  return kExitInputError;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tessera;
  try {
    conform::RunnerOptions options;
    try {
      options = conform::parse_runner_options(argc, argv, TESSERA_DEFAULT_CASES_DIR);
    } catch (const Error& e) {
      std::cerr << conform::error_line(e.what()) << "\n";
      return kExitUsage;
    }
    if (options.help) {
      std::cout << conform::runner_help_text();
      return kExitOk;
    }
    if (options.compile_only) return compile_only(options);
    plugins::Registry registry;
#ifdef TESSERA_HAVE_REFERENCE
    registry.register_builtin("reference", &tessera_reference_get_api_v1);
#endif
    if (options.list_backends) {
      for (const plugins::BackendSource& s : registry.list()) {
        std::cout << s.name << "\t" << s.origin << "\n";
      }
      return kExitOk;
    }
    return conform::run_conformance(options, registry, std::cout, std::cerr, isatty(1) != 0);
  } catch (const std::exception& e) {
    std::cerr << conform::error_line(e.what()) << "\n";
    return kExitInputError;
  }
}
