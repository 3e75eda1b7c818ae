// softmax, log_softmax, layer_norm and rmsnorm kernels: sequential per row, parallel over rows.
#include <cmath>
#include <vector>

#include <tbb/parallel_for.h>

#include "interp/graph/ieee_minmax.h"
#include "interp/graph/kernel.h"

namespace tessera::interp {
namespace {

int64_t normalized_axis(const KernelCtx& c) {
  int64_t rank = c.input(0).rank();
  int64_t axis = c.op.attrs.get_int("axis", -1);
  if (axis < -rank || axis >= rank) c.fail("axis out of range");
  return axis < 0 ? axis + rank : axis;
}

int64_t prod(const std::vector<int64_t>& s, size_t lo, size_t hi) {
  int64_t p = 1;
  for (size_t d = lo; d < hi; ++d) p *= s[d];
  return p;
}

/// Runs `row(x, y, len, stride)` for every row along `axis`, rows in parallel.
template <typename T, typename F>
void for_each_row(KernelCtx& c, int64_t axis, F row) {
  const auto& shape = c.input(0).shape();
  const int64_t outer = prod(shape, 0, static_cast<size_t>(axis));
  const int64_t len = shape[static_cast<size_t>(axis)];
  const int64_t inner = prod(shape, static_cast<size_t>(axis) + 1, shape.size());
  const T* x = c.input(0).data<T>();
  T* y = c.output().data<T>();
  const int64_t rows = outer * inner;
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(len, 1));
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, grain), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) {
      int64_t base = (i / inner) * len * inner + i % inner;
      row(x + base, y + base, len, inner);
    }
  });
}

template <typename T>
void softmax_rows(KernelCtx& c, bool log_form) {
  for_each_row<T>(c, normalized_axis(c), [log_form](const T* x, T* y, int64_t n, int64_t st) {
    if (n == 0) return;
    T m = x[0];
    for (int64_t j = 1; j < n; ++j) m = ieee_max(m, x[j * st]);
    T s = std::exp(x[0] - m);
    for (int64_t j = 1; j < n; ++j) s = s + std::exp(x[j * st] - m);
    if (log_form) {
      const T ls = std::log(s);
      for (int64_t j = 0; j < n; ++j) y[j * st] = (x[j * st] - m) - ls;
    } else {
      for (int64_t j = 0; j < n; ++j) y[j * st] = std::exp(x[j * st] - m) / s;
    }
  });
}

/// layer_norm (centre = true) and rmsnorm (centre = false) over the trailing dims from `axis`,
/// which are contiguous: rows are x[r * n .. r * n + n).
template <typename T>
void normalize_rows(KernelCtx& c, bool centre) {
  const Tensor& xt = c.input(0);
  const int64_t axis = normalized_axis(c);
  const int64_t n = prod(xt.shape(), static_cast<size_t>(axis), xt.shape().size());
  const int64_t rows = prod(xt.shape(), 0, static_cast<size_t>(axis));
  const T* x = xt.data<T>();
  T* y = c.output().data<T>();
  const T* gamma = c.in.size() > 1 ? c.input(1).data<T>() : nullptr;
  const T* beta = c.in.size() > 2 ? c.input(2).data<T>() : nullptr;
  const T eps = static_cast<T>(c.op.attrs.get_float("epsilon", 1e-5));
  const T count = static_cast<T>(n);
  if (n == 0) return;
  const int64_t grain = std::max<int64_t>(1, 16384 / n);
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, grain), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) {
      const T* xr = x + i * n;
      T* yr = y + i * n;
      T mean = 0;
      if (centre) {
        T sum = xr[0];
        for (int64_t j = 1; j < n; ++j) sum = sum + xr[j];
        mean = sum / count;
      }
      T d0 = xr[0] - mean;
      T sq = d0 * d0;
      for (int64_t j = 1; j < n; ++j) {
        const T d = xr[j] - mean;
        sq = sq + d * d;
      }
      const T scale = T(1) / std::sqrt(sq / count + eps);
      for (int64_t j = 0; j < n; ++j) {
        T v = (xr[j] - mean) * scale;
        if (gamma) v = v * gamma[j];
        if (beta) v = v + beta[j];
        yr[j] = v;
      }
    }
  });
}

}  // namespace

void kernel_Softmax(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { softmax_rows<T>(c, false); });
}
void kernel_LogSoftmax(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { softmax_rows<T>(c, true); });
}
void kernel_LayerNorm(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { normalize_rows<T>(c, true); });
}
void kernel_RmsNorm(KernelCtx& c) {
  dispatch_float(c, c.input(0).dtype(), [&]<typename T>() { normalize_rows<T>(c, false); });
}

}  // namespace tessera::interp
