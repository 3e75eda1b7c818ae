// tessera-interp verify FILE: parse and verify, print diagnostics (warnings included).
#include <iostream>

#include "core/support/error.h"
#include "interp/cli/cli.h"
#include "interp/session.h"

namespace tessera::cli {

using namespace tessera::interp;

int cmd_verify(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc("Usage: tessera-interp verify FILE\n\nOptions");
  desc.add_options()("help,h", "show this help")("file", po::value<std::string>(), "module to verify");
  po::positional_options_description pos;
  pos.add("file", 1);
  auto vm = parse_args(args, desc, pos);
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return 0;
  }
  if (!vm.count("file")) throw UsageError{"missing FILE"};
  std::string path = vm["file"].as<std::string>();
  auto lm = load_module(read_file(path), path);
  std::cerr << lm->warnings;
  std::cout << path << ": ok\n";
  return 0;
}

}  // namespace tessera::cli
