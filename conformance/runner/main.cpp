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
