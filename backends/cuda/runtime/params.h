// Kernel parameters as cudaLaunchKernel takes them, in the generator's order and register types
// (codegen/emitter.cpp): a memref is its device pointer then one 64-bit extent per `?` dimension;
// a scalar is its register type (f16, bf16 and fp8 widened to f32). Needs no device.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "backends/cuda/runtime/host_plan.h"

namespace tessera::cuda {

/// One parameter's bytes (at most 16), aligned for any parameter type.
struct ParamBytes {
  alignas(16) unsigned char b[16] = {};
};

/// "2x3xf32", with "?" for dynamic dimensions.
std::string shape_text(DType dtype, const std::vector<int64_t>& shape);

/// Appends the parameters of a tensor (`dtype`, `shape`, at `device_ptr`) bound to memref
/// parameter `p` (number `k` of the launch at `where`). Throws Failure INVALID_ARGUMENT when the
/// dtype, rank or a static dimension does not match (tnv_launch_c3).
void pack_memref(DType dtype, const std::vector<int64_t>& shape, const void* device_ptr,
                 const ParamSpec& p, const std::string& where, size_t k,
                 std::vector<ParamBytes>& out);

/// The parameter for a one-element tensor (`dtype`, `shape`, stored bytes `raw`) bound to a
/// scalar parameter of `param_dtype`. Throws Failure INVALID_ARGUMENT on a mismatch and
/// UNIMPLEMENTED for a type the generator has no register form for.
ParamBytes pack_scalar(DType dtype, const std::vector<int64_t>& shape, const std::string& raw,
                       DType param_dtype, const std::string& where, size_t k);

}  // namespace tessera::cuda
