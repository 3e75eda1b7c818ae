// Collectives over all ranks' buffers at once, with NCCL semantics (docs/collectives.md).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "core/mesh/mesh.h"
#include "interp/tensor.h"

namespace tessera::interp::mesh {

using tessera::mesh::Groups;
using tessera::mesh::Mesh;
using tessera::mesh::ShardSpec;

enum class ReduceOp { sum, prod, max, min, avg };
std::optional<ReduceOp> parse_reduce_op(std::string_view s);

/// Folds `ins.size()` arrays of `numel` elements of `t` elementwise in index (rank) order into
/// `dst`: acc = in[0]; acc = round_t(acc op in[g]) for g = 1..n-1. Low-precision floats are
/// decoded to f32, combined exactly in f32 and rounded once to t per step. Float avg scales each
/// input by t(1/n) (rounded to t) first, then sums; integer avg sums wrapping and divides
/// truncating toward zero. `dst` may alias no input.
void fold(ReduceOp op, DType t, std::span<const std::byte* const> ins, std::byte* dst,
          size_t numel);

/// Per-rank inputs in, per-rank outputs out (index = global rank). Ranks of one group whose
/// results are equal share one immutable buffer (a Tensor copy shares storage).
std::vector<Tensor> all_reduce(const Groups& g, ReduceOp op, const std::vector<Tensor>& in);
std::vector<Tensor> all_gather(const Groups& g, int64_t dim, const std::vector<Tensor>& in);
std::vector<Tensor> reduce_scatter(const Groups& g, ReduceOp op, int64_t dim,
                                   const std::vector<Tensor>& in);
std::vector<Tensor> all_to_all(const Groups& g, int64_t split_dim, int64_t concat_dim,
                               const std::vector<Tensor>& in);
/// Every rank of a group gets the root's tensor.
std::vector<Tensor> broadcast(const Groups& g, int64_t root, const std::vector<Tensor>& in);
/// The root gets the reduction; other ranks get zeros.
std::vector<Tensor> reduce(const Groups& g, ReduceOp op, int64_t root,
                           const std::vector<Tensor>& in);
/// The root gets the concatenation along dim in group-rank order; other ranks get zeros.
std::vector<Tensor> gather(const Groups& g, int64_t dim, int64_t root,
                           const std::vector<Tensor>& in);
/// Group rank i gets block i (along dim) of the root's tensor.
std::vector<Tensor> scatter(const Groups& g, int64_t dim, int64_t root,
                            const std::vector<Tensor>& in);
/// pairs of (source, destination) group ranks; ranks that are no destination get zeros.
std::vector<Tensor> ppermute(const Groups& g, const std::vector<std::pair<int64_t, int64_t>>& pairs,
                             const std::vector<Tensor>& in);
/// The group rank of every rank as a 0-d i32 tensor.
std::vector<Tensor> axis_index(const Groups& g);
/// Moves values from one ShardSpec to another: partial axes that `dst` drops are all-reduced
/// (sum), dims whose sharding changes are all-gathered, then chunked locally; partial axes that
/// `dst` adds keep the value at group rank 0 and zeros elsewhere.
std::vector<Tensor> redistribute(const Mesh& m, const ShardSpec& src, const ShardSpec& dst,
                                 const std::vector<Tensor>& in);

/// Splits a global tensor into per-rank shards by a ShardSpec (partial axes: the value at group
/// rank 0, zeros elsewhere). Throws tessera::Error when a dim does not divide.
std::vector<Tensor> shard_global(const Mesh& m, const ShardSpec& s, const Tensor& global);
/// Assembles a global tensor from per-rank shards: concatenates sharded dims, sums partial axes in
/// rank order, and checks that replicas agree bit for bit (else throws, naming two ranks).
Tensor unshard(const Mesh& m, const ShardSpec& s, const std::vector<Tensor>& shards);

/// Bytes per element of movable types (i4 is refused earlier by the verifier).
size_t element_bytes(DType t);

}  // namespace tessera::interp::mesh
