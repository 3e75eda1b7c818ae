// tessera-interp lower FILE --to LEVEL: print the module lowered to Schedule, Tile or Target IR.
#include <iostream>

#include "core/support/error.h"
#include "core/text/printer.h"
#include "core/transforms/levels.h"
#include "interp/session.h"
#include "interp/tools/interp/cli.h"

namespace tessera::cli {

using namespace tessera::interp;

/// The text of `text` lowered to `level` (verified after every pass); throws Error.
std::string lower_module_text(const std::string& text, const std::string& path,
                              const std::string& level, bool generic) {
  if (!transforms::lookup_level(level))
    throw UsageError{"--to/--level must be graph, schedule, tile or target, got '" + level + "'"};
  auto lm = load_module(text, path);
  DiagnosticEngine diag(&lm->sm);
  std::string err;
  if (!transforms::lower_to_level(*lm->module, level, diag, err))
    throw Error(err.empty() ? diag.render() : path + ": error: " + err);
  text::PrintOptions opts;
  opts.generic = generic;
  return text::print_module(*lm->module, opts);
}

int cmd_lower(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc(
      "Usage: tessera-interp lower FILE --to schedule|tile|target [--generic]\n\nOptions");
  desc.add_options()("to", po::value<std::string>(), "level: schedule, tile or target")(
      "generic", "print every op in the generic form");
  auto parsed = parse_file_command(args, desc);
  if (!parsed) return 0;
  auto& vm = *parsed;
  if (!vm.count("to")) throw UsageError{"lower needs --to schedule|tile|target"};
  std::string path = vm["file"].as<std::string>();
  std::cout << lower_module_text(read_file(path), path, vm["to"].as<std::string>(),
                                 vm.count("generic") > 0);
  return 0;
}

}  // namespace tessera::cli
