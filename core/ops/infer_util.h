// Shared helpers for op infer hooks: broadcasting, axis normalisation, attribute reading.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/ops/registry.h"

namespace tessera::ops {

/// numpy broadcasting of two shapes (dynamic dims broadcast against anything at verify time).
/// Returns nullopt when a pair of static dims differs and neither is 1.
std::optional<std::vector<int64_t>> broadcast_shapes(const std::vector<int64_t>& a,
                                                     const std::vector<int64_t>& b);

/// Requires operand `k` to be a tensor; reports `label` otherwise.
bool require_tensor(InferCtx& ctx, size_t k, const char* label);

/// Requires operand `k` to have a float element type in `allowed` (empty = any float).
bool require_float(InferCtx& ctx, size_t k, const char* label);

/// Reads an integer-array attribute; nullopt (without a diagnostic) when absent.
/// Reports `label` and sets `bad` when present but not an array of integers.
std::optional<std::vector<int64_t>> int_array_attr(InferCtx& ctx, const char* name,
                                                   const char* label, bool& bad);

/// Normalises an axis in [-rank, rank) to [0, rank); nullopt when out of range.
std::optional<int64_t> normalize_axis(int64_t axis, int64_t rank);

/// [rank-1, ..., 1, 0]: the permutation of tessera.transpose without `perm`.
std::vector<int64_t> reversed_dims(int64_t rank);

/// The permutation of tessera.transpose / permute (docs/ops/graph/shape.md, transpose_c1): its
/// `perm`; for tessera.transpose without one, upstream's dim names when both
/// `tessera.dim_names_in` and `tessera.dim_names_out` are string arrays (result dim d is the
/// operand dim named dim_names_out[d]), else the reversed dims. nullopt when `perm` is not an
/// integer array, when permute has none, or when the names are not one permutation of `rank`
/// distinct names (`why` says which).
std::optional<std::vector<int64_t>> transpose_perm(const ir::Op& op, int64_t rank,
                                                   std::string* why = nullptr);

/// Multiplies two dims where either may be dynamic.
int64_t mul_dims(int64_t a, int64_t b);

/// "tensor<2x3xf32>"-style shape string for messages.
std::string shape_str(const std::vector<int64_t>& s);

}  // namespace tessera::ops
