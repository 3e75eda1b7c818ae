// IR types: scalars, tensors (static or dynamic dims), vectors, memrefs and opaque dialect types.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/numerics/dtype.h"

namespace tessera::ir {

inline constexpr int64_t kDynamic = -1;  ///< A dimension written `?`, bound at run time.

enum class TypeKind : uint8_t {
  none,    ///< No type (used for "absent").
  scalar,  ///< f32, i32, index, ...
  tensor,  ///< tensor<4x?xf32>: a value-semantics array.
  vector,  ///< vector<4xf32>: a register vector (Tile/Target IR).
  memref,  ///< memref<64x64xf32, 3>: a buffer in memory space N (0 global, 3 shared, 5 local).
  opaque,  ///< !dialect.name<...>: kept verbatim.
};

/// A value type. Small and copyable; equality is structural.
struct Type {
  TypeKind kind = TypeKind::none;
  DType dtype = DType::f32;
  std::vector<int64_t> shape;  ///< tensor/vector/memref dims; kDynamic for `?`.
  int64_t memspace = 0;        ///< memref only.
  std::string opaque;          ///< opaque only: full spelling including the leading `!`.

  static Type scalar(DType d) { return Type{TypeKind::scalar, d, {}, 0, {}}; }
  static Type tensor(DType d, std::vector<int64_t> s) {
    return Type{TypeKind::tensor, d, std::move(s), 0, {}};
  }
  static Type memref(DType d, std::vector<int64_t> s, int64_t space) {
    return Type{TypeKind::memref, d, std::move(s), space, {}};
  }
  bool is_tensor() const { return kind == TypeKind::tensor; }
  bool is_scalar() const { return kind == TypeKind::scalar; }
  bool is_memref() const { return kind == TypeKind::memref; }
  bool is_shaped() const {
    return kind == TypeKind::tensor || kind == TypeKind::vector || kind == TypeKind::memref;
  }
  int64_t rank() const { return static_cast<int64_t>(shape.size()); }
  bool has_static_shape() const;
  /// Number of elements, or nullopt if a dim is dynamic or the count overflows int64.
  std::optional<int64_t> num_elements() const;
  /// Byte size of the storage, or nullopt on dynamic dims or overflow.
  std::optional<int64_t> byte_size() const;
  bool operator==(const Type& o) const = default;
};

/// True when `a` and `b` agree on kind, dtype, rank and every dim that is static in both.
bool types_compatible(const Type& a, const Type& b);

/// MLIR spelling: `tensor<4x?xf32>`, `f32`, `memref<8xf32, 3>`.
std::string to_string(const Type& t);

/// Parses an element type name (`f32`, `bf16`, `f8E4M3FN`, `i32`, `index`, ...).
std::optional<DType> parse_dtype_name(std::string_view name);

/// Parses the short names used in policies and on the command line ("fp8_e4m3", "bf16", ...),
/// also accepting MLIR names.
std::optional<DType> parse_dtype_any(std::string_view name);

}  // namespace tessera::ir
