// gather, embedding, scatter and topk kernels (docs/ops/graph/indexing.md).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include <tbb/parallel_for.h>

#include "interp/graph/dims.h"
#include "interp/graph/index_read.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

int64_t attr_axis(const KernelCtx& c, int64_t rank, int64_t dflt) {
  int64_t axis = c.op.attrs.get_int("axis", dflt);
  if (axis < -rank || axis >= rank) c.fail("axis out of range");
  return axis < 0 ? axis + rank : axis;
}

size_t elem_size(const KernelCtx& c, DType t) {
  if (dtype_bits(t) < 8) c.fail("packed i4 tensors are not supported by this op; cast first");
  return size_t(dtype_bits(t)) / 8;
}

/// All indices of `idx` as int64, each checked against [0, n) (in element order, so the first
/// bad one is the one reported).
std::vector<int64_t> read_indices(const KernelCtx& c, const Tensor& idx, int64_t n,
                                  const char* label) {
  std::vector<int64_t> out(size_t(idx.numel()));
  with_indices(c, idx, [&](const auto* p) {
    for (int64_t i = 0; i < idx.numel(); ++i) out[size_t(i)] = checked_index(c, p, i, n, label);
  });
  return out;
}

/// out[o, j, :] = src[o, idx[j], :] with o over src.shape[:axis] and rows of `inner` elements.
void take(const KernelCtx& c, const Tensor& src, const Tensor& idx, int64_t axis,
          const char* label) {
  const auto& s = src.shape();
  const int64_t n = s[size_t(axis)];
  const auto ids = read_indices(c, idx, n, label);
  const int64_t outer = dims_product(s, 0, size_t(axis)),
                inner = dims_product(s, size_t(axis) + 1, s.size());
  const int64_t m = int64_t(ids.size());
  const size_t row = size_t(inner) * elem_size(c, src.dtype());
  const std::byte* in = src.bytes();
  std::byte* out = c.output().bytes();
  if (row == 0) return;
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, outer * m, 64), [&](auto r) {
    for (int64_t t = r.begin(); t < r.end(); ++t) {
      const int64_t o = t / m, j = t % m;
      std::memcpy(out + size_t(t) * row, in + size_t(o * n + ids[size_t(j)]) * row, row);
    }
  });
}

/// a + b for floats; two's-complement wrap-around for integers (no signed overflow).
template <typename T>
T add_wrap(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    return a + b;
  } else {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
  }
}

/// -1, 0, 1 comparing a and b in the total order where NaN is above +Inf and -0 == +0.
template <typename T>
int compare_nan_max(T a, T b) {
  const bool na = std::isnan(a), nb = std::isnan(b);
  if (na || nb) return int(na) - int(nb);
  return a < b ? -1 : (a > b ? 1 : 0);
}

template <typename T>
void topk_rows(KernelCtx& c) {
  const Tensor& x = c.input(0);
  const int64_t axis = attr_axis(c, x.rank(), -1);
  const auto& s = x.shape();
  const int64_t n = s[size_t(axis)], k = c.op.attrs.get_int("k", 0);
  if (k < 0 || k > n)
    c.fail("k = " + std::to_string(k) + " is outside [0, " + std::to_string(n) + "] (topk_c2)");
  const bool largest = c.op.attrs.get_bool("largest", true);
  const int64_t outer = dims_product(s, 0, size_t(axis)),
                inner = dims_product(s, size_t(axis) + 1, s.size());
  const T* xv = x.data<T>();
  T* vals = c.output(0).data<T>();
  int64_t* idx = c.output(1).data<int64_t>();
  if (k == 0) return;
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, outer * inner, 16), [&](auto r) {
    std::vector<int64_t> order(static_cast<size_t>(n));
    for (int64_t row = r.begin(); row < r.end(); ++row) {
      const int64_t o = row / inner, i = row % inner;
      const T* xr = xv + o * n * inner + i;
      std::iota(order.begin(), order.end(), int64_t(0));
      // A strict total order (the index breaks ties), so the selection is unique.
      auto before = [&](int64_t a, int64_t b) {
        const int cmp = compare_nan_max(xr[a * inner], xr[b * inner]);
        if (cmp != 0) return largest ? cmp > 0 : cmp < 0;
        return a < b;
      };
      std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
      for (int64_t j = 0; j < k; ++j) {
        const int64_t at = o * k * inner + j * inner + i;
        vals[at] = xr[order[size_t(j)] * inner];
        idx[at] = order[size_t(j)];
      }
    }
  });
}

}  // namespace

void kernel_Gather(KernelCtx& c) {
  // gather_c4: every index lies in [0, src.shape[axis]).
  take(c, c.input(0), c.input(1), attr_axis(c, c.input(0).rank(), 0), "gather_c4");
}

void kernel_Embedding(KernelCtx& c) {
  // embedding_c4: every id lies in [0, V).
  take(c, c.input(0), c.input(1), 0, "embedding_c4");
}

void kernel_Scatter(KernelCtx& c) {
  const Tensor& dst = c.input(0);
  const Tensor& upd = c.input(2);
  const int64_t axis = attr_axis(c, dst.rank(), 0);
  const auto& s = dst.shape();
  const int64_t n = s[size_t(axis)];
  // scatter_c6: every index lies in [0, dst.shape[axis]).
  const auto ids = read_indices(c, c.input(1), n, "scatter_c6");
  const int64_t outer = dims_product(s, 0, size_t(axis)),
                inner = dims_product(s, size_t(axis) + 1, s.size());
  const int64_t m = int64_t(ids.size());
  const bool add = c.op.attrs.get_string("reduction", "none") == "add";
  std::memcpy(c.output().bytes(), dst.bytes(), dst.nbytes());
  dispatch_any(c, dst.dtype(), [&]<typename T>() {
    T* out = c.output().data<T>();
    const T* u = upd.data<T>();
    // Each outer slice is independent; inside one, updates apply in C order of `updates`.
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, outer, 1), [&](auto r) {
      for (int64_t o = r.begin(); o < r.end(); ++o)
        for (int64_t j = 0; j < m; ++j) {
          T* to = out + (o * n + ids[size_t(j)]) * inner;
          const T* from = u + (o * m + j) * inner;
          for (int64_t i = 0; i < inner; ++i) to[i] = add ? add_wrap(to[i], from[i]) : from[i];
        }
    });
  });
}

void kernel_Topk(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { topk_rows<T>(c); });
}

}  // namespace tessera::interp
