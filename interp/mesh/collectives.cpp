// Collectives over all ranks' buffers at once: groups fold in rank order, copies move blocks.
#include "interp/mesh/collectives.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "core/numerics/convert_array.h"
#include "core/support/error.h"

namespace tessera::interp::mesh {
namespace {

constexpr size_t kGrain = 1 << 14;  // elements per parallel chunk of a fold

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

/// f32 / f64: native arithmetic is exactly "compute, round once to T".
template <typename T>
void fold_native_float(ReduceOp op, std::span<const std::byte* const> ins, std::byte* dst,
                       size_t numel) {
  const size_t n = ins.size();
  const T scale = static_cast<T>(1) / static_cast<T>(n);  // T(1/n), correctly rounded
  tbb::parallel_for(tbb::blocked_range<size_t>(0, numel, kGrain), [&](const auto& r) {
    T* out = reinterpret_cast<T*>(dst);
    const T* in0 = reinterpret_cast<const T*>(ins[0]);
    if (op == ReduceOp::avg) {
      for (size_t i = r.begin(); i < r.end(); ++i) out[i] = in0[i] * scale;
    } else {
      std::memcpy(out + r.begin(), in0 + r.begin(), (r.end() - r.begin()) * sizeof(T));
    }
    for (size_t g = 1; g < n; ++g) {
      const T* in = reinterpret_cast<const T*>(ins[g]);
      if (op == ReduceOp::sum) {
        for (size_t i = r.begin(); i < r.end(); ++i) out[i] += in[i];  // vectorises
      } else if (op == ReduceOp::avg) {
        for (size_t i = r.begin(); i < r.end(); ++i) out[i] += in[i] * scale;
      } else {
        for (size_t i = r.begin(); i < r.end(); ++i) out[i] = combine_float(op, out[i], in[i]);
      }
    }
  });
}

/// f16, bf16, fp8: decode to f32, combine exactly there (the operands have at most 11
/// significant bits, so f32 holds every sum and product of two exactly or rounds once harmlessly),
/// round to T after every step.
void fold_low_float(ReduceOp op, DType t, std::span<const std::byte* const> ins, std::byte* dst,
                    size_t numel) {
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
  tbb::parallel_for(tbb::blocked_range<size_t>(0, numel, 2048), [&](const auto& r) {
    const size_t m = r.end() - r.begin();
    std::vector<float> acc(m), x(m);
    std::vector<std::byte> tmp(m * es);
    auto round_trip = [&](std::vector<float>& v) {
      num::convert_array(DType::f32, v.data(), t, tmp.data(), m, co);
      num::convert_array(t, tmp.data(), DType::f32, v.data(), m, co);
    };
    auto load = [&](size_t g, std::vector<float>& v) {
      num::convert_array(t, ins[g] + r.begin() * es, DType::f32, v.data(), m, co);
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
    num::convert_array(DType::f32, acc.data(), t, dst + r.begin() * es, m, co);
  });
}

template <typename T>
void fold_int(ReduceOp op, std::span<const std::byte* const> ins, std::byte* dst, size_t numel) {
  const size_t n = ins.size();
  tbb::parallel_for(tbb::blocked_range<size_t>(0, numel, kGrain), [&](const auto& r) {
    T* out = reinterpret_cast<T*>(dst);
    std::memcpy(out + r.begin(), reinterpret_cast<const T*>(ins[0]) + r.begin(),
                (r.end() - r.begin()) * sizeof(T));
    for (size_t g = 1; g < n; ++g) {
      const T* in = reinterpret_cast<const T*>(ins[g]);
      for (size_t i = r.begin(); i < r.end(); ++i) out[i] = combine_int(op, out[i], in[i]);
    }
    if (op == ReduceOp::avg) {
      // Truncating division of the wrapped sum (C++ '/' truncates toward zero), in 64 bits: the
      // group size need not fit in T (256 ranks of i8 would otherwise divide by zero).
      using Wide = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
      for (size_t i = r.begin(); i < r.end(); ++i)
        out[i] = static_cast<T>(static_cast<Wide>(out[i]) / static_cast<Wide>(n));
    }
  });
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
  // Find the first dim from which the box is one contiguous run in both tensors.
  size_t k = rank;
  int64_t run = 1;
  while (k > 0) {
    size_t d = k - 1;
    run *= box[d];
    bool full = box[d] == ss[d] && box[d] == ds[d];
    --k;
    if (!full) break;
  }
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
    for (size_t d = k; d-- > 0;) {
      if (++idx[d] < box[d]) break;
      idx[d] = 0;
    }
  }
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
  switch (t) {
    case DType::f32:
      return fold_native_float<float>(op, ins, dst, numel);
    case DType::f64:
      return fold_native_float<double>(op, ins, dst, numel);
    case DType::f16:
    case DType::bf16:
    case DType::f8e4m3:
    case DType::f8e5m2:
      return fold_low_float(op, t, ins, dst, numel);
    case DType::i8:
      return fold_int<int8_t>(op, ins, dst, numel);
    case DType::i16:
      return fold_int<int16_t>(op, ins, dst, numel);
    case DType::i32:
      return fold_int<int32_t>(op, ins, dst, numel);
    case DType::i64:
    case DType::index:
      return fold_int<int64_t>(op, ins, dst, numel);
    case DType::u8:
      return fold_int<uint8_t>(op, ins, dst, numel);
    case DType::u16:
      return fold_int<uint16_t>(op, ins, dst, numel);
    case DType::u32:
      return fold_int<uint32_t>(op, ins, dst, numel);
    case DType::u64:
      return fold_int<uint64_t>(op, ins, dst, numel);
    default:
      throw Error(std::string("collectives cannot reduce element type ") + dtype_mlir_name(t));
  }
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
  for (const auto& members : g.members) {
    const Tensor& first = in[static_cast<size_t>(members[0])];
    auto shape = first.shape();
    auto d = static_cast<size_t>(dim);
    shape[d] /= g.group_size;
    int64_t outer = 1, inner = 1;
    for (size_t k = 0; k < d; ++k) outer *= shape[k];
    for (size_t k = d + 1; k < shape.size(); ++k) inner *= shape[k];
    size_t es = element_bytes(first.dtype());
    size_t block = static_cast<size_t>(shape[d] * inner);  // elements of one block row
    for (size_t b = 0; b < n; ++b) {
      Tensor res(first.dtype(), shape);
      for (int64_t o = 0; o < outer; ++o) {
        std::vector<const std::byte*> ptrs;
        size_t src_off = (static_cast<size_t>(o) * n + b) * block * es;
        for (int64_t r : members) ptrs.push_back(in[static_cast<size_t>(r)].bytes() + src_off);
        fold(op, first.dtype(), ptrs, res.bytes() + static_cast<size_t>(o) * block * es, block);
      }
      out[static_cast<size_t>(members[b])] = std::move(res);
    }
  }
  return out;
}

std::vector<Tensor> all_to_all(const Groups& g, int64_t split_dim, int64_t concat_dim,
                               const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size());
  const auto sd = static_cast<size_t>(split_dim), cd = static_cast<size_t>(concat_dim);
  for (const auto& members : g.members)
    for (int64_t r : members) {
      const Tensor& t = in[static_cast<size_t>(r)];
      auto shape = t.shape();
      shape[sd] /= g.group_size;
      shape[cd] *= g.group_size;
      out[static_cast<size_t>(r)] = Tensor(t.dtype(), shape);
    }
  // Output block j of rank i (along concat) = input block i of rank j (along split).
  if (sd == 0 && cd == 0) {  // blocks are contiguous byte ranges: plain copies
    for_members(g, [&](size_t k, size_t i) {
      Tensor& dst = out[static_cast<size_t>(g.members[k][i])];
      const size_t block = dst.nbytes() / static_cast<size_t>(g.group_size);
      for (size_t j = 0; j < static_cast<size_t>(g.group_size); ++j)
        std::memcpy(dst.bytes() + j * block,
                    in[static_cast<size_t>(g.members[k][j])].bytes() + i * block, block);
    });
    return out;
  }
  for_members(g, [&](size_t k, size_t i) {
    Tensor& dst = out[static_cast<size_t>(g.members[k][i])];
    for (size_t j = 0; j < static_cast<size_t>(g.group_size); ++j) {
      const Tensor& src = in[static_cast<size_t>(g.members[k][j])];
      std::vector<int64_t> box = src.shape();
      box[sd] /= g.group_size;
      if (src.numel() == 0) continue;
      std::vector<int64_t> so = zero_offsets(box.size()), doff = so;
      so[sd] = static_cast<int64_t>(i) * box[sd];
      doff[cd] = static_cast<int64_t>(j) * box[cd];
      copy_box(src.bytes(), src.shape(), so, dst.bytes(), dst.shape(), doff, box,
               element_bytes(src.dtype()));
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

std::vector<Tensor> reduce(const Groups& g, ReduceOp op, int64_t root,
                           const std::vector<Tensor>& in) {
  std::vector<Tensor> all = all_reduce(g, op, in), out(in.size());
  for (const auto& members : g.members)
    for (size_t i = 0; i < members.size(); ++i) {
      auto r = static_cast<size_t>(members[i]);
      out[r] = static_cast<int64_t>(i) == root ? all[r] : zeros_like(in[r].dtype(), in[r].shape());
    }
  return out;
}

std::vector<Tensor> gather(const Groups& g, int64_t dim, int64_t root,
                           const std::vector<Tensor>& in) {
  std::vector<Tensor> all = all_gather(g, dim, in), out(in.size());
  for (const auto& members : g.members)
    for (size_t i = 0; i < members.size(); ++i) {
      auto r = static_cast<size_t>(members[i]);
      out[r] =
          static_cast<int64_t>(i) == root ? all[r] : zeros_like(all[r].dtype(), all[r].shape());
    }
  return out;
}

std::vector<Tensor> scatter(const Groups& g, int64_t dim, int64_t root,
                            const std::vector<Tensor>& in) {
  std::vector<Tensor> out(in.size());
  for_members(g, [&](size_t k, size_t i) {
    const Tensor& src = in[static_cast<size_t>(g.members[k][static_cast<size_t>(root)])];
    auto shape = src.shape();
    shape[static_cast<size_t>(dim)] /= g.group_size;
    Tensor t(src.dtype(), shape);
    copy_block(src, t, dim, static_cast<int64_t>(i), false);
    out[static_cast<size_t>(g.members[k][i])] = std::move(t);
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
  std::vector<Tensor> out(g.group_of.size());
  for (size_t r = 0; r < out.size(); ++r) {
    Tensor t(DType::i32, {});
    *t.data<int32_t>() = static_cast<int32_t>(g.rank_in_group[r]);
    out[r] = std::move(t);
  }
  return out;
}

}  // namespace tessera::interp::mesh
