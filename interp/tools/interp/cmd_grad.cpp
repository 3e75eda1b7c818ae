// tessera-interp grad FILE --wrt a,b [--mode rev|fwd] [--func NAME]: print the module with the
// derivative function of FILE's function (core/transforms/autodiff.h).
#include <iostream>
#include <sstream>

#include "core/support/error.h"
#include "core/text/printer.h"
#include "core/transforms/autodiff.h"
#include "interp/session.h"
#include "interp/tools/interp/cli.h"

namespace tessera::cli {

using namespace tessera::interp;
namespace ad = tessera::transforms::autodiff;

int cmd_grad(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  po::options_description desc(
      "Usage: tessera-interp grad FILE --wrt a,b [--mode rev|fwd] [--func NAME] [--generic]\n\n"
      "Prints FILE's module with the derivative of function NAME with respect to the named\n"
      "parameters: reverse mode adds NAME_vjp(params..., ct0, ...) -> (results..., grads...),\n"
      "forward mode adds NAME_jvp(params..., a_tan, ...) -> (results..., tangents...).\n\n"
      "Options");
  desc.add_options()("wrt", po::value<std::string>(),
                     "comma-separated parameter names (without %), or #k for the k-th")(
      "mode", po::value<std::string>()->default_value("rev"), "rev (vjp) or fwd (jvp)")(
      "func", po::value<std::string>()->default_value("main"), "the function to differentiate")(
      "name", po::value<std::string>(), "name of the new function (default NAME_vjp / NAME_jvp)")(
      "generic", "print every op in the generic form");
  auto parsed = parse_file_command(args, desc);
  if (!parsed) return 0;
  auto& vm = *parsed;
  if (!vm.count("wrt")) throw UsageError{"grad needs --wrt NAME[,NAME...]"};
  const std::string mode = vm["mode"].as<std::string>();
  if (mode != "rev" && mode != "fwd")
    throw UsageError{"--mode must be rev or fwd, got '" + mode + "'"};
  std::vector<std::string> wrt;
  std::stringstream ss(vm["wrt"].as<std::string>());
  for (std::string w; std::getline(ss, w, ',');) {
    if (!w.empty() && w[0] == '%') w.erase(0, 1);
    if (w.empty()) throw UsageError{"--wrt has an empty name"};
    wrt.push_back(w);
  }
  std::string path = vm["file"].as<std::string>();
  auto lm = load_module(read_file(path), path);
  DiagnosticEngine diag(&lm->sm);
  ad::Options opts;
  if (vm.count("name")) opts.name = vm["name"].as<std::string>();
  auto out = ad::differentiate(*lm->module, vm["func"].as<std::string>(), wrt,
                               mode == "rev" ? ad::Mode::reverse : ad::Mode::forward, opts, diag);
  if (!out) throw Error(diag.render());
  text::PrintOptions popts;
  popts.generic = vm.count("generic") > 0;
  std::cout << text::print_module(*out, popts);
  return 0;
}

}  // namespace tessera::cli
