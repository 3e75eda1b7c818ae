// Collectives over all ranks' buffers at once: groups fold in rank order, copies move blocks.
#include "interp/mesh/collectives.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/mesh/mesh.h"
#include "core/numerics/convert_array.h"
#include "core/support/error.h"

namespace tessera::interp::mesh {
namespace {

// Parallel work is cut into chunks of about kWork element-steps (elements x inputs folded, or
// bytes copied): below that a TBB task costs more than it saves, and whole operations smaller
// than one chunk run serially on the calling thread.
constexpr size_t kWork = size_t{1} << 17;
constexpr size_t kMaxChunk = size_t{1} << 14;  // elements: a chunk's accumulator stays in cache
constexpr size_t kMinChunk = 256;
constexpr size_t kCopyWork = size_t{1} << 18;  // bytes copied per parallel chunk
constexpr size_t kCopyTile = 16;               // ranks per tile of an all_to_all

/// Elements per chunk when folding n inputs.
size_t fold_chunk(size_t n) {
  return std::clamp(kWork / std::max<size_t>(n, 1), kMinChunk, kMaxChunk);
}

/// Runs f(begin, end) over [0, count) in chunks of `grain` (serially when there is one chunk).
template <typename F>
void parallel_chunks(size_t count, size_t grain, F&& f) {
  if (count <= grain) {
    if (count) f(size_t{0}, count);
    return;
  }
  tbb::parallel_for(tbb::blocked_range<size_t>(0, count, grain),
                    [&](const tbb::blocked_range<size_t>& r) { f(r.begin(), r.end()); });
}

template <typename T>
T combine_float(ReduceOp op, T a, T b) {
  switch (op) {
    case ReduceOp::sum:
    case ReduceOp::avg:
      return a + b;
    case ReduceOp::prod:
      return a * b;
    case ReduceOp::max:
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      if (a == b) return std::signbit(a) ? b : a;  // max(-0, +0) = +0
      return a > b ? a : b;
    case ReduceOp::min:
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      if (a == b) return std::signbit(a) ? a : b;  // min(-0, +0) = -0
      return a < b ? a : b;
  }
  return a;
}

template <typename T>
T combine_int(ReduceOp op, T a, T b) {
  using U = std::make_unsigned_t<T>;
  switch (op) {
    case ReduceOp::sum:
    case ReduceOp::avg:
      return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
    case ReduceOp::prod:
      return static_cast<T>(static_cast<U>(static_cast<U>(a) * static_cast<U>(b)));
    case ReduceOp::max:
      return a > b ? a : b;
    case ReduceOp::min:
      return a < b ? a : b;
  }
  return a;
}

// Range kernels: dst[0, m) = fold over g of ins[g][off, off + m) (elements), serially. Every
// element sees the same sequence of operations whatever the chunking, so results do not depend
// on how work is split.

/// f32 / f64: native arithmetic is exactly "compute, round once to T".
template <typename T>
void fold_native_float(ReduceOp op, std::span<const std::byte* const> ins, size_t off,
                       std::byte* dst, size_t m) {
  const size_t n = ins.size();
  const T scale = static_cast<T>(1) / static_cast<T>(n);  // T(1/n), correctly rounded
  T* __restrict out = reinterpret_cast<T*>(dst);
  const T* in0 = reinterpret_cast<const T*>(ins[0]) + off;
  if (op == ReduceOp::avg) {
    for (size_t i = 0; i < m; ++i) out[i] = in0[i] * scale;
  } else {
    std::memcpy(out, in0, m * sizeof(T));
  }
  for (size_t g = 1; g < n; ++g) {
    const T* __restrict in = reinterpret_cast<const T*>(ins[g]) + off;
    if (op == ReduceOp::sum) {
      for (size_t i = 0; i < m; ++i) out[i] += in[i];  // vectorises
    } else if (op == ReduceOp::avg) {
      for (size_t i = 0; i < m; ++i) out[i] += in[i] * scale;
    } else {
      for (size_t i = 0; i < m; ++i) out[i] = combine_float(op, out[i], in[i]);
    }
  }
}

/// f16, bf16, fp8: decode to f32, combine exactly there (the operands have at most 11
/// significant bits, so f32 holds every sum and product of two exactly or rounds once harmlessly),
/// round to T after every step.
void fold_low_float(ReduceOp op, DType t, std::span<const std::byte* const> ins, size_t off,
                    std::byte* dst, size_t m) {
  const size_t n = ins.size();
  const size_t es = element_bytes(t);
  const num::ConvertOptions co{};
  float scale = 1.0f;
  if (op == ReduceOp::avg) {
    double inv = 1.0 / static_cast<double>(n);
    uint16_t bits = 0;
    num::convert_array(DType::f64, &inv, t, &bits, 1, co);
    num::convert_array(t, &bits, DType::f32, &scale, 1, co);
  }
  std::vector<float> acc(m), x(m);
  std::vector<std::byte> tmp(m * es);
  auto round_trip = [&](std::vector<float>& v) {
    num::convert_array(DType::f32, v.data(), t, tmp.data(), m, co);
    num::convert_array(t, tmp.data(), DType::f32, v.data(), m, co);
  };
  auto load = [&](size_t g, std::vector<float>& v) {
    num::convert_array(t, ins[g] + off * es, DType::f32, v.data(), m, co);
    if (op == ReduceOp::avg) {
      for (float& e : v) e *= scale;
      round_trip(v);
    }
  };
  load(0, acc);
  for (size_t g = 1; g < n; ++g) {
    load(g, x);
    for (size_t i = 0; i < m; ++i) acc[i] = combine_float(op, acc[i], x[i]);
    round_trip(acc);
  }
  num::convert_array(DType::f32, acc.data(), t, dst, m, co);
}

template <typename T>
void fold_int(ReduceOp op, std::span<const std::byte* const> ins, size_t off, std::byte* dst,
              size_t m) {
  const size_t n = ins.size();
  T* __restrict out = reinterpret_cast<T*>(dst);
  std::memcpy(out, reinterpret_cast<const T*>(ins[0]) + off, m * sizeof(T));
  for (size_t g = 1; g < n; ++g) {
    const T* __restrict in = reinterpret_cast<const T*>(ins[g]) + off;
    for (size_t i = 0; i < m; ++i) out[i] = combine_int(op, out[i], in[i]);
  }
  if (op == ReduceOp::avg) {
    // Truncating division of the wrapped sum (C++ '/' truncates toward zero), in 64 bits: the
    // group size need not fit in T (256 ranks of i8 would otherwise divide by zero).
    using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
    for (size_t i = 0; i < m; ++i)
      out[i] = static_cast<T>(static_cast<Wide>(out[i]) / static_cast<Wide>(n));
  }
}

/// dst[0, m) = fold of elements [off, off + m) of every input, serially.
void fold_range(ReduceOp op, DType t, std::span<const std::byte* const> ins, size_t off,
                std::byte* dst, size_t m) {
  switch (t) {
    case DType::f32:
      return fold_native_float<float>(op, ins, off, dst, m);
    case DType::f64:
      return fold_native_float<double>(op, ins, off, dst, m);
    case DType::f16:
    case DType::bf16:
    case DType::f8e4m3:
    case DType::f8e5m2:
      return fold_low_float(op, t, ins, off, dst, m);
    case DType::i8:
      return fold_int<int8_t>(op, ins, off, dst, m);
    case DType::i16:
      return fold_int<int16_t>(op, ins, off, dst, m);
    case DType::i32:
      return fold_int<int32_t>(op, ins, off, dst, m);
    case DType::i64:
    case DType::index:
      return fold_int<int64_t>(op, ins, off, dst, m);
    case DType::u8:
      return fold_int<uint8_t>(op, ins, off, dst, m);
    case DType::u16:
      return fold_int<uint16_t>(op, ins, off, dst, m);
    case DType::u32:
      return fold_int<uint32_t>(op, ins, off, dst, m);
    case DType::u64:
      return fold_int<uint64_t>(op, ins, off, dst, m);
    default:
      throw Error(std::string("collectives cannot reduce element type ") + dtype_mlir_name(t));
  }
}

/// Where an N-d box of shape `box` becomes one contiguous run in both a tensor of shape ss and
/// one of shape ds: the first dim k of the run and its length in elements (the box's extents
/// from k on). Trailing dims the box spans fully in both merge into the run.
std::pair<size_t, int64_t> contiguous_tail(const std::vector<int64_t>& ss,
                                           const std::vector<int64_t>& ds,
                                           const std::vector<int64_t>& box) {
  size_t k = box.size();
  int64_t run = 1;
  while (k > 0) {
    size_t d = k - 1;
    run *= box[d];
    bool full = box[d] == ss[d] && box[d] == ds[d];
    --k;
    if (!full) break;
  }
  return {k, run};
}

/// Steps the row-major index `idx` (over box[0, idx.size())) to the next position.
void next_index(std::vector<int64_t>& idx, const std::vector<int64_t>& box) {
  for (size_t d = idx.size(); d-- > 0;) {
    if (++idx[d] < box[d]) return;
    idx[d] = 0;
  }
}

/// Copies an N-d box of `box` elements from `src` (shape ss, at offset so) to `dst` (shape ds,
/// at offset doff). Trailing dims the box spans fully in both are copied as one run.
void copy_box(const std::byte* src, const std::vector<int64_t>& ss, const std::vector<int64_t>& so,
              std::byte* dst, const std::vector<int64_t>& ds, const std::vector<int64_t>& doff,
              const std::vector<int64_t>& box, size_t es) {
  size_t rank = box.size();
  if (rank == 0) {
    std::memcpy(dst, src, es);
    return;
  }
  const auto [k, run] = contiguous_tail(ss, ds, box);
  if (k == 0) {  // one contiguous run: no index arithmetic beyond the two offsets
    int64_t s_off = 0, d_off = 0;
    for (size_t d = 0; d < rank; ++d) {
      s_off = s_off * ss[d] + so[d];
      d_off = d_off * ds[d] + doff[d];
    }
    std::memcpy(dst + static_cast<size_t>(d_off) * es, src + static_cast<size_t>(s_off) * es,
                static_cast<size_t>(run) * es);
    return;
  }
  // Dims [0, k) are iterated; dims [k, rank) form runs of `run` elements.
  auto sst = row_major_strides(ss), dst_st = row_major_strides(ds);
  std::vector<int64_t> idx(k, 0);
  int64_t outer = 1;
  for (size_t d = 0; d < k; ++d) outer *= box[d];
  for (int64_t it = 0; it < outer; ++it) {
    int64_t s_off = 0, d_off = 0;
    for (size_t d = 0; d < rank; ++d) {
      int64_t i = d < k ? idx[d] : 0;
      s_off += (so[d] + i) * sst[d];
      d_off += (doff[d] + i) * dst_st[d];
    }
    std::memcpy(dst + static_cast<size_t>(d_off) * es, src + static_cast<size_t>(s_off) * es,
                static_cast<size_t>(run) * es);
    next_index(idx, box);
  }
}

/// The contiguous runs of an N-d box of shape `box` inside a tensor of shape ss (source) and one
/// of shape ds (destination): byte offsets of every run relative to the box origin in each, and
/// the run length in bytes (0 for an empty box). Trailing dims the box spans fully in both merge
/// into one run, as in copy_box.
struct BoxPlan {
  std::vector<size_t> src, dst;
  size_t run = 0;
};

BoxPlan plan_box(const std::vector<int64_t>& ss, const std::vector<int64_t>& ds,
                 const std::vector<int64_t>& box, size_t es) {
  BoxPlan p;
  int64_t numel = 1;
  for (int64_t b : box) numel *= b;
  if (numel == 0) return p;
  const auto [k, run] = contiguous_tail(ss, ds, box);
  p.run = static_cast<size_t>(run) * es;
  const auto sst = row_major_strides(ss), dst_st = row_major_strides(ds);
  const auto outer = static_cast<size_t>(numel / run);
  p.src.reserve(outer);
  p.dst.reserve(outer);
  std::vector<int64_t> idx(k, 0);
  for (size_t it = 0; it < outer; ++it) {
    int64_t s_off = 0, d_off = 0;
    for (size_t d = 0; d < k; ++d) {
      s_off += idx[d] * sst[d];
      d_off += idx[d] * dst_st[d];
    }
    p.src.push_back(static_cast<size_t>(s_off) * es);
    p.dst.push_back(static_cast<size_t>(d_off) * es);
    next_index(idx, box);
  }
  return p;
}

Tensor zeros_like(DType t, const std::vector<int64_t>& shape) {
  Tensor z(t, shape);
  if (z.nbytes()) std::memset(z.bytes(), 0, z.nbytes());
  return z;
}

std::vector<int64_t> zero_offsets(size_t rank) { return std::vector<int64_t>(rank, 0); }

/// Copies block `b` of `n` along `dim` of src into the whole of dst, or the whole of src into
/// block `b` of dst (to_block).
void copy_block(const Tensor& src, Tensor& dst, int64_t dim, int64_t b, bool to_block) {
  const Tensor& whole = to_block ? src : dst;
  std::vector<int64_t> box = whole.shape();
  std::vector<int64_t> off = zero_offsets(box.size()), at = off;
  at[static_cast<size_t>(dim)] = b * box[static_cast<size_t>(dim)];
  size_t es = element_bytes(src.dtype());
  if (whole.numel() == 0) return;
  if (to_block)
    copy_box(src.bytes(), src.shape(), off, dst.bytes(), dst.shape(), at, box, es);
  else
    copy_box(src.bytes(), src.shape(), at, dst.bytes(), dst.shape(), off, box, es);
}

/// How one group of an all_to_all moves: the runs of a block, the byte steps between consecutive
/// blocks in a source (along split_dim) and in an output (along concat_dim).
struct AllToAllPlan {
  DType t = DType::f32;
  std::vector<int64_t> out_shape;
  BoxPlan box;
  size_t src_step = 0, dst_step = 0, out_bytes = 0;
};

/// Copies blocks [j0, j1) of one all_to_all output `to`: block j is read from sources[j] + at.
/// Everything the loop needs is a local or a by-value argument, so it stays in registers across
/// the memcpy calls (read through captured references, it was reloaded after every call: about a
/// fifth of the time at 200-byte blocks).
void copy_blocks(const AllToAllPlan& p, std::byte* to, const std::byte* const* sources, size_t at,
                 size_t j0, size_t j1) {
  const size_t run = p.box.run, runs = p.box.src.size(), step = p.dst_step;
  if (runs == 1) {  // a block is one contiguous run: the common case
    const size_t from = at + p.box.src[0];
    std::byte* d = to + j0 * step + p.box.dst[0];
    for (size_t j = j0; j < j1; ++j, d += step) std::memcpy(d, sources[j] + from, run);
    return;
  }
  for (size_t j = j0; j < j1; ++j) {
    std::byte* d = to + j * step;
    const std::byte* f = sources[j] + at;
    for (size_t r = 0; r < runs; ++r) std::memcpy(d + p.box.dst[r], f + p.box.src[r], run);
  }
}

/// Runs f(group, member) for every pair, in parallel.
template <typename F>
void for_members(const Groups& g, F&& f) {
  size_t ng = g.members.size(), n = static_cast<size_t>(g.group_size);
  tbb::parallel_for(size_t{0}, ng * n, [&](size_t k) { f(k / n, k % n); });
}

}  // namespace

size_t element_bytes(DType t) { return static_cast<size_t>(std::max(dtype_bits(t), 8) / 8); }

std::optional<ReduceOp> parse_reduce_op(std::string_view s) {
  if (s == "sum") return ReduceOp::sum;
  if (s == "prod") return ReduceOp::prod;
  if (s == "max") return ReduceOp::max;
  if (s == "min") return ReduceOp::min;
  if (s == "avg") return ReduceOp::avg;
  return std::nullopt;
}

void fold(ReduceOp op, DType t, std::span<const std::byte* const> ins, std::byte* dst,
          size_t numel) {
  if (!tessera::mesh::reducible(t))
    throw Error(std::string("collectives cannot reduce element type ") + dtype_mlir_name(t));
  if (ins.empty()) return;
  const size_t es = element_bytes(t);
  parallel_chunks(numel, fold_chunk(ins.size()),
                  [&](size_t b, size_t e) { fold_range(op, t, ins, b, dst + b * es, e - b); });
}

std::vector<Tensor> all_reduce(const Groups& g, ReduceOp op, const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size());
  for (const auto& members : g.members) {
    std::vector<const std::byte*> ptrs;
    for (int64_t r : members) ptrs.push_back(in[static_cast<size_t>(r)].bytes());
    const Tensor& first = in[static_cast<size_t>(members[0])];
    Tensor res(first.dtype(), first.shape());
    fold(op, first.dtype(), ptrs, res.bytes(), static_cast<size_t>(first.numel()));
    for (int64_t r : members) out[static_cast<size_t>(r)] = res;
  }
  return out;
}

std::vector<Tensor> all_gather(const Groups& g, int64_t dim, const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size()), shared(g.members.size());
  for (size_t k = 0; k < g.members.size(); ++k) {
    const Tensor& first = in[static_cast<size_t>(g.members[k][0])];
    auto shape = first.shape();
    shape[static_cast<size_t>(dim)] *= g.group_size;
    shared[k] = Tensor(first.dtype(), shape);
  }
  for_members(g, [&](size_t k, size_t i) {
    copy_block(in[static_cast<size_t>(g.members[k][i])], shared[k], dim, static_cast<int64_t>(i),
               true);
  });
  for (size_t k = 0; k < g.members.size(); ++k)
    for (int64_t r : g.members[k]) out[static_cast<size_t>(r)] = shared[k];
  return out;
}

std::vector<Tensor> reduce_scatter(const Groups& g, ReduceOp op, int64_t dim,
                                   const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size());
  const size_t n = static_cast<size_t>(g.group_size);
  const auto d = static_cast<size_t>(dim);
  for (const auto& members : g.members) {
    const Tensor& first = in[static_cast<size_t>(members[0])];
    const DType t = first.dtype();
    if (!tessera::mesh::reducible(t))
      throw Error(std::string("collectives cannot reduce element type ") + dtype_mlir_name(t));
    auto shape = first.shape();
    shape[d] /= g.group_size;
    size_t outer = 1, inner = 1;
    for (size_t k = 0; k < d; ++k) outer *= static_cast<size_t>(shape[k]);
    for (size_t k = d + 1; k < shape.size(); ++k) inner *= static_cast<size_t>(shape[k]);
    const size_t es = element_bytes(t);
    const size_t block = static_cast<size_t>(shape[d]) * inner;  // elements of one segment
    std::vector<const std::byte*> ins;
    ins.reserve(n);
    for (int64_t r : members) ins.push_back(in[static_cast<size_t>(r)].bytes());
    std::vector<std::byte*> dst(n);
    std::vector<Tensor> res = Tensor::slices(t, shape, n);  // one allocation for the group
    for (size_t b = 0; b < n; ++b) {
      dst[b] = res[b].bytes();
      out[static_cast<size_t>(members[b])] = std::move(res[b]);
    }
    // Input elements [s * block, (s + 1) * block) form segment s, which reduces into row s / n
    // of the output of group rank s % n.
    const size_t segs = outer * n, chunk = fold_chunk(n);
    if (block == 0 || segs == 0) continue;
    if (block >= 4 * kMinChunk) {
      // Long segments: fold pieces of them straight into the outputs.
      const size_t pieces = (block + chunk - 1) / chunk, piece = (block + pieces - 1) / pieces;
      parallel_chunks(segs * pieces, 1, [&](size_t u0, size_t u1) {
        for (size_t u = u0; u < u1; ++u) {
          const size_t s = u / pieces, lo = u % pieces * piece, m = std::min(piece, block - lo);
          fold_range(op, t, ins, s * block + lo, dst[s % n] + ((s / n) * block + lo) * es, m);
        }
      });
    } else {
      // Short segments: fold runs of whole segments (contiguous in every input) into a scratch
      // buffer of at most 64 KB with long loops, then copy each segment to its output row.
      const size_t span = std::min(chunk, (size_t{1} << 16) / es);
      const size_t per = std::max<size_t>(1, span / block), units = (segs + per - 1) / per;
      parallel_chunks(units, 1, [&](size_t u0, size_t u1) {
        std::unique_ptr<std::byte[]> acc(new std::byte[per * block * es]);
        for (size_t u = u0; u < u1; ++u) {
          const size_t s0 = u * per, s1 = std::min(segs, s0 + per);
          fold_range(op, t, ins, s0 * block, acc.get(), (s1 - s0) * block);
          for (size_t s = s0; s < s1; ++s)
            std::memcpy(dst[s % n] + (s / n) * block * es, acc.get() + (s - s0) * block * es,
                        block * es);
        }
      });
    }
  }
  return out;
}

std::vector<Tensor> all_to_all(const Groups& g, int64_t split_dim, int64_t concat_dim,
                               const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size());
  const auto sd = static_cast<size_t>(split_dim), cd = static_cast<size_t>(concat_dim);
  const size_t n = static_cast<size_t>(g.group_size), ng = g.members.size();
  // Output block j of group rank i (along concat) = input block i of group rank j (along split).
  std::vector<AllToAllPlan> plans(ng);
  size_t max_bytes = 0;
  for (size_t k = 0; k < ng; ++k) {
    const Tensor& first = in[static_cast<size_t>(g.members[k][0])];
    AllToAllPlan& p = plans[k];
    p.t = first.dtype();
    const size_t es = element_bytes(p.t);
    std::vector<int64_t> box = first.shape();
    box[sd] /= g.group_size;
    p.out_shape = box;
    p.out_shape[cd] *= g.group_size;
    p.box = plan_box(first.shape(), p.out_shape, box, es);
    p.src_step = static_cast<size_t>(box[sd] * row_major_strides(first.shape())[sd]) * es;
    p.dst_step = static_cast<size_t>(box[cd] * row_major_strides(p.out_shape)[cd]) * es;
    p.out_bytes = storage_bytes(p.t, p.out_shape);
    max_bytes = std::max(max_bytes, p.out_bytes);
  }
  std::vector<const std::byte*> src(ng * n);  // group k's member j at k * n + j
  for (size_t u = 0; u < ng * n; ++u)
    src[u] = in[static_cast<size_t>(g.members[u / n][u % n])].bytes();
  // Outputs are allocated here, on the calling thread (as every other collective does: buffers
  // then come from, and return to, the caller's heap instead of a worker's), one allocation per
  // group. Tasks own runs of whole outputs and copy them in tiles of source ranks: a tile reads a
  // contiguous stretch of each of its sources and writes one of each output.
  std::vector<std::byte*> dst(ng * n);
  for (size_t k = 0; k < ng; ++k) {
    std::vector<Tensor> res = Tensor::slices(plans[k].t, plans[k].out_shape, n);
    for (size_t i = 0; i < n; ++i) {
      dst[k * n + i] = res[i].bytes();
      out[static_cast<size_t>(g.members[k][i])] = std::move(res[i]);
    }
  }
  const size_t grain = std::max<size_t>(1, kCopyWork / std::max<size_t>(max_bytes, 1));
  parallel_chunks(ng * n, grain, [&](size_t b, size_t e) {
    for (size_t u0 = b; u0 < e; u0 += kCopyTile) {
      const size_t u1 = std::min(e, u0 + kCopyTile);
      for (size_t j0 = 0; j0 < n; j0 += kCopyTile) {
        const size_t j1 = std::min(n, j0 + kCopyTile);
        for (size_t u = u0; u < u1; ++u) {
          const size_t k = u / n, i = u % n;
          copy_blocks(plans[k], dst[u], src.data() + k * n, i * plans[k].src_step, j0, j1);
        }
      }
    }
  });
  return out;
}

std::vector<Tensor> broadcast(const Groups& g, int64_t root, const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size());
  for (const auto& members : g.members)
    for (int64_t r : members)
      out[static_cast<size_t>(r)] = in[static_cast<size_t>(members[static_cast<size_t>(root)])];
  return out;
}

/// Keeps `all[r]` on the root of each group and replaces it by zeros of its type elsewhere.
static std::vector<Tensor> root_only(const Groups& g, int64_t root, std::vector<Tensor> all) {
  for (const auto& members : g.members)
    for (size_t i = 0; i < members.size(); ++i) {
      Tensor& t = all[static_cast<size_t>(members[i])];
      if (static_cast<int64_t>(i) != root) t = zeros_like(t.dtype(), t.shape());
    }
  return all;
}

std::vector<Tensor> reduce(const Groups& g, ReduceOp op, int64_t root,
                           const std::vector<Tensor>& in) {
  return root_only(g, root, all_reduce(g, op, in));
}

std::vector<Tensor> gather(const Groups& g, int64_t dim, int64_t root,
                           const std::vector<Tensor>& in) {
  return root_only(g, root, all_gather(g, dim, in));
}

std::vector<Tensor> scatter(const Groups& g, int64_t dim, int64_t root,
                            const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size());
  for (const auto& members : g.members) {  // one allocation per group, on the calling thread
    const Tensor& src = in[static_cast<size_t>(members[static_cast<size_t>(root)])];
    auto shape = src.shape();
    shape[static_cast<size_t>(dim)] /= g.group_size;
    std::vector<Tensor> res = Tensor::slices(src.dtype(), shape, members.size());
    for (size_t i = 0; i < members.size(); ++i)
      out[static_cast<size_t>(members[i])] = std::move(res[i]);
  }
  for_members(g, [&](size_t k, size_t i) {
    const Tensor& src = in[static_cast<size_t>(g.members[k][static_cast<size_t>(root)])];
    copy_block(src, out[static_cast<size_t>(g.members[k][i])], dim, static_cast<int64_t>(i), false);
  });
  return out;
}

std::vector<Tensor> ppermute(const Groups& g, const std::vector<std::pair<int64_t, int64_t>>& pairs,
                             const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size());
  for (const auto& members : g.members) {
    for (int64_t r : members)
      out[static_cast<size_t>(r)] =
          zeros_like(in[static_cast<size_t>(r)].dtype(), in[static_cast<size_t>(r)].shape());
    for (auto [s, d] : pairs)
      out[static_cast<size_t>(members[static_cast<size_t>(d)])] =
          in[static_cast<size_t>(members[static_cast<size_t>(s)])];
  }
  return out;
}

std::vector<Tensor> axis_index(const Groups& g) {
  std::vector<Tensor> out = Tensor::slices(DType::i32, {}, g.group_of.size());
  for (size_t r = 0; r < out.size(); ++r)
    *out[r].data<int32_t>() = static_cast<int32_t>(g.rank_in_group[r]);
  return out;
}

}  // namespace tessera::interp::mesh
