// tessera._core.differentiate: the autodiff engine of core/transforms for the Python package
// (ts.grad & co., python/tessera/_autodiff.py; docs/autodiff.md).
#include "python/src/autodiff.h"

#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "core/support/diagnostics.h"
#include "core/support/error.h"
#include "core/text/printer.h"
#include "core/transforms/autodiff.h"
#include "interp/session.h"

namespace tessera::python {
namespace {

namespace ad = transforms::autodiff;

/// (module text, derivative function name) of function `entry` of `text` differentiated with
/// respect to its parameters `wrt` (positions) in `mode` ("rev" or "fwd"), as `tessera-interp
/// grad` prints it. Throws tessera::Error with the rendered diagnostics.
py::tuple differentiate(const std::string& text, const std::string& entry,
                        const std::vector<int64_t>& wrt, const std::string& mode,
                        const std::string& filename) {
  if (mode != "rev" && mode != "fwd")
    throw Error("differentiate: mode must be \"rev\" or \"fwd\", got \"" + mode + "\"");
  const ad::Mode md = mode == "rev" ? ad::Mode::reverse : ad::Mode::forward;
  auto lm = interp::load_module(text, filename);
  DiagnosticEngine diag(&lm->sm);
  std::vector<std::string> names;
  for (int64_t k : wrt) {
    if (k < 0) throw Error("differentiate: negative parameter position " + std::to_string(k));
    names.push_back("#" + std::to_string(k));
  }
  ad::Options opts;
  auto out = ad::differentiate(*lm->module, entry, names, md, opts, diag);
  if (!out) throw Error(diag.render());
  const std::string name = entry + (md == ad::Mode::reverse ? "_vjp" : "_jvp");
  return py::make_tuple(text::print_module(*out), name);
}

}  // namespace

void register_autodiff(py::module_& m) {
  m.def("differentiate", &differentiate, py::arg("text"), py::arg("entry"), py::arg("wrt"),
        py::arg("mode") = "rev", py::arg("filename") = "<python>",
        "The derivative program of a function: (module text, function name).");
}

}  // namespace tessera::python
