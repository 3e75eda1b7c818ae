// tessera._core.differentiate: the autodiff engine for the Python package.
#pragma once

#include <pybind11/pybind11.h>

namespace tessera::python {

namespace py = pybind11;

/// Adds `differentiate(text, entry, wrt, mode="rev", filename="<python>")` to the module.
void register_autodiff(py::module_& m);

}  // namespace tessera::python
