// Kernel parameters as cudaLaunchKernel takes them.
#include "backends/cuda/runtime/params.h"

#include <cstring>

#include "backends/cuda/runtime/failure.h"
#include "core/numerics/convert.h"
#include "core/ops/packed_i4.h"

namespace tessera::cuda {
namespace {

/// index and i64 are the same 64-bit integers in memory and in kernel parameters.
bool same_storage(DType a, DType b) {
  auto norm = [](DType t) { return t == DType::index ? DType::i64 : t; };
  return norm(a) == norm(b);
}

}  // namespace

std::string shape_text(DType dtype, const std::vector<int64_t>& shape) {
  std::string s;
  for (int64_t d : shape) s += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  return s + dtype_mlir_name(dtype);
}

void pack_memref(DType dtype, const std::vector<int64_t>& shape, const void* device_ptr,
                 const ParamSpec& p, const std::string& where, size_t k,
                 std::vector<ParamBytes>& out) {
  if (ops::packed_i4_binding(dtype, p.dtype, p.shape.size())) {  // the packed bytes
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    pack_memref(DType::i8, {ops::packed_i4_bytes(n)}, device_ptr, p, where, k, out);
    return;
  }
  bool ok = same_storage(dtype, p.dtype) && shape.size() == p.shape.size();
  for (size_t d = 0; ok && d < p.shape.size(); ++d) ok = p.shape[d] < 0 || p.shape[d] == shape[d];
  if (!ok)
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  where + ": launch binds " + shape_text(dtype, shape) + " to kernel parameter " +
                      std::to_string(k) + " of type memref<" + shape_text(p.dtype, p.shape) +
                      "> (tnv_launch_c3)");
  ParamBytes ptr;
  std::memcpy(ptr.b, &device_ptr, sizeof device_ptr);
  out.push_back(ptr);
  for (size_t d = 0; d < p.shape.size(); ++d) {
    if (p.shape[d] >= 0) continue;
    ParamBytes ext;
    const long long e = shape[d];
    std::memcpy(ext.b, &e, sizeof e);
    out.push_back(ext);
  }
}

ParamBytes pack_scalar(DType dtype, const std::vector<int64_t>& shape, const std::string& raw,
                       DType param_dtype, const std::string& where, size_t k) {
  const int bits = dtype_bits(dtype);
  if (!same_storage(dtype, param_dtype) || bits < 8 || raw.size() != static_cast<size_t>(bits / 8))
    throw Failure(TESSERA_ERROR_INVALID_ARGUMENT,
                  where + ": launch operand " + std::to_string(k) + " is " +
                      shape_text(dtype, shape) + "; kernel parameter " + std::to_string(k) +
                      " is a scalar " + dtype_mlir_name(param_dtype));
  ParamBytes p;
  switch (param_dtype) {
    case DType::f16:
    case DType::bf16:
    case DType::f8e4m3:
    case DType::f8e5m2:
    case DType::f6e2m3:
    case DType::f6e3m2:
    case DType::f4e2m1:
    case DType::e8m0: {
      uint64_t in = 0;
      std::memcpy(&in, raw.data(), raw.size());  // little-endian storage bits
      const auto f32 = static_cast<uint32_t>(num::convert_bits(param_dtype, in, DType::f32, {}));
      std::memcpy(p.b, &f32, sizeof f32);
      break;
    }
    case DType::f32:
    case DType::f64:
    case DType::i1:
    case DType::i8:
    case DType::i16:
    case DType::i32:
    case DType::i64:
    case DType::index:
    case DType::u8:
    case DType::u16:
    case DType::u32:
    case DType::u64:
      std::memcpy(p.b, raw.data(), raw.size());
      break;
    default:
      unimplemented(where + ": scalar kernel parameter of type " + dtype_mlir_name(param_dtype));
  }
  return p;
}

}  // namespace tessera::cuda
