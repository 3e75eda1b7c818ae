// numpy / ml_dtypes arrays to interpreter tensors and back: which numpy dtype carries which
// Tessera element type, and when an array can be shared instead of copied (docs/python.md,
// "Arrays in and out").
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

#include "interp/api.h"
#include "interp/tensor.h"

namespace tessera::python {

namespace py = pybind11;
using interp::HostTensor;

/// The Tessera element type a numpy dtype carries, by the dtype's name ("float32", ml_dtypes'
/// "bfloat16", "float8_e4m3fn", "int4", ...); nullopt for a dtype without one.
std::optional<DType> dtype_of_numpy(const py::dtype& dt);

/// The numpy dtype name that carries `t` ("bfloat16" for bf16; "float32" for tf32, "int64" for
/// index, as the interpreter stores them).
const char* numpy_name(DType t);

/// Copies `a` (any strides) into a HostTensor of its own element type; int4 (one element per
/// byte in ml_dtypes) is packed two per byte. Throws tessera::Error for a dtype without a
/// Tessera type, naming `what`.
HostTensor to_host_tensor(const py::array& a, const std::string& what);

/// Copies `a`, whose dtype carries `t` (checked by the caller), into a new tensor.
interp::Tensor copy_array(const py::array& a, DType t, const std::string& what);

/// Wraps `a` without a copy when it is C-contiguous, 64-byte aligned and of exactly `want`
/// element type (not int4) and `shape`; nullopt otherwise. The tensor keeps `a` alive.
std::optional<interp::Tensor> borrow_array(const py::array& a, DType want,
                                           const std::vector<int64_t>& shape);

/// A numpy array over `t`'s storage without a copy (the array keeps the storage alive); int4 is
/// unpacked into a new array.
py::array to_numpy(const interp::Tensor& t);

/// The numpy dtype object that carries `t` (tessera._dtypes.NUMPY_DTYPES).
py::dtype lookup_dtype(DType t);

/// C-order strides in bytes of `shape` for elements of `itemsize` bytes.
std::vector<ssize_t> c_strides(const std::vector<int64_t>& shape, ssize_t itemsize);

/// A numpy array holding a copy of `t` (for a result that aliases an input or another result).
py::array to_numpy_copy(const interp::Tensor& t);

}  // namespace tessera::python
