// tessera-interp print FILE [--generic]: print the module (re-parsable; generic form for mlir-opt).
#include <iostream>

#include "core/text/printer.h"
#include "interp/cli/cli.h"
#include "interp/session.h"

namespace tessera::cli {

using namespace tessera::interp;

int cmd_print(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc("Usage: tessera-interp print FILE [--generic] [--no-verify]\n\nOptions");
  desc.add_options()("help,h", "show this help")("generic", "print every op in the generic form")(
      "no-verify", "print even if the module does not verify")("file", po::value<std::string>(), "module");
  po::positional_options_description pos;
  pos.add("file", 1);
  auto vm = parse_args(args, desc, pos);
  if (vm.count("help")) {
    std::cout << desc << "\n";
    return 0;
  }
  if (!vm.count("file")) throw UsageError{"missing FILE"};
  std::string path = vm["file"].as<std::string>();
  auto lm = load_module(read_file(path), path, !vm.count("no-verify"));
  text::PrintOptions opts;
  opts.generic = vm.count("generic") > 0;
  std::cout << text::print_module(*lm->module, opts);
  return 0;
}

}  // namespace tessera::cli
