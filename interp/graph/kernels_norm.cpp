// softmax, log_softmax, layer_norm and rmsnorm kernels: sequential per row, parallel over rows.
#include <cmath>
#include <type_traits>
#include <vector>

#include <tbb/parallel_for.h>

#include "core/numerics/expf.h"
#include "core/numerics/logf.h"
#include "interp/graph/dims.h"
#include "interp/graph/fusion.h"
#include "interp/graph/ieee_minmax.h"
#include "interp/graph/isa.h"
#include "interp/graph/kernel.h"
#include "interp/graph/row_simd.h"
#include "interp/graph/softmax_rows.h"
#include "interp/graph/vexp.h"

namespace tessera::interp {
namespace {

int64_t normalized_axis(const KernelCtx& c) {
  int64_t rank = c.input(0).rank();
  int64_t axis = c.op.attrs.get_int("axis", -1);
  if (axis < -rank || axis >= rank) c.fail("axis out of range");
  return axis < 0 ? axis + rank : axis;
}

/// Runs `row(x, y, len, stride)` for every row along `axis`, rows in parallel.
template <typename T, typename F>
void for_each_row(KernelCtx& c, int64_t axis, F row) {
  const auto& shape = c.input(0).shape();
  const int64_t outer = dims_product(shape, 0, static_cast<size_t>(axis));
  const int64_t len = shape[static_cast<size_t>(axis)];
  const int64_t inner = dims_product(shape, static_cast<size_t>(axis) + 1, shape.size());
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

/// The readable softmax / log_softmax of the spec (docs/ops/graph/normalization.md).
template <typename T>
void softmax_rows_reference(KernelCtx& c, bool log_form) {
  for_each_row<T>(c, normalized_axis(c), [log_form](const T* x, T* y, int64_t n, int64_t st) {
    if (n == 0) return;
    T m = x[0];
    for (int64_t j = 1; j < n; ++j) m = ieee_max(m, x[j * st]);
    T s = num::spec_exp(x[0] - m);
    for (int64_t j = 1; j < n; ++j) s = s + num::spec_exp(x[j * st] - m);
    if (log_form) {
      const T ls = num::spec_log(s);
      for (int64_t j = 0; j < n; ++j) y[j * st] = (x[j * st] - m) - ls;
    } else {
      for (int64_t j = 0; j < n; ++j) y[j * st] = num::spec_exp(x[j * st] - m) / s;
    }
  });
}

/// G contiguous f32 rows (row g at x + g * n, n >= 1) of softmax / log_softmax in the spec's
/// order with fewer passes: each maximum with vectors (the chain when the vectors cannot tell),
/// x - m and the exps with vectors (the C library's bits, interp/graph/vexp.h) into `e`, the G
/// sum chains in index order interleaved (each row's order unchanged; one chain's add latency
/// overlaps the others'), then y with vectors. `e` may be y (not for log_softmax, which reads x
/// again); y may be x for softmax.
template <int G>
void softmax_rows_f32(const float* x, float* y, float* e, int64_t n, bool log_form, Isa isa) {
  float m[G], s[G];
  for (int g = 0; g < G; ++g) {
    const float* xr = x + g * n;
    float* er = e + g * n;
    if (auto vm = row_max_f32(xr, n, isa)) {
      m[g] = *vm;
    } else {
      m[g] = xr[0];
      for (int64_t j = 1; j < n; ++j) m[g] = ieee_max(m[g], xr[j]);
    }
    for (int64_t j = 0; j < n; ++j) er[j] = xr[j] - m[g];
    exp_f32(er, er, n, isa);
    s[g] = er[0];
  }
  for (int64_t j = 1; j < n; ++j)
    for (int g = 0; g < G; ++g) s[g] = s[g] + e[g * n + j];
  for (int g = 0; g < G; ++g) {
    const float* xr = x + g * n;
    float* yr = y + g * n;
    if (log_form) {
      const float ls = num::spec_log(s[g]);
      for (int64_t j = 0; j < n; ++j) yr[j] = (xr[j] - m[g]) - ls;
      continue;
    }
    if (e != y)
      for (int64_t j = 0; j < n; ++j) yr[j] = e[g * n + j];
    row_div_f32(yr, n, s[g], isa);
  }
}

/// Softmax / log_softmax along a non-last axis: `len` elements of stride `inner` per row, and
/// the rows of neighbouring columns are neighbours in memory. A block of up to kW columns runs
/// its kW rows together, each lane its own row's chains in the spec's order, every step a
/// contiguous run (instead of one strided row at a time). y must not be x.
void softmax_columns_f32(const float* x, float* y, int64_t len, int64_t inner, int64_t c0,
                         int64_t w, bool log_form, Isa isa) {
  constexpr int64_t kW = 64;
  float m[kW], s[kW];
  for (int64_t l = 0; l < w; ++l) m[l] = x[c0 + l];
  for (int64_t j = 1; j < len; ++j) {
    const float* xr = x + j * inner + c0;
    for (int64_t l = 0; l < w; ++l) m[l] = ieee_max(m[l], xr[l]);
  }
  for (int64_t j = 0; j < len; ++j) {
    const float* xr = x + j * inner + c0;
    float* yr = y + j * inner + c0;
    for (int64_t l = 0; l < w; ++l) yr[l] = xr[l] - m[l];
    exp_f32(yr, yr, w, isa);
  }
  for (int64_t l = 0; l < w; ++l) s[l] = y[c0 + l];
  for (int64_t j = 1; j < len; ++j) {
    const float* er = y + j * inner + c0;
    for (int64_t l = 0; l < w; ++l) s[l] = s[l] + er[l];
  }
  if (log_form)
    for (int64_t l = 0; l < w; ++l) s[l] = num::spec_log(s[l]);
  for (int64_t j = 0; j < len; ++j) {
    const float* xr = x + j * inner + c0;
    float* yr = y + j * inner + c0;
    if (log_form)
      for (int64_t l = 0; l < w; ++l) yr[l] = (xr[l] - m[l]) - s[l];
    else
      for (int64_t l = 0; l < w; ++l) yr[l] = yr[l] / s[l];
  }
}

template <typename T>
void softmax_rows(KernelCtx& c, bool log_form) {
  const Isa isa = active_isa();
  const int64_t axis = normalized_axis(c);
  const auto& shape = c.input(0).shape();
  const bool contiguous = axis + 1 == static_cast<int64_t>(shape.size());
  if constexpr (std::is_same_v<T, float>) {
    if (isa != Isa::kScalar && contiguous) {
      const int64_t n = shape.back();
      const int64_t rows = n == 0 ? 0 : c.input(0).numel() / n;
      const float* x = c.input(0).data<float>();
      float* y = c.output().data<float>();
      const int64_t grain = std::max<int64_t>(8, 16384 / std::max<int64_t>(n, 1));
      tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, grain), [&](auto r) {
        softmax_block_f32(x + r.begin() * n, y + r.begin() * n, r.size(), n, log_form, isa);
      });
      return;
    }
    if (isa != Isa::kScalar && !contiguous && c.input(0).numel() > 0) {
      const auto a = static_cast<size_t>(axis);
      const int64_t outer = dims_product(shape, 0, a), len = shape[a],
                    inner = dims_product(shape, a + 1, shape.size());
      const int64_t blocks = (inner + 63) / 64;
      const float* x = c.input(0).data<float>();
      float* y = c.output().data<float>();
      tbb::parallel_for(tbb::blocked_range<int64_t>(0, outer * blocks, 1), [&](auto r) {
        for (int64_t b = r.begin(); b < r.end(); ++b) {
          const int64_t o = b / blocks, c0 = (b % blocks) * 64;
          softmax_columns_f32(x + o * len * inner, y + o * len * inner, len, inner, c0,
                              std::min<int64_t>(64, inner - c0), log_form, isa);
        }
      });
      return;
    }
  }
  softmax_rows_reference<T>(c, log_form);
}

/// The mean and scale of G consecutive rows of length n >= 1 (layer_norm with `centre`, else
/// rmsnorm): each row's sums are the reference's sequential chains, G of them interleaved so
/// that one chain's add latency overlaps the others' (the order within each row is unchanged).
template <typename T, int G>
void row_stats(const T* x, int64_t n, bool centre, T count, T eps, T* mean, T* scale) {
  T acc[G];
  for (int g = 0; g < G; ++g) mean[g] = 0;
  if (centre) {
    for (int g = 0; g < G; ++g) acc[g] = x[g * n];
    for (int64_t j = 1; j < n; ++j)
      for (int g = 0; g < G; ++g) acc[g] = acc[g] + x[g * n + j];
    for (int g = 0; g < G; ++g) mean[g] = acc[g] / count;
  }
  for (int g = 0; g < G; ++g) {
    const T d = x[g * n] - mean[g];
    acc[g] = d * d;
  }
  for (int64_t j = 1; j < n; ++j)
    for (int g = 0; g < G; ++g) {
      const T d = x[g * n + j] - mean[g];
      acc[g] = acc[g] + d * d;
    }
  for (int g = 0; g < G; ++g) scale[g] = T(1) / std::sqrt(acc[g] / count + eps);
}

/// layer_norm (centre = true) and rmsnorm (centre = false) over the trailing dims from `axis`,
/// which are contiguous: rows are x[r * n .. r * n + n).
template <typename T>
void normalize_rows(KernelCtx& c, bool centre) {
  const Tensor& xt = c.input(0);
  const int64_t axis = normalized_axis(c);
  const int64_t n = dims_product(xt.shape(), static_cast<size_t>(axis), xt.shape().size());
  const int64_t rows = dims_product(xt.shape(), 0, static_cast<size_t>(axis));
  const T* x = xt.data<T>();
  T* y = c.output().data<T>();
  const T* gamma = c.in.size() > 1 ? c.input(1).data<T>() : nullptr;
  const T* beta = c.in.size() > 2 ? c.input(2).data<T>() : nullptr;
  const T eps = static_cast<T>(c.op.attrs.get_float("epsilon", 1e-5));
  const T count = static_cast<T>(n);
  if (n == 0) return;
  const int64_t grain = std::max<int64_t>(8, 16384 / n);
  auto finish_row = [&](int64_t i, T mean, T scale) {
    const T* xr = x + i * n;
    T* yr = y + i * n;
    for (int64_t j = 0; j < n; ++j) {
      T v = (xr[j] - mean) * scale;
      if (gamma) v = v * gamma[j];
      if (beta) v = v + beta[j];
      yr[j] = v;
    }
  };
  if (active_isa() != Isa::kScalar) {
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, grain), [&](auto r) {
      constexpr int kG = 8;
      T mean[kG], scale[kG];
      int64_t i = r.begin();
      for (; i + kG <= r.end(); i += kG) {
        row_stats<T, kG>(x + i * n, n, centre, count, eps, mean, scale);
        for (int g = 0; g < kG; ++g) finish_row(i + g, mean[g], scale[g]);
      }
      for (; i < r.end(); ++i) {
        row_stats<T, 1>(x + i * n, n, centre, count, eps, mean, scale);
        finish_row(i, mean[0], scale[0]);
      }
    });
    return;
  }
  // The readable reference: one row at a time.
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, grain), [&](auto r) {
    for (int64_t i = r.begin(); i < r.end(); ++i) {
      const T* xr = x + i * n;
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
      finish_row(i, mean, T(1) / std::sqrt(sq / count + eps));
    }
  });
}

}  // namespace

// Rows through softmax_rows_f32, eight at a time.
void softmax_block_f32(const float* x, float* y, int64_t rows, int64_t n, bool log_form, Isa isa) {
  constexpr int kG = 8;
  std::vector<float> scratch(log_form ? static_cast<size_t>(kG * n) : 0);
  float* e = log_form ? scratch.data() : y;
  int64_t i = 0;
  for (; i + kG <= rows; i += kG)
    softmax_rows_f32<kG>(x + i * n, y + i * n, log_form ? e : y + i * n, n, log_form, isa);
  for (; i < rows; ++i)
    softmax_rows_f32<1>(x + i * n, y + i * n, log_form ? e : y + i * n, n, log_form, isa);
}

void kernel_scaled_softmax(KernelCtx& c) {
  // Inputs as the fused mul had them: the one-element scale first or second.
  const bool scale_first = c.input(0).numel() == 1 && c.input(1).shape() == c.output().shape();
  const Tensor& st = c.input(scale_first ? 1 : 0);
  const float scale = c.input(scale_first ? 0 : 1).data<float>()[0];
  const bool log_form = c.op.def->kind == ops::OpKind::LogSoftmax;
  const Isa isa = active_isa();
  const auto& shape = st.shape();
  const int64_t n = shape.back();
  const int64_t rows = n == 0 ? 0 : st.numel() / n;
  const float* s = st.data<float>();
  float* y = c.output().data<float>();
  const int64_t grain = std::max<int64_t>(8, 16384 / std::max<int64_t>(n, 1));
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, rows, grain), [&](auto r) {
    // The mul's result rows, where the mul rounded them: in y for softmax (then in place), in
    // a scratch block for log_softmax (which reads them after the exps).
    const int64_t count = static_cast<int64_t>(r.size());
    std::vector<float> t(log_form ? static_cast<size_t>(count * n) : 0);
    const float* sr = s + r.begin() * n;
    float* yr = y + r.begin() * n;
    float* tr = log_form ? t.data() : yr;
    if (scale_first)
      for (int64_t j = 0; j < count * n; ++j) tr[j] = scale * sr[j];
    else
      for (int64_t j = 0; j < count * n; ++j) tr[j] = sr[j] * scale;
    softmax_block_f32(tr, yr, count, n, log_form, isa);
  });
}

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
