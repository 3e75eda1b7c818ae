// Schedule IR structure shared by the verifier, the schedule executor and the lowerings: the kind
// of a fusion group, the role of each of its parameters and its tile grid
// (docs/ops/schedule/group.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::ops::sched {

/// What a fusion group computes; it fixes how the output is tiled and how operands are sliced.
enum class GroupKind { gemm, conv, attention, row, elementwise, whole };

/// "gemm", ...; nullopt for an unknown name.
std::optional<GroupKind> parse_group_kind(std::string_view s);
const char* group_kind_name(GroupKind k);

/// How a parameter of the group's function is sliced for one output tile.
enum class ArgRole {
  tiled,   ///< numpy-broadcast against the output: size-1 dims whole, other dims the tile's range
  gemm_a,  ///< matmul lhs: leading dims broadcast, the M dim the tile's rows, K whole
  gemm_b,  ///< matmul rhs: leading dims broadcast, the N dim the tile's columns, K whole
  batch,   ///< the anchor's leading `batch_dims` dims follow the output; the rest whole
  whole,   ///< the whole tensor
};

/// The analysed structure of a group: its anchor (first op of the body) and per-parameter roles.
struct GroupPlan {
  GroupKind kind = GroupKind::whole;
  const ir::Op* anchor = nullptr;  ///< First op of the body (nullptr for an empty body).
  std::vector<ArgRole> roles;      ///< One per parameter of the callee.
  int batch_dims = 0;              ///< For ArgRole::batch.
};

/// Checks that `callee`'s body fits `kind` (schedule_c6, schedule_c7) and returns its plan; on
/// failure returns nullopt with the message and label in `err` / `label`.
std::optional<GroupPlan> analyse_group(const ir::Op& callee, GroupKind kind, std::string& err,
                                       const char*& label);

/// The extent of one output tile along every output dim, from `tile_shape` (gemm: [BM, BN, BK]
/// on the last two dims; other kinds: one extent per dim; whole: the output shape). Extents are
/// clamped to the output's dims.
std::vector<int64_t> tile_extents(GroupKind kind, const std::vector<int64_t>& tile_shape,
                                  const std::vector<int64_t>& out_shape);

/// The (offset, size) of every dim of parameter `role`'s slice for the output tile at `off` with
/// sizes `sz` (out_rank dims); `arg_shape` is the parameter's full shape.
struct SliceDims {
  std::vector<int64_t> offset, size;
};
SliceDims arg_slice(const GroupPlan& plan, size_t arg, const std::vector<int64_t>& arg_shape,
                    const std::vector<int64_t>& off, const std::vector<int64_t>& sz);

}  // namespace tessera::ops::sched
