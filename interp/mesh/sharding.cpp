// ShardSpec data movement: redistribute, and global <-> per-rank conversion for tools.
#include <algorithm>
#include <cstring>
#include <map>

#include "core/support/error.h"
#include "interp/mesh/collectives.h"

namespace tessera::interp::mesh {
namespace {

std::vector<int> minus(const std::vector<int>& a, const std::vector<int>& b) {
  std::vector<int> out;
  for (int x : a)
    if (std::find(b.begin(), b.end(), x) == b.end()) out.push_back(x);
  return out;
}

/// Offsets of rank's block in the global tensor.
std::vector<int64_t> block_offsets(const Mesh& m, const ShardSpec& s, int64_t rank,
                                   const std::vector<int64_t>& local) {
  std::vector<int64_t> off(local.size());
  for (size_t d = 0; d < local.size(); ++d) off[d] = shard_index(s, m, d, rank) * local[d];
  return off;
}

/// Copies the box at `off` of size `box` between a global tensor and a local one.
void move_box(const Tensor& src, const std::vector<int64_t>& so, Tensor& dst,
              const std::vector<int64_t>& doff, const std::vector<int64_t>& box) {
  // Element-row copy over the box (the last dim is contiguous in both).
  size_t es = element_bytes(src.dtype());
  size_t rank = box.size();
  int64_t count = 1;
  for (int64_t b : box) count *= b;
  if (count == 0) return;
  if (rank == 0) {
    std::memcpy(dst.bytes(), src.bytes(), es);
    return;
  }
  auto ss = row_major_strides(src.shape()), ds = row_major_strides(dst.shape());
  std::vector<int64_t> idx(rank - 1, 0);
  int64_t rows = count / box[rank - 1];
  for (int64_t it = 0; it < rows; ++it) {
    int64_t s_off = so[rank - 1], d_off = doff[rank - 1];
    for (size_t d = 0; d + 1 < rank; ++d) {
      s_off += (so[d] + idx[d]) * ss[d];
      d_off += (doff[d] + idx[d]) * ds[d];
    }
    std::memcpy(dst.bytes() + static_cast<size_t>(d_off) * es,
                src.bytes() + static_cast<size_t>(s_off) * es,
                static_cast<size_t>(box[rank - 1]) * es);
    for (size_t d = rank - 1; d-- > 0;) {
      if (++idx[d] < box[d]) break;
      idx[d] = 0;
    }
  }
}

Tensor zeros(DType t, const std::vector<int64_t>& shape) {
  Tensor z(t, shape);
  if (z.nbytes()) std::memset(z.bytes(), 0, z.nbytes());
  return z;
}

}  // namespace

std::vector<Tensor> redistribute(const Mesh& m, const ShardSpec& src, const ShardSpec& dst,
                                 const std::vector<Tensor>& in) {
  std::vector<Tensor> v = in;
  auto n = static_cast<size_t>(m.size());
  // P -> R / S: sum over the partial axes dst drops (rank order within each group).
  auto drop = minus(src.partial, dst.partial);
  if (!drop.empty()) v = all_reduce(make_groups(m, drop), ReduceOp::sum, v);
  // S -> R: gather every dim whose sharding changes.
  for (size_t d = 0; d < src.dim_axes.size(); ++d)
    if (!src.dim_axes[d].empty() && src.dim_axes[d] != dst.dim_axes[d])
      v = all_gather(make_groups(m, src.dim_axes[d]), static_cast<int64_t>(d), v);
  // R -> S: keep the local chunk.
  for (size_t d = 0; d < dst.dim_axes.size(); ++d) {
    if (dst.dim_axes[d].empty() || src.dim_axes[d] == dst.dim_axes[d]) continue;
    int64_t parts = dst.shards(m, d);
    std::vector<Tensor> next(n);
    for (size_t r = 0; r < n; ++r) {
      auto shape = v[r].shape();
      shape[d] /= parts;
      Tensor t(v[r].dtype(), shape);
      std::vector<int64_t> so(shape.size(), 0), doff(shape.size(), 0);
      so[d] = shard_index(dst, m, d, static_cast<int64_t>(r)) * shape[d];
      move_box(v[r], so, t, doff, shape);
      next[r] = std::move(t);
    }
    v = std::move(next);
  }
  // R -> P: the value stays at group rank 0 of the added partial axes, zeros elsewhere.
  auto add = minus(dst.partial, src.partial);
  if (!add.empty()) {
    Groups g = make_groups(m, add);
    for (size_t r = 0; r < n; ++r)
      if (g.rank_in_group[r] != 0) v[r] = zeros(v[r].dtype(), v[r].shape());
  }
  return v;
}

std::vector<Tensor> shard_global(const Mesh& m, const ShardSpec& s, const Tensor& global) {
  std::string err;
  auto local = tessera::mesh::local_shape(global.shape(), s, m, err);
  if (!local)
    throw Error("cannot shard a " + ir::to_string(global.type()) + " by " + to_string(s, m) + ": " +
                err);
  Groups pg = make_groups(m, s.partial);
  std::vector<Tensor> out(static_cast<size_t>(m.size()));
  std::map<std::vector<int64_t>, Tensor> replicas;  // identical blocks share storage
  for (int64_t r = 0; r < m.size(); ++r) {
    if (pg.rank_in_group[static_cast<size_t>(r)] != 0) {
      out[static_cast<size_t>(r)] = zeros(global.dtype(), *local);
      continue;
    }
    auto off = block_offsets(m, s, r, *local);
    auto it = replicas.find(off);
    if (it == replicas.end()) {
      Tensor t(global.dtype(), *local);
      move_box(global, off, t, std::vector<int64_t>(off.size(), 0), *local);
      it = replicas.emplace(off, t).first;
    }
    out[static_cast<size_t>(r)] = it->second;
  }
  return out;
}

Tensor unshard(const Mesh& m, const ShardSpec& s, const std::vector<Tensor>& shards) {
  if (shards.size() != static_cast<size_t>(m.size()))
    throw Error("expected one shard per rank (" + std::to_string(m.size()) + "), got " +
                std::to_string(shards.size()));
  const Tensor& first = shards.at(0);
  if (static_cast<size_t>(first.rank()) != s.dim_axes.size())
    throw Error("a rank-" + std::to_string(first.rank()) +
                " result cannot have a ShardSpec for rank " + std::to_string(s.dim_axes.size()));
  Tensor global(first.dtype(), global_shape(first.shape(), s, m));
  // Axes that neither shard nor are partial replicate: every replica must hold the same bits.
  std::vector<bool> used(m.axes.size(), false);
  for (const auto& axes : s.dim_axes)
    for (int a : axes) used[static_cast<size_t>(a)] = true;
  for (int a : s.partial) used[static_cast<size_t>(a)] = true;
  Groups pg = make_groups(m, s.partial);
  for (int64_t r = 0; r < m.size(); ++r) {
    const Tensor& t = shards[static_cast<size_t>(r)];
    if (t.type() != first.type())
      throw Error(m.describe_rank(r) + " holds " + ir::to_string(t.type()) + " but " +
                  m.describe_rank(0) + " holds " + ir::to_string(first.type()));
    auto c = m.coords(r);
    bool canonical = true;
    for (size_t a = 0; a < c.size(); ++a)
      if (!used[a] && c[a] != 0) {
        c[a] = 0;
        canonical = false;
      }
    if (!canonical) {
      int64_t q = m.rank_of(c);
      const Tensor& u = shards[static_cast<size_t>(q)];
      if (t.nbytes() && std::memcmp(t.bytes(), u.bytes(), t.nbytes()) != 0)
        throw Error("the result is declared replicated there, but " + m.describe_rank(r) + " and " +
                    m.describe_rank(q) + " hold different values");
      continue;
    }
    if (pg.rank_in_group[static_cast<size_t>(r)] != 0) continue;
    Tensor value = t;
    if (!s.partial.empty()) {
      const auto& members = pg.members[static_cast<size_t>(pg.group_of[static_cast<size_t>(r)])];
      std::vector<const std::byte*> ptrs;
      for (int64_t q : members) ptrs.push_back(shards[static_cast<size_t>(q)].bytes());
      value = Tensor(t.dtype(), t.shape());
      fold(ReduceOp::sum, t.dtype(), ptrs, value.bytes(), static_cast<size_t>(t.numel()));
    }
    auto off = block_offsets(m, s, r, t.shape());
    move_box(value, std::vector<int64_t>(off.size(), 0), global, off, t.shape());
  }
  return global;
}

}  // namespace tessera::interp::mesh
