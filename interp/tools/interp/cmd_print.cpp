// tessera-interp print FILE [--generic]: print the module (re-parsable; generic form for mlir-opt).
#include <iostream>

#include "core/text/printer.h"
#include "interp/session.h"
#include "interp/tools/interp/cli.h"

namespace tessera::cli {

using namespace tessera::interp;

int cmd_print(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc(
      "Usage: tessera-interp print FILE [--generic] [--no-verify]\n\nOptions");
  desc.add_options()("generic", "print every op in the generic form")(
      "no-verify", "print even if the module does not verify");
  auto parsed = parse_file_command(args, desc);
  if (!parsed) return 0;
  auto& vm = *parsed;
  std::string path = vm["file"].as<std::string>();
  auto lm = load_module(read_file(path), path, !vm.count("no-verify"));
  text::PrintOptions opts;
  opts.generic = vm.count("generic") > 0;
  std::cout << text::print_module(*lm->module, opts);
  return 0;
}

}  // namespace tessera::cli
