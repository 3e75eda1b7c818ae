// The packed-byte binding of i4 tensors to kernel parameters (docs/ops/tile/launch.md,
// launch_c3): Tile IR memory holds no i4 (mem_c1), so a kernel sees an i4 tensor of n elements
// as a rank-1 i8 memref over its storage, ceil(n / 2) bytes, two elements per byte, low nibble
// first (the interpreter's and the CUDA runtime's buffer layout).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/ir/type.h"
#include "core/numerics/dtype.h"

namespace tessera::ops {

/// Whether a tensor of `tensor` elements binds a memref of `param` elements and rank `rank` as
/// its packed bytes.
inline bool packed_i4_binding(DType tensor, DType param, size_t rank) {
  return tensor == DType::i4 && param == DType::i8 && rank == 1;
}

/// The bytes of n packed i4 elements.
inline int64_t packed_i4_bytes(int64_t n) { return n / 2 + n % 2; }

/// launch_c3's packed form: tensor type `t` (i4) binds memref type `p` (rank-1 i8, its extent
/// dynamic or the tensor's byte count).
inline bool packed_i4_fits(const ir::Type& t, const ir::Type& p) {
  if (!packed_i4_binding(t.dtype, p.dtype, p.shape.size())) return false;
  if (p.shape[0] == ir::kDynamic) return true;
  const std::optional<int64_t> n = t.num_elements();
  return t.has_static_shape() && n && p.shape[0] == packed_i4_bytes(*n);
}

}  // namespace tessera::ops
