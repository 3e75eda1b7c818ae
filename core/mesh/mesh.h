// Device meshes, ShardSpecs and collective groups (docs/collectives.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/ir.h"

namespace tessera::mesh {

/// A logical device mesh: named axes, row-major (rank of (i, j) = i * |j| + j).
struct Mesh {
  std::vector<std::string> axes;
  std::vector<int64_t> shape;
  std::vector<std::string> devices;  ///< One name per rank (may be empty = unnamed).

  int64_t size() const;
  /// Index of an axis name, or -1.
  int axis_index(std::string_view name) const;
  /// Coordinates of a rank, one per axis.
  std::vector<int64_t> coords(int64_t rank) const;
  int64_t rank_of(const std::vector<int64_t>& coords) const;
  /// "rank 5 (dp=0, tp=2, pp=1)".
  std::string describe_rank(int64_t rank) const;
};

/// Communicator groups over a set of axes, as ncclCommSplit would form them: ranks that agree on
/// every other coordinate form one group; the group rank is row-major over the named axes in
/// mesh order.
struct Groups {
  int64_t group_size = 1;
  std::vector<std::vector<int64_t>> members;  ///< members[g][group_rank] = global rank.
  std::vector<int64_t> group_of;              ///< Per global rank.
  std::vector<int64_t> rank_in_group;         ///< Per global rank.
};

/// Builds the groups of `axes` (axis indices, in mesh order).
Groups make_groups(const Mesh& m, const std::vector<int>& axes);

/// How a tensor lies on the mesh: per tensor dim the mesh axes sharding it (major first, mesh
/// order), and the axes over which the value is a partial sum. Axes named nowhere replicate.
struct ShardSpec {
  std::vector<std::vector<int>> dim_axes;  ///< One entry per tensor dim.
  std::vector<int> partial;                ///< Mesh axis indices, mesh order.

  static ShardSpec replicated(size_t rank) {
    return ShardSpec{std::vector<std::vector<int>>(rank), {}};
  }
  /// Number of shards along dim d.
  int64_t shards(const Mesh& m, size_t d) const;
  bool operator==(const ShardSpec&) const = default;
};

/// Reads `tessera.mesh = {axes = [...], shape = [...], devices = [...]}` of a module op.
/// nullopt without a diagnostic when absent; sets `err` when present but malformed.
std::optional<Mesh> read_mesh(const ir::Op& module, std::string& err);

/// The module that encloses `op` (walking parents), or nullptr.
const ir::Op* enclosing_module(const ir::Op& op);

/// Reads a ShardSpec dict `{partition = ["row", 1], mesh_axes = ["tp", ["dp", "pp"]],
/// partial = ["tp"]}` for a tensor of rank `rank`; sets `err` on malformed input.
std::optional<ShardSpec> read_shard_spec(const ir::Attr& a, const Mesh& m, size_t rank,
                                         std::string& err);

/// Writes a ShardSpec back as an attribute in the canonical form (integer dims).
ir::Attr shard_spec_attr(const ShardSpec& s, const Mesh& m);

/// Parses a list of axis names (array of strings) into axis indices in mesh order; `err` when
/// unknown, repeated or out of mesh order.
std::optional<std::vector<int>> read_axes(const ir::Attr* a, const Mesh& m, std::string& err);

/// Local (per-rank) shape of a global shape; nullopt (with `err`) when a dim does not divide.
std::optional<std::vector<int64_t>> local_shape(const std::vector<int64_t>& global,
                                                const ShardSpec& s, const Mesh& m,
                                                std::string& err);
/// Global shape of a local shape.
std::vector<int64_t> global_shape(const std::vector<int64_t>& local, const ShardSpec& s,
                                  const Mesh& m);
/// Index of rank's shard along dim d (row-major over the dim's axes).
int64_t shard_index(const ShardSpec& s, const Mesh& m, size_t d, int64_t rank);

/// The ShardSpec of function argument k (`tessera.shard` argument attribute), replicated if absent.
std::optional<ShardSpec> arg_shard_spec(const ir::Op& func, size_t k, const Mesh& m,
                                        std::string& err);
/// The ShardSpec of result k (`tessera.result_shards` function attribute), replicated if absent.
std::optional<ShardSpec> result_shard_spec(const ir::Op& func, size_t k, const Mesh& m,
                                           std::string& err);

/// "{partition = [0], mesh_axes = ["tp"]}"-like text for messages.
std::string to_string(const ShardSpec& s, const Mesh& m);

/// Element types collectives reduce: the IEEE-like floats, fp8 and every integer but i1/i4
/// (shared by the verifier and the executor).
bool reducible(DType t);

}  // namespace tessera::mesh
