// tessera-interp verify FILE: parse and verify, print diagnostics (warnings included).
#include <iostream>

#include "core/support/error.h"
#include "interp/session.h"
#include "interp/tools/interp/cli.h"
#include "interp/tools/interp/expected_diags.h"

namespace tessera::cli {

using namespace tessera::interp;

int cmd_verify(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc(
      "Usage: tessera-interp verify FILE [--verify-diagnostics]\n\nOptions");
  desc.add_options()(
      "verify-diagnostics",
      "split FILE at '// -----' lines and check the errors against expected-error annotations");
  auto parsed = parse_file_command(args, desc);
  if (!parsed) return 0;
  auto& vm = *parsed;
  std::string path = vm["file"].as<std::string>();
  if (vm.count("verify-diagnostics")) {
    std::string report;
    int bad = check_expected_diagnostics(read_file(path), path, report);
    if (bad) {
      std::cerr << report << path << ": error: " << bad << " diagnostic expectation(s) failed\n";
      return kExitInputError;
    }
    std::cout << path << ": all expected diagnostics produced\n";
    return 0;
  }
  auto lm = load_module(read_file(path), path);
  std::cerr << lm->warnings;
  std::cout << path << ": ok\n";
  return 0;
}

}  // namespace tessera::cli
