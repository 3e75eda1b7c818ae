// Reading integer index operands (gather, scatter, embedding, cross_entropy labels) as int64.
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "interp/graph/kernel.h"

namespace tessera::interp {

/// Calls `f(const T* data)` with the index tensor's storage viewed as its integer type.
template <typename F>
void with_indices(const KernelCtx& c, const Tensor& t, F&& f) {
  switch (t.dtype()) {
    case DType::i8:
      return f(t.data<int8_t>());
    case DType::i16:
      return f(t.data<int16_t>());
    case DType::i32:
      return f(t.data<int32_t>());
    case DType::i64:
    case DType::index:
      return f(t.data<int64_t>());
    case DType::u8:
      return f(t.data<uint8_t>());
    case DType::u16:
      return f(t.data<uint16_t>());
    case DType::u32:
      return f(t.data<uint32_t>());
    case DType::u64:
      return f(t.data<uint64_t>());
    default:
      c.fail(std::string("index element type ") + dtype_mlir_name(t.dtype()) + " is not supported");
  }
}

/// Index element `i` of `p` checked against [0, n); fails citing `label` otherwise.
template <typename T>
int64_t checked_index(const KernelCtx& c, const T* p, int64_t i, int64_t n, const char* label) {
  const T v = p[i];
  bool ok = true;
  if constexpr (std::numeric_limits<T>::is_signed) ok = v >= 0;
  if (ok && static_cast<uint64_t>(v) >= static_cast<uint64_t>(n)) ok = false;
  if (!ok) {
    std::string s;
    if constexpr (std::numeric_limits<T>::is_signed)
      s = std::to_string(static_cast<int64_t>(v));
    else
      s = std::to_string(static_cast<uint64_t>(v));
    c.fail("index " + s + " at element " + std::to_string(i) + " is outside [0, " +
           std::to_string(n) + ") (" + label + ")");
  }
  return static_cast<int64_t>(v);
}

}  // namespace tessera::interp
